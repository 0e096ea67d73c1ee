/**
 * The one way an element is made: r2wc + an open shadow root + an emotion cache inside it +
 * the tenant + a wellspring-* event emitter. Each feature folder calls `defineElement` once.
 */
import {
  Component,
  createContext,
  createElement,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import r2wc, { type R2WCBaseProps, type R2WCRenderer } from '@r2wc/core';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import createCache from '@emotion/cache';
import { createApi, fetchTenant, type Api } from '../src/api/client';
import { pageTenant } from '../src/api/page-blocks';
import { takePageAnswer, type CarriedAnswer } from '../src/api/page-answer';
import type { TenantConfig } from '../src/tenant/types';
import { cssVarsToDeclarations, themeToCssVars } from '../src/tenant/theme';
import { resizeImageUrl } from '../src/domain/images';
import { pushToDataLayer, type AnalyticsEvent } from '../src/analytics/data-layer';
import type { WellspringEventMap } from './elements';
import { baseProps } from './element-props';
import { css } from '../src/ui/css';
import { adoptDrawnRules, DRAWN_RULES, StyleCacheContext, useShadowStyles } from './styles';
import { inlineDrawnStyles } from '../src/ui/drawn-styles';
import { ServerDraw } from '../src/ui/server-draw';
import type { COMMON } from './common.declaration';
import type { PropsOf } from './declare';
import { ELEMENT_ROOM } from '../src/ui/element-room';
import { elementApiBase, takeEarlyTenant } from './early-tenant';

/** Attributes every element takes (widgets/common.declaration.ts). */
export type BaseAttributes = PropsOf<typeof COMMON>;

type AttributeType = 'string' | 'number' | 'boolean';

export interface ElementContextValue {
  tenant: TenantConfig;
  api: Api;
  /** The functions endpoint the element calls, without a trailing slash. */
  apiBase: string;
  /** Base of the hosted site, without a trailing slash. */
  site: string;
  /**
   * A URL as the API and the tenant settings give it ('/media/spa-1.svg', '/api/tiles/…') made
   * absolute against the API's origin, where those files live; absolute URLs stay as they are.
   */
  asset(url: string): string;
  /** An image through the tenant's image resizer (spec 9: 360x260 unless asked otherwise). */
  imageUrl(url: string, size?: { width: number; height: number }): string;
  /** Dispatches `wellspring-<name>` from the host element; bubbles out of the shadow root. */
  emit<K extends keyof WellspringEventMap>(name: K, detail: WellspringEventMap[K]): boolean;
  /**
   * An analytics event of spec 9's catalogue: always announced as `wellspring-analytics` (the
   * hosted site pushes those after consent); pushed to the page's `window.dataLayer` only when
   * the page asks with the `data-layer` attribute and the tenant has analytics on. `callback`
   * runs once the event is delivered (see pushToDataLayer), or at once when it is not pushed.
   */
  track(event: AnalyticsEvent, callback?: () => void): void;
  /**
   * The answer this page carries to the element's API call ('merchants/42'), taken once: a
   * hosted listing or offer page draws without asking (src/api/page-answer.ts).
   */
  carried: CarriedAnswer;
  /** The element itself, for measuring and observing. */
  host: HTMLElement;
}

/**
 * Whether the page lets the element push to its data layer: `<wellspring-search data-layer>`.
 * Read when an event happens, so a page may add the attribute after its own consent check.
 */
export function dataLayerOptIn(host: Element): boolean {
  const value = host.getAttribute('data-layer');
  return value !== null && value !== 'off' && value !== 'false';
}

export const ElementContext = createContext<ElementContextValue | null>(null);

export function useElement(): ElementContextValue {
  const value = useContext(ElementContext);
  if (!value) throw new Error('useElement() outside an element');
  return value;
}

/** Where the loader and the element chunks were served from. */
const ownOrigin = new URL(import.meta.url).origin;

/**
 * The CSP nonce for the element's <style> tags, so a partner page whose policy has no
 * 'unsafe-inline' styles still shows it styled: the element's own `nonce` attribute, else the
 * nonce of the loader's script tag (widgets/loader.ts keeps it), else that of a script loading
 * the loader. The property, not the attribute: browsers empty the attribute under a policy.
 */
export function styleNonce(host: HTMLElement): string | undefined {
  const loader = document.querySelector<HTMLScriptElement>('script[src*="/widgets/loader.js"][nonce]');
  return (
    host.nonce ||
    host.getAttribute('nonce') ||
    ((globalThis as Record<symbol, unknown>)[Symbol.for('wellspring.nonce')] as string | undefined) ||
    loader?.nonce ||
    loader?.getAttribute('nonce') ||
    undefined
  );
}

const tenantCache = new Map<string, Promise<TenantConfig>>();
const knownTenants = new Map<string, TenantConfig>();

/** Tenant settings are shared by every element on the page: one request per api and tenant. */
function loadTenant(api: string, name: string): Promise<TenantConfig> {
  const key = `${api}|${name}`;
  let pending = tenantCache.get(key);
  if (!pending) {
    // The loader may have asked already (widgets/early-tenant.ts); if that failed, ask again our
    // own way, whose error (ApiError, with the API's text) the element reports.
    const early = takeEarlyTenant(api, name) as Promise<TenantConfig> | undefined;
    pending = early ? early.catch(() => fetchTenant(api, name)) : fetchTenant(api, name);
    pending.then(
      (config) => knownTenants.set(key, config),
      // A failed load may succeed on retry; do not keep the failure.
      () => tenantCache.delete(key),
    );
    tenantCache.set(key, pending);
  }
  return pending;
}

/**
 * The tenant's settings when they are at hand without waiting: loaded for another element, or
 * carried by the page. An element drawn on the server then draws its content in its first draw,
 * where waiting a frame would show 'Loading…' over what the server drew.
 */
function knownTenant(api: string, name: string): TenantConfig | undefined {
  const key = `${api}|${name}`;
  let config = knownTenants.get(key);
  if (!config) {
    config = pageTenant(api, name);
    if (config) knownTenants.set(key, config);
  }
  return config;
}

const PROPS = Symbol.for('r2wc.props');
/** The <style> kept from the first screen the server drew, on the element (attachShadow). */
const DRAWN = Symbol('drawn rules');
/** On the element while its root holds the server's first screen, until a draw hydrated it. */
const SERVED = Symbol('first screen to hydrate');
type ElementHost = HTMLElement & { [DRAWN]?: HTMLStyleElement | null; [SERVED]?: boolean };
const RENDER = Symbol.for('r2wc.render');
const CONNECTED = Symbol.for('r2wc.connected');
const camelCase = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

type Drawn = { root: Root; Feature: ComponentType<R2WCBaseProps> };

/**
 * How r2wc draws an element: as @r2wc/react-to-web-component does, but a root that holds the
 * first screen the server drew (attachShadow) is hydrated: its nodes are kept and its parts
 * draw onto them, where drawing anew built them all again (a search page's results: 200-250 ms
 * of a phone's main thread at 4x CPU, the images decoded again).
 */
const RENDERER: R2WCRenderer<R2WCBaseProps, Drawn> = {
  mount(container, Feature, props) {
    const element = createElement(Feature, props);
    // Every element has a shadow root: r2wc's container is that root.
    const host = (container as Node as ShadowRoot).host as ElementHost;
    if (host[SERVED]) return { root: hydrateRoot(container, element), Feature };
    const root = createRoot(container);
    root.render(element);
    return { root, Feature };
  },
  update: ({ root, Feature }, props) => root.render(createElement(Feature, props)),
  unmount: ({ root }) => root.unmount(),
};

/**
 * Defines `tag` once. A second call is a no-op (the loader and a host app may both load a
 * chunk), so a page never throws "already defined".
 */
export function defineElement<P extends object>(
  tag: `wellspring-${string}`,
  Feature: ComponentType<P>,
  attributes: { [K in keyof P]-?: AttributeType },
): void {
  if (customElements.get(tag)) return;

  function Shell(props: P & BaseAttributes & { container?: ShadowRoot }) {
    const { container, tenant = 'wellness', api, site } = props;
    const shadowRoot = container as ShadowRoot;
    const host = shadowRoot.host as ElementHost;
    const apiBase = elementApiBase(api, ownOrigin);
    const siteBase = (site || ownOrigin).replace(/\/$/, '');
    // One style cache per element instance, inside its shadow root. `speedy: false` keeps rules
    // that were inserted before the element was attached to the document.
    const cache = useMemo(() => {
      const created = createCache({
        key: 'ws',
        container: shadowRoot,
        speedy: false,
        nonce: styleNonce(host),
      });
      adoptDrawnRules(created, host[DRAWN]);
      return created;
    }, [shadowRoot, host]);
    // The first draw hydrates the first screen the server drew, if any (RENDERER): its parts draw
    // what the server did (ServerDraw: every result, CMS HTML kept until checked after the paint).
    const [serverDraw] = useState(() => ({ current: host[SERVED] === true }));
    // After that first draw, before the first paint: the server's rules go back into the root
    // (hydration kept its nodes, not that <style>: attachShadow), and the styles the server wrote
    // as rules of their own become the nodes' own, which the element's code changes from now on.
    useLayoutEffect(() => {
      const drawn = host[DRAWN];
      if (drawn) shadowRoot.prepend(drawn);
      if (serverDraw.current && drawn) inlineDrawnStyles(shadowRoot, drawn.sheet);
      // A later mount (the element moved in the page) draws anew.
      serverDraw.current = host[SERVED] = false;
    }, [shadowRoot, host, serverDraw]);
    const [state, setState] = useState<{ config?: TenantConfig; error?: string }>(() => ({
      config: knownTenant(apiBase, tenant),
    }));
    const [attempt, setAttempt] = useState(0);

    useEffect(() => {
      const known = knownTenant(apiBase, tenant);
      if (known) {
        setState((current) => (current.config === known ? current : { config: known }));
        return;
      }
      let live = true;
      setState({});
      loadTenant(apiBase, tenant).then(
        (config) => live && setState({ config }),
        () => live && setState({ error: 'This content could not be loaded right now.' }),
      );
      return () => {
        live = false;
      };
    }, [apiBase, tenant, attempt]);

    const { config } = state;
    const value = useMemo(
      () =>
        config
          ? elementContextValue(config, {
              api,
              apiBase,
              site: siteBase,
              apiOrigin: new URL(apiBase, location.href).origin,
              host,
              carried: (call) => takePageAnswer(apiBase, config.helperInfo, call),
            })
          : null,
      [config, api, apiBase, siteBase, host],
    );

    return (
      <ServerDraw.Provider value={serverDraw}>
        <StyleCacheContext.Provider value={cache}>
          <HostStyles config={config} />
          {value ? (
            <ElementContext.Provider value={value}>
              <ErrorBoundary>
                <Feature {...props} />
              </ErrorBoundary>
            </ElementContext.Provider>
          ) : state.error ? (
            <Problem message={state.error} onRetry={() => setAttempt((n) => n + 1)} />
          ) : (
            <div
              className="ws-loading"
              role="status"
              aria-live="polite"
              style={{ minHeight: `${ELEMENT_ROOM[tag]}px` }}
            >
              Loading…
            </div>
          )}
        </StyleCacheContext.Provider>
      </ServerDraw.Provider>
    );
  }

  const Base = r2wc(
    Shell as ComponentType<R2WCBaseProps>,
    { shadow: 'open', props: { ...baseProps, ...attributes } as never },
    RENDERER,
  ) as unknown as { new (): HTMLElement & Record<symbol, unknown> } & { observedAttributes: string[] };
  const observed = new Set([...Base.observedAttributes]);
  // Boolean attributes follow HTML: present (even empty, `<… sync-url>`) is true.
  const booleans = new Set(
    Object.entries(attributes)
      .filter(([, type]) => type === 'boolean')
      .map(([prop]) => prop.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()),
  );

  class WellspringElement extends Base {
    /**
     * r2wc attaches the shadow root. A first screen the server drew (a declarative root,
     * first-screen.tsx) is taken over as it is, for the first draw to hydrate (attaching would
     * empty it): its <style> of compiled rules is set aside until that draw is done (Shell).
     */
    override attachShadow(init: ShadowRootInit): ShadowRoot {
      const drawn = this.shadowRoot?.querySelector<HTMLStyleElement>(`style[${DRAWN_RULES}]`);
      const host = this as ElementHost;
      host[DRAWN] = drawn;
      if (!drawn) return super.attachShadow(init);
      drawn.remove();
      host[SERVED] = true;
      return this.shadowRoot!;
    }

    constructor() {
      super();
      // r2wc renders as soon as an attribute is set, even before the element is in the page:
      // a script that sets `tenant` and then `api` would load the tenant from the wrong place.
      // Wait for connectedCallback, when every attribute set so far is known.
      this[CONNECTED] = false;
    }

    // r2wc keeps the old value when an attribute is removed or emptied; removing one must restore
    // the element's default, as it does for built-in elements.
    attributeChangedCallback(name: string, previous: string | null, value: string | null) {
      if (value === '' && booleans.has(name)) {
        (this[PROPS] as Record<string, unknown>)[camelCase(name)] = true;
        (this[RENDER] as () => void)();
        return;
      }
      if (observed.has(name) && (value === null || value === '')) {
        delete (this[PROPS] as Record<string, unknown>)[camelCase(name)];
        (this[RENDER] as () => void)();
        return;
      }
      (
        Base.prototype as unknown as { attributeChangedCallback: (...args: unknown[]) => void }
      ).attributeChangedCallback.call(this, name, previous, value);
    }
  }
  customElements.define(tag, WellspringElement);
}

/**
 * What an element's parts reach through useElement(), for its tenant's settings `config`:
 * `api` is the element's own attribute (a partner's proxy), `apiBase` the API it was loaded
 * from, `apiOrigin` the origin of the files it names ('/media/…': '' keeps such URLs relative to
 * the page). The browser's elements and their
 * first screens drawn on the server (widgets/first-screen.tsx) build it the same way.
 */
export function elementContextValue(
  config: TenantConfig,
  options: {
    api: string | undefined;
    apiBase: string;
    site: string;
    apiOrigin: string;
    host: HTMLElement;
    carried: CarriedAnswer;
  },
): ElementContextValue {
  const { api, apiBase, apiOrigin, host } = options;
  const asset = (url: string) =>
    !url || /^([a-z][a-z0-9+.-]*:|\/\/)/i.test(url)
      ? url
      : `${apiOrigin}${url.startsWith('/') ? '' : '/'}${url}`;
  const track: ElementContextValue['track'] = (event, callback) => {
    const entry = { ...event, tenant: config.name };
    host.dispatchEvent(
      new CustomEvent('wellspring-analytics', { detail: entry, bubbles: true, composed: true }),
    );
    if (config.analytics && dataLayerOptIn(host)) pushToDataLayer(entry, callback);
    else callback?.();
  };
  const resizer = asset(config.endpoints.imageResizer);
  // Calls go to the tenant's functions endpoint (spec 7); a partner's own `api` (their proxy) wins.
  const functions = api ? apiBase : asset(config.endpoints.functions).replace(/\/$/, '');
  return {
    tenant: config,
    api: createApi({
      base: functions,
      publisherId: config.helperInfo.publisherId,
      includedPrograms: config.helperInfo.includedPrograms,
      onMerchantsFailure: ({ url, status }) =>
        track({ event: 'listing_error', kind: 'request_failed', status, url }),
    }),
    apiBase: functions,
    site: options.site,
    asset,
    imageUrl: (url, size) => asset(resizeImageUrl(url, resizer, size)),
    host,
    track,
    carried: options.carried,
    emit: (name, detail) =>
      host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true })),
  };
}

