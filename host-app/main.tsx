import { hydrateRoot } from 'react-dom/client';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { fetchTenant } from '../src/api/client';
import { pageContent } from '../src/api/page-blocks';
import { logSearches } from './accounts/search-log';
import { App, preloadPage } from './App';
import { ServerDraw } from '../src/ui/server-draw';
import { CarriedContent } from './content-data';
import { createSiteAnalytics } from './shell/analytics';
import { registerServiceWorker } from './shell/service-worker';

/** The server names the host app's tenant (TENANT) on the <html> element. */
const tenantName = document.documentElement.dataset.tenant ?? 'wellness';
const container = document.getElementById('app')!;

/**
 * The page's CSP nonce, which the server puts on the page's scripts: emotion's <style> tags carry
 * it, so the policy needs no 'unsafe-inline'. Read from the property: browsers empty the
 * attribute once the policy applies.
 */
// Before any element can search: a signed-in visitor's first search is kept for their account.
logSearches();

const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
const styles = createCache({ key: 'css', nonce });

/**
 * The server drew the page (host-app/render.tsx): the app hydrates its markup, starting from the
 * same content and once the page's code is here (on its way already: the page preloads it), so
 * it draws the same, with no 'Loading…' in between. A page the server did not draw (an empty
 * root) is drawn from scratch the same way.
 */
fetchTenant('/api', tenantName).then(
  async (tenant) => {
    await preloadPage(location.pathname, tenant);
    // Hydration in a task of its own: not after the page module's evaluation in the same one.
    await new Promise((resolve) => setTimeout(resolve));
    // Hydration draws what the server drew, unless the address names a part of the page (#faq),
    // which must be there when the app scrolls to it; the visitor's next pages draw all at once.
    const serverDraw = { current: !location.hash };
    hydrateRoot(
      container,
      <CacheProvider value={styles}>
        <CarriedContent.Provider value={pageContent(tenant.endpoints.functions, tenant.name)}>
          <ServerDraw.Provider value={serverDraw}>
            <App tenant={tenant} analytics={createSiteAnalytics(tenant, nonce)} />
          </ServerDraw.Provider>
        </CarriedContent.Provider>
      </CacheProvider>,
    );
    serverDraw.current = false;
    // The elements draw in tasks of their own, not at the end of hydration's.
    setTimeout(loadElements);
  },
  () => {
    // Built, not parsed: a style="" attribute in HTML would need 'unsafe-inline'.
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.style.padding = '2rem';
    message.style.fontFamily = 'system-ui';
    message.textContent = 'The site could not load. Please refresh the page in a moment.';
    container.replaceChildren(message);
  },
);

/**
 * The elements' loader, once the app has hydrated: the page's element tags are in its HTML, and
 * an element that drew before the app listened would announce its page, searches and analytics
 * events to no one. Its files were preloaded with the page (server/page-boot.ts), so this waits
 * for nothing on the network. The elements' style tags carry the page's nonce (widgets/define.tsx).
 */
function loadElements(): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('wellspring.nonce')] = nonce;
  const loader = '/widgets/loader.js';
  void import(/* @vite-ignore */ loader);
}

registerServiceWorker();
