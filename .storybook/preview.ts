import type { Preview } from '@storybook/web-components-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { action } from 'storybook/actions';
import { EVENT_NAMES, TENANTS } from '../gallery/elements';

// The elements as partners get them: the built loader, from the server that serves the gallery.
// Added here rather than in preview-head.html so that Vite does not try to bundle it.
const loader = document.createElement('script');
loader.type = 'module';
loader.src = '/widgets/loader.js';
document.head.append(loader);

// Every wellspring-* event, logged once in the Actions panel: one listener per event name on the
// document, where every element's events arrive (they bubble and are composed). The gallery
// cancels the cancelable ones (the *-select events) so that a click keeps QA on the story, as a
// page that routes in place does.
for (const name of EVENT_NAMES) {
  document.addEventListener(name, (event) => {
    if (event.cancelable) event.preventDefault();
    action(name)((event as CustomEvent).detail);
  });
}

const preview: Preview = {
  loaders: [
    // Mock Service Worker, for the states the real API cannot produce on demand (slow, failing).
    // Stories add handlers in beforeEach; other requests go to the real API.
    mswLoader(async () => {
      const worker = setupWorker();
      await worker.start({
        onUnhandledRequest: 'bypass',
        quiet: true,
        serviceWorker: { url: './mockServiceWorker.js' },
      });
      return worker;
    }),
  ],
  globalTypes: {
    tenant: {
      description: 'The tenant every story shows (overrides the story’s own)',
      toolbar: {
        title: 'Tenant',
        icon: 'globe',
        items: [
          { value: '', title: 'The story’s tenant' },
          ...TENANTS.map((name) => ({ value: name, title: name })),
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { tenant: '' },
  parameters: {
    layout: 'padded',
    controls: { expanded: true, sort: 'none' },
    viewport: {
      options: {
        phone: { name: 'Phone', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        tablet: { name: 'Tablet', styles: { width: '820px', height: '1180px' }, type: 'tablet' },
        desktop: { name: 'Desktop', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
    // The accessibility panel on every story: axe, inside the elements' open shadow roots.
    a11y: { test: 'error' },
  },
};

export default preview;
