import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { UPDATE_AVAILABLE_TEXT } from '../../src/domain/constants';
import { UPDATE_AVAILABLE_EVENT, type UpdateAvailableEvent } from './service-worker';

export const bannerStyles = css`
  .update-banner {
    position: fixed;
    left: 50%;
    bottom: 1rem;
    transform: translateX(-50%);
    display: flex;
    gap: 0.75rem;
    align-items: center;
    background: #1f2933;
    color: #fff;
    padding: 0.75rem 1rem;
    border-radius: 8px;
    box-shadow: 0 6px 20px rgb(0 0 0 / 25%);
    button {
      font: inherit;
      min-height: 44px;
      padding: 0 0.9rem;
      border-radius: 6px;
      border: 1px solid #fff;
      background: transparent;
      color: inherit;
      cursor: pointer;
    }
  }
`;

/**
 * Spec 2.4: 'A new version of the application is available!' when a new deploy's service worker
 * is installed and waiting (./service-worker.ts). Refresh clears the caches and reloads into the
 * new version; Close keeps the visitor on this one until their next visit.
 */
export function UpdateBanner() {
  const [update, setUpdate] = useState<UpdateAvailableEvent['detail'] | null>(null);
  useEffect(() => {
    const show = (event: Event) => setUpdate((event as UpdateAvailableEvent).detail);
    addEventListener(UPDATE_AVAILABLE_EVENT, show);
    return () => removeEventListener(UPDATE_AVAILABLE_EVENT, show);
  }, []);
  if (!update) return null;
  const refresh = async () => {
    if ('caches' in window) await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
    // The waiting worker takes over, then the page reloads under it.
    await update.activate();
  };
  return (
    <div className="update-banner" role="status">
      <span>{UPDATE_AVAILABLE_TEXT}</span>
      <button type="button" onClick={() => void refresh()}>
        Refresh
      </button>
      <button type="button" onClick={() => setUpdate(null)}>
        Close
      </button>
    </div>
  );
}
