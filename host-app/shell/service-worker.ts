/// <reference types="vite-plugin-pwa/client" />

/** The event the update banner waits for (spec 2.4); `activate` swaps in the waiting version and reloads. */
export const UPDATE_AVAILABLE_EVENT = 'wellspring-update-available';
export type UpdateAvailableEvent = CustomEvent<{ activate(): Promise<void> }>;

/** How often an open page asks whether a new version was deployed (browsers check on navigations only). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Registers the service worker at /service-worker.js (spec 9) once the page has loaded, so it
 * never competes with the page's own requests; its small runtime (workbox-window) is a chunk of
 * its own. When a new deploy's worker is installed and waiting, the update banner is told.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = async () => {
    const { registerSW } = await import('virtual:pwa-register');
    const activate = registerSW({
      onNeedRefresh: () =>
        dispatchEvent(
          new CustomEvent(UPDATE_AVAILABLE_EVENT, { detail: { activate: () => activate(true) } }),
        ),
      onRegisteredSW: (_url, registration) => {
        if (!registration) return;
        const check = () => void registration.update().catch(() => undefined);
        setInterval(check, UPDATE_CHECK_INTERVAL_MS);
        // A phone brings an old tab back to the front: check then too.
        document.addEventListener(
          'visibilitychange',
          () => document.visibilityState === 'visible' && check(),
        );
      },
    });
  };
  if (document.readyState === 'complete') void register();
  else addEventListener('load', () => void register(), { once: true });
}