/** The theme as CSS variables on the host, and the base rules every element shares. */
export function HostStyles({ config }: { config: TenantConfig | undefined }) {
  const vars = config ? themeToCssVars(config.theme) : {};
  useShadowStyles(css`
    :host {
      display: block;
      box-sizing: border-box;
      font-family: var(--ws-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
      color: var(--ws-text, #1f2933);
      line-height: 1.45;
      ${cssVarsToDeclarations(vars)}
    }
    *,
    *::before,
    *::after {
      box-sizing: inherit;
    }
    .ws-loading {
      min-height: 8rem;
      display: grid;
      place-items: center;
      color: #52606d;
    }
    .ws-problem {
      padding: 1rem;
      border: 1px solid #e4e7eb;
      border-radius: 8px;
      background: #fafbfc;
    }
    .ws-problem button {
      margin-top: 0.5rem;
      font: inherit;
      padding: 0.4rem 0.9rem;
      border-radius: 6px;
      border: 1px solid currentColor;
      background: transparent;
      cursor: pointer;
    }
  `);
  return null;
}

/** A helpful state instead of a blank box. */
export function Problem({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="ws-problem" role="alert" part="problem">
      <p>{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** A rendering error shows a message instead of breaking the partner's page. */
class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[wellspring] element failed to render', error);
  }
  override render() {
    return this.state.failed ? (
      <Problem
        message="Something went wrong showing this content."
        onRetry={() => this.setState({ failed: false })}
      />
    ) : (
      this.props.children
    );
  }
}
