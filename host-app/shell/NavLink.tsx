import type { ReactNode } from 'react';
import type { NavigationPlacement } from '../../src/analytics/data-layer';
import { SafeLink } from '../../src/ui/SafeLink';
import { useSiteAnalytics } from './ConsentBar';

/**
 * A link of the site's navigation (header, drawer, footer): its click is a navigation event of
 * spec 9. A link that leaves the site in the same tab waits for its event (spec 9's data-layer
 * callback) before the browser goes; links inside the site are routed in-page (App).
 */
export function NavLink({
  placement,
  href,
  children,
  className,
  onNavigate,
}: {
  placement: NavigationPlacement;
  href: string;
  children: ReactNode;
  className?: string;
  /** Called after the event, e.g. to close the drawer. */
  onNavigate?: () => void;
}) {
  const analytics = useSiteAnalytics();
  return (
    <SafeLink
      href={href}
      className={className}
      onClick={(event) => {
        const anchor = event.currentTarget;
        const label = anchor.textContent?.trim() ?? '';
        const leaves =
          anchor.origin !== location.origin && !anchor.target && /^https?:$/.test(anchor.protocol);
        const modified =
          event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
        if (leaves && !modified) {
          event.preventDefault();
          analytics.track({ event: 'navigation', placement, label, url: anchor.href }, () =>
            location.assign(anchor.href),
          );
        } else {
          analytics.track({ event: 'navigation', placement, label, url: anchor.href });
        }
        onNavigate?.();
      }}
    >
      {children}
    </SafeLink>
  );
}
