// @vitest-environment happy-dom
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListingCard as ListingCardData } from '../../../src/domain/types';
import { ListingCard } from '../../../src/ui/ListingCard';

const host = document.createElement('div');
document.body.append(host);
afterEach(() => render(null, host));

const listing = {
  name: 'Serenity Day Spa',
  location: { city: 'Austin', stateOrProvinceCode: 'TX', stateOrProvince: 'Texas' },
  distance: 1.2,
  offers: [],
  totalReviews: 0,
  averageScore: 0,
} as unknown as ListingCardData;

describe('ListingCard', () => {
  it('loads its image lazily unless it is on the first screen', () => {
    render(
      <>
        <ListingCard listing={listing} href="/spa/a-1" imageSrc="/a.jpg" showReviews={false} eager />
        <ListingCard listing={listing} href="/spa/b-2" imageSrc="/b.jpg" showReviews={false} />
      </>,
      host,
    );
    const [first, second] = [...host.querySelectorAll('img')];
    expect(first!.getAttribute('loading')).toBe('eager');
    expect(second!.getAttribute('loading')).toBe('lazy');
    // Its box is reserved before the image arrives.
    expect([second!.getAttribute('width'), second!.getAttribute('height')]).toEqual(['360', '260']);
  });
});
