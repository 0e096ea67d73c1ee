/**
 * Five stars filled to the average, with the numbers for screen readers. The element showing it
 * styles .stars, .star-bar (with the --fill width) and .review-count.
 */
export function Stars({ score, reviews }: { score: number; reviews: number }) {
  const rounded = Math.round(score * 2) / 2;
  return (
    <p className="stars">
      <span className="star-bar" aria-hidden="true" style={{ '--fill': `${(rounded / 5) * 100}%` } as never}>
        ★★★★★
      </span>
      <span className="visually-hidden">
        Rated {score.toFixed(1)} out of 5 from {reviews} {reviews === 1 ? 'review' : 'reviews'}
      </span>
      <span aria-hidden="true" className="review-count">
        {score.toFixed(1)} ({reviews})
      </span>
    </p>
  );
}
