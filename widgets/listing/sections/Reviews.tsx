import type { Listing } from '../../../src/domain/types';
import { Stars } from '../../../src/ui/Stars';

/** The rating summary: the data carries scores and counts, not review texts. */
export function Reviews({ listing }: { listing: Listing }) {
  return (
    <section id="reviews" tabIndex={-1} aria-labelledby="reviews-title">
      <h2 id="reviews-title">Reviews</h2>
      {listing.totalReviews > 0 ? (
        <Stars score={listing.averageScore} reviews={listing.totalReviews} />
      ) : (
        <p>No reviews yet.</p>
      )}
    </section>
  );
}
