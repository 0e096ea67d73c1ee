/**
 * Makes happy-dom a sound place to test DOMPurify, by replacing two of its DOM features that do
 * not follow the DOM standard with ones that do. Production sanitises in real browsers, where
 * both already work; without this, DOMPurify under happy-dom stops after the first node it
 * removes and passes the rest through (a test could then "prove" a broken sanitiser safe, or fail
 * a correct one).
 *
 * 1. `Node.prototype.nodeName` answers '' for every node (subclasses override it). DOMPurify reads
 *    node names through that prototype getter (since 3.4.8), so every element looks disallowed.
 *    See https://github.com/cure53/DOMPurify/issues/1457.
 * 2. `NodeIterator` ends the walk when its current node is removed, instead of running the
 *    standard's pre-removing steps. DOMPurify removes nodes mid-walk. See
 *    https://github.com/capricorn86/happy-dom/issues/2310.
 *
 * Each fix is installed only when the bug shows, so a happy-dom that fixes it makes this a no-op.
 * Call before the first sanitisation (DOMPurify reads the prototypes when an instance is made).
 */

const SHOW_ALL = 0xffffffff;

/** The standard's nodeName, by node type. */
function specNodeName(node: Node): string {
  switch (node.nodeType) {
    case Node.ELEMENT_NODE:
      return (node as Element).tagName;
    case Node.TEXT_NODE:
      return '#text';
    case Node.CDATA_SECTION_NODE:
      return '#cdata-section';
    case Node.PROCESSING_INSTRUCTION_NODE:
      return (node as ProcessingInstruction).target;
    case Node.COMMENT_NODE:
      return '#comment';
    case Node.DOCUMENT_NODE:
      return '#document';
    case Node.DOCUMENT_TYPE_NODE:
      return (node as DocumentType).name;
    case Node.DOCUMENT_FRAGMENT_NODE:
      return '#document-fragment';
    default:
      return '';
  }
}

function nodeNameIsBroken(): boolean {
  const getter = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName')?.get;
  return getter !== undefined && getter.call(document.createElement('p')) !== 'P';
}

function nodeIteratorIsBroken(): boolean {
  const root = document.createElement('div');
  root.innerHTML = '<a></a><b></b>';
  const iterator = document.createNodeIterator(root, NodeFilter.SHOW_ELEMENT);
  iterator.nextNode(); // the root
  (iterator.nextNode() as Element).remove(); // <a>
  return iterator.nextNode()?.nodeName !== 'B';
}

/** The node after `node` in tree order, within `root`. */
function following(node: Node, root: Node, skipChildren = false): Node | null {
  if (!skipChildren && node.firstChild) return node.firstChild;
  for (let current: Node | null = node; current && current !== root; current = current.parentNode) {
    if (current.nextSibling) return current.nextSibling;
  }
  return null;
}

/** The node before `node` in tree order, within `root`. */
function preceding(node: Node, root: Node): Node | null {
  if (node === root) return null;
  let previous = node.previousSibling;
  if (!previous) return node.parentNode;
  while (previous.lastChild) previous = previous.lastChild;
  return previous;
}

/** DOM standard 6.1 'Interface NodeIterator', with its pre-removing steps. */
class SpecNodeIterator {
  referenceNode: Node;
  pointerBeforeReferenceNode = true;

  constructor(
    readonly root: Node,
    readonly whatToShow: number,
    readonly filter: NodeFilter | null,
  ) {
    this.referenceNode = root;
  }

  nextNode(): Node | null {
    return this.traverse(true);
  }

  previousNode(): Node | null {
    return this.traverse(false);
  }

  detach(): void {}

  /** Called before `removed` leaves its parent. */
  preRemove(removed: Node): void {
    if (removed === this.root || !removed.contains(this.referenceNode) || !this.root.contains(removed))
      return;
    if (this.pointerBeforeReferenceNode) {
      const next = following(removed, this.root, true);
      if (next) {
        this.referenceNode = next;
        return;
      }
      this.pointerBeforeReferenceNode = false;
    }
    this.referenceNode = preceding(removed, this.root) ?? this.root;
  }

