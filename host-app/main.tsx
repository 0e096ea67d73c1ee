import { createRoot } from 'react-dom/client';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { fetchTenant } from '../src/api/client';
import { logSearches } from './accounts/search-log';
import { App } from './App';
import { createSiteAnalytics } from './shell/analytics';
import { registerServiceWorker } from './shell/service-worker';

/** The server names the host app's tenant (TENANT) on the <html> element. */
const tenantName = document.documentElement.dataset.tenant ?? 'wellness';
const root = createRoot(document.getElementById('app')!);

/**
 * The page's CSP nonce, which the server puts on the page's scripts: emotion's <style> tags carry
 * it, so the policy needs no 'unsafe-inline'. Read from the property: browsers empty the
 * attribute once the policy applies.
 */
// Before any element can search: a signed-in visitor's first search is kept for their account.
logSearches();

const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
const styles = createCache({ key: 'css', nonce });

fetchTenant('/api', tenantName).then(
  (tenant) =>
    root.render(
      <CacheProvider value={styles}>
        <App tenant={tenant} analytics={createSiteAnalytics(tenant, nonce)} />
      </CacheProvider>,
    ),
  () => {
    // Built, not parsed: a style="" attribute in HTML would need 'unsafe-inline'.
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.style.padding = '2rem';
    message.style.fontFamily = 'system-ui';
    message.textContent = 'The site could not load. Please refresh the page in a moment.';
    document.getElementById('app')!.replaceChildren(message);
  },
);

registerServiceWorker();
