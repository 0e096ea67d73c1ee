/**
 * The markup each of the search element's ad slots hands the tenant's ad network. Ad scripts look
 * for their slots in the page's document, never inside a shadow root, so the element puts each
 * slot's markup in its own light DOM and shows it through a named <slot>.
 */
import type { AdNetwork } from '../../src/domain/ads';

/** The name of the n-th ad slot of an element: its light-DOM markup's `slot` attribute. */
export const adSlotName = (n: number): string => `ad-${n}`;

interface AdQueues {
  adsbygoogle?: object[];
  googletag?: {
    cmd: (() => void)[];
    defineSlot?(
      path: string,
      size: [number, number],
      id: string,
    ): { addService(service: unknown): unknown } | null;
    pubads?(): unknown;
    enableServices?(): void;
    display?(id: string): void;
  };
}

/**
 * Makes the light-DOM element the network fills for one slot (`width` x `height`) and queues its
 * request: AdSense's <ins class="adsbygoogle"> and a push, or an Ad Manager <div> defined and
 * displayed through googletag's command queue. The queues work before the script has loaded:
 * it reads them when it arrives. Returns the element, for its caller to place and later remove.
 */
export function createAdElement(
  network: AdNetwork,
  {
    n,
    width,
    height,
    page = window as unknown as AdQueues,
  }: { n: number; width: number; height: number; page?: AdQueues },
): HTMLElement {
  // Through the CSSOM: a page's CSP may refuse style attributes, never style properties.
  const size = (element: HTMLElement) =>
    Object.assign(element.style, { display: 'inline-block', width: `${width}px`, height: `${height}px` });
  if (network.provider === 'adsense') {
    const ins = document.createElement('ins');
    ins.className = 'adsbygoogle';
    size(ins);
    ins.dataset.adClient = network.clientId;
    if (network.slotId) ins.dataset.adSlot = network.slotId;
    ins.slot = adSlotName(n);
    (page.adsbygoogle ??= []).push({});
    return ins;
  }
  const div = document.createElement('div');
  div.id = `wellspring-${adSlotName(n)}-${Math.random().toString(36).slice(2, 8)}`;
  size(div);
  div.slot = adSlotName(n);
  const googletag = (page.googletag ??= { cmd: [] });
  googletag.cmd.push(() => {
    const slot = googletag.defineSlot?.(network.slotId ?? network.clientId, [width, height], div.id);
    slot?.addService(googletag.pubads?.());
    googletag.enableServices?.();
    googletag.display?.(div.id);
  });
  return div;
}
