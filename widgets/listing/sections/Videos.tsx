import { useState } from 'react';
import { listingVideoEmbeds } from '../../../src/domain/listing-media';
import type { Listing } from '../../../src/domain/types';
import { useListingView } from '../listing.context';

/**
 * YouTube and Vimeo videos (spec 5). The player loads when the visitor asks for it: an iframe
 * per video would fetch a third-party player on every page view.
 */
export function Videos({ listing }: { listing: Listing }) {
  const view = useListingView();
  const embeds = listingVideoEmbeds(listing.videos);
  const [playing, setPlaying] = useState<string | null>(null);
  if (!embeds.length) return null;
  return (
    <section aria-labelledby="videos-title">
      <h2 id="videos-title">Videos</h2>
      <ul className="videos">
        {embeds.map((embed, index) => (
          <li key={embed}>
            {playing === embed ? (
              <iframe
                src={embed}
                title={`Video ${index + 1} of ${listing.name}`}
                allow="encrypted-media; picture-in-picture; fullscreen"
                loading="lazy"
              />
            ) : (
              <button
                type="button"
                className="video-facade"
                onClick={() => {
                  setPlaying(embed);
                  view.track('video', listing.merchantId);
                }}
              >
                ▶ Play video {index + 1}
                <span className="visually-hidden"> of {listing.name}</span>
                <span className="video-host">{embed.includes('vimeo') ? 'Vimeo' : 'YouTube'}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