  private traverse(forward: boolean): Node | null {
    let node: Node | null = this.referenceNode;
    let before = this.pointerBeforeReferenceNode;
    for (;;) {
      if (forward) {
        if (!before) node = following(node, this.root);
        else before = false;
      } else if (before) node = preceding(node, this.root);
      else before = true;
      if (!node) return null;
      if (this.accepts(node)) break;
    }
    this.referenceNode = node;
    this.pointerBeforeReferenceNode = before;
    return node;
  }

  private accepts(node: Node): boolean {
    if (!(this.whatToShow & (1 << (node.nodeType - 1)))) return false;
    if (!this.filter) return true;
    const verdict = typeof this.filter === 'function' ? this.filter(node) : this.filter.acceptNode(node);
    return verdict === NodeFilter.FILTER_ACCEPT;
  }
}

function installSpecNodeIterator(): void {
  const live = new Set<WeakRef<SpecNodeIterator>>();
  const preRemove = (node: Node) => {
    for (const ref of live) {
      const iterator = ref.deref();
      if (iterator) iterator.preRemove(node);
      else live.delete(ref);
    }
  };

  // happy-dom's globals (Document, Node) are not always the classes its nodes are made from, so
  // patch the prototypes the live objects actually inherit from.
  ownerOf(document, 'createNodeIterator').createNodeIterator = function (
    root: Node,
    whatToShow = SHOW_ALL,
    filter: NodeFilter | null = null,
  ) {
    const iterator = new SpecNodeIterator(root, whatToShow >>> 0, filter);
    live.add(new WeakRef(iterator));
    return iterator as unknown as NodeIterator;
  } as Document['createNodeIterator'];

  // Every way a node leaves its parent runs the pre-removing steps first.
  const element = document.createElement('p');
  const proto = ownerOf(element, 'removeChild');
  const { removeChild, replaceChild, insertBefore, appendChild } = proto;
  proto.removeChild = function <T extends Node>(this: Node, child: T): T {
    preRemove(child);
    return removeChild.call(this, child) as T;
  };
  proto.replaceChild = function <T extends Node>(this: Node, node: Node, child: T): T {
    preRemove(child);
    if (node.parentNode) preRemove(node);
    return replaceChild.call(this, node, child) as T;
  };
  proto.insertBefore = function <T extends Node>(this: Node, node: T, child: Node | null): T {
    if (node.parentNode) preRemove(node);
    return insertBefore.call(this, node, child) as T;
  };
  proto.appendChild = function <T extends Node>(this: Node, node: T): T {
    if (node.parentNode) preRemove(node);
    return appendChild.call(this, node) as T;
  };
  for (const owner of new Set([ownerOf(element, 'remove'), ownerOf(document.createTextNode(''), 'remove')])) {
    const remove = owner.remove as () => void;
    Object.defineProperty(owner, 'remove', {
      configurable: true,
      writable: true,
      value(this: ChildNode) {
        if (this.parentNode) preRemove(this);
        remove.call(this);
      },
    });
  }
}

/** The object in `instance`'s prototype chain that holds `key` itself. */
function ownerOf<T extends object, K extends keyof T>(instance: T, key: K): T {
  for (let proto: object | null = instance; proto; proto = Object.getPrototypeOf(proto) as object | null) {
    if (Object.prototype.hasOwnProperty.call(proto, key)) return proto as T;
  }
  throw new Error(`No ${String(key)} in the prototype chain`);
}

let installed = false;

/** Installs the fixes this happy-dom needs (see above); safe to call more than once. */
export function makeHappyDomSoundForDomPurify(): void {
  if (installed) return;
  installed = true;
  if (nodeNameIsBroken()) {
    // DOMPurify reads window.Node.prototype; the nodes may inherit from another Node class.
    for (const proto of new Set([Node.prototype, ownerOf(document.createElement('p'), 'removeChild')])) {
      Object.defineProperty(proto, 'nodeName', {
        configurable: true,
        get(this: Node) {
          return specNodeName(this);
        },
      });
    }
  }
  if (nodeIteratorIsBroken()) installSpecNodeIterator();
}
