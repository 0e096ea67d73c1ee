import { lazy, Suspense, useRef } from 'react';
import { parseHours } from '../../../src/domain/listing-hours';
import { socialNetworksWithInfo } from '../../../src/domain/listing-social';
import type { Listing } from '../../../src/domain/types';
import { useElement } from '../../define';
import { useListingView } from '../listing.context';
import { useNearViewport } from '../viewport';
import { SafeLink } from '../../../src/ui/SafeLink';

// Leaflet is a chunk of its own, loaded when the map section comes near the viewport.
const ListingMap = lazy(() => import('../ListingMap'));

/** Phone, website, hours, social links, the services PDF and the map. */
export function Visit({ listing }: { listing: Listing }) {
  const { tenant, asset } = useElement();
  const view = useListingView();
  const single = tenant.options.single;
  const hours = parseHours(listing.hours);
  const social = socialNetworksWithInfo(listing.socialNetworks);
  const { address1, address2, city, stateOrProvinceCode, postalCode } = listing.location;
  const mapRef = useRef<HTMLDivElement>(null);
  const showMap = useNearViewport(mapRef);
  const hasPoint = Number.isFinite(listing.location.latitude) && Number.isFinite(listing.location.longitude);
  return (
    <>
      <section aria-labelledby="visit-title" className="visit">
        <h2 id="visit-title">Visit</h2>
        <address>
          {address1}
          {address2 && (
            <>
              <br />
              {address2}
            </>
          )}
          <br />
          {[city, stateOrProvinceCode].filter(Boolean).join(', ')} {postalCode}
        </address>
        {listing.phone?.number && (
          <p>
            <a
              href={`tel:${listing.phone.number.replace(/[^\d+]/g, '')}`}
              onClick={() => view.track('call', listing.merchantId)}
            >
              {listing.phone.number}
            </a>
          </p>
        )}
        {listing.website && (
          <p>
            <SafeLink
              href={listing.website}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => view.track('website', listing.merchantId)}
            >
              Visit the website<span className="visually-hidden"> of {listing.name}</span>
            </SafeLink>
          </p>
        )}
        {listing.servicePdfUrl && (
          <p>
            <SafeLink
              href={listing.servicePdfUrl}
              resolve={asset}
              target="_blank"
              rel="noopener"
              onClick={() => view.track('download', listing.merchantId)}
            >
              Services menu (PDF)
            </SafeLink>
          </p>
        )}
      </section>
      {single.map && hasPoint && (
        <section aria-labelledby="map-title" className="map-section">
          <h2 id="map-title" className="visually-hidden">
            Map
          </h2>
          <div ref={mapRef} className="map-box">
            {showMap && (
              <Suspense fallback={null}>
                <ListingMap
                  latitude={listing.location.latitude}
                  longitude={listing.location.longitude}
                  name={listing.name}
                />
              </Suspense>
            )}
          </div>
        </section>
      )}
      {single.hours && hours.length > 0 && (
        <section aria-labelledby="hours-title">
          <h2 id="hours-title">Hours</h2>
          <table className="hours">
            <tbody>
              {hours.map((line) => (
                <tr key={`${line.day}-${line.time}`}>
                  <th scope="row">{line.day}</th>
                  <td>{line.time}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {single.socialNetworks && social.length > 0 && (
        <section aria-labelledby="social-title">
          <h2 id="social-title">Follow</h2>
          <ul className="social">
            {social.map((network) => (
              <li key={network.url}>
                <SafeLink
                  href={network.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => view.track('social', listing.merchantId)}
                >
                  {network.name}
                </SafeLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
