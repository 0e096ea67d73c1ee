import type { Listing } from '../../../src/domain/types';
import { paragraphs } from '../parts';

/** The business in its own words. */
export function About({ listing }: { listing: Listing }) {
  return (
    <section id="about-us" tabIndex={-1} aria-labelledby="about-title">
      <h2 id="about-title">About {listing.name}</h2>
      {paragraphs(listing.businessDescription)}
    </section>
  );
}
