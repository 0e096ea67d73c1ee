import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { UPDATE_AVAILABLE_TEXT } from '../../src/domain/constants';

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
 * Spec 2.4: 'A new version of the application is available!' when a new service worker is
 * waiting. Refresh clears the caches and reloads.
 */
export function UpdateBanner() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const show = () => setVisible(true);
    addEventListener('wellspring-update-available', show);
    return () => removeEventListener('wellspring-update-available', show);
  }, []);
  if (!visible) return null;
  const refresh = async () => {
    if ('caches' in window) await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
    location.reload();
  };
  return (
    <div className="update-banner" role="status">
      <span>{UPDATE_AVAILABLE_TEXT}</span>
      <button type="button" onClick={() => void refresh()}>
        Refresh
      </button>
      <button type="button" onClick={() => setVisible(false)}>
        Close
      </button>
    </div>
  );
}
