import { useEffect, useRef, useState } from 'react';
import type { TenantConfig } from '../../src/tenant/types';

/**
 * The home page map of the tenants whose search has a map (spec 1: 'Other tenants show a map'):
 * the search element opened on its map view. It is created only when the visitor scrolls near it,
 * so the home page does not load the search and Leaflet up front; the room it will take is kept
 * from the start, so nothing shifts when it arrives.
 */
export function HomeMap({ tenant }: { tenant: TenantConfig }) {
  const box = useRef<HTMLElement | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), {
      rootMargin: '300px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <section ref={box} className="home-map" aria-labelledby="home-map-heading">
      <h2 id="home-map-heading">Explore on the map</h2>
      {near && <wellspring-search tenant={tenant.name} map layout="list" />}
    </section>
  );
}
