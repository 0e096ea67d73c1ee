import { createRoot } from 'react-dom/client';
import { fetchTenant } from '../src/api/client';
import { App } from './App';

/** The server names the host app's tenant (TENANT) on the <html> element. */
const tenantName = document.documentElement.dataset.tenant ?? 'wellness';
const root = createRoot(document.getElementById('app')!);

fetchTenant('/api', tenantName).then(
  (tenant) => root.render(<App tenant={tenant} />),
  () => {
    document.getElementById('app')!.innerHTML =
      '<p role="alert" style="padding:2rem;font-family:system-ui">The site could not load. Please refresh the page in a moment.</p>';
  },
);
