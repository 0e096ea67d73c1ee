/**
 * Where to spend a gift card (spec 2.9's success state): listings that accept its card type. Loaded
 * by the balance store once a balance is shown, so none of this is in the element's first use.
 */
import type { Api } from '../../src/api/client';
import { CARD_TYPE_PROGRAMS } from '../../src/domain/catalog';
import { searchToApiQuery } from '../../src/domain/filters';
import { countryLocation } from '../../src/domain/geo';
import { placeWithoutAsking } from '../visitor-position';
import type { BalanceStore } from './balance-inquiry.store';

/**
 * Listings that accept the card type: the nearest to `location` (else to the visitor's place found
 * without asking); when there is no such place or none near it, the best rated in `country`.
 */
export async function findPlaces(
  api: Api,
  cardType: string,
  location: string | undefined,
  country: string,
): Promise<Pick<BalanceStore, 'places' | 'placesNear' | 'placesCredit'>> {
  const program = CARD_TYPE_PROGRAMS[cardType as keyof typeof CARD_TYPE_PROGRAMS];
  if (!program) return { places: [], placesNear: false };
  const search = async (near: string, sort: 'distance' | 'averageScore') =>
    (
      await api.searchMerchants(
        searchToApiQuery({ size: 6, location: near, sort, filters: { includedPrograms: [program] } }),
      )
    ).items;
  // A bonus: whatever these searches answer, the balance stays in view.
  try {
    const place = location ? { location } : await placeWithoutAsking(api);
    const near = place ? await search(place.location, 'distance').catch(() => []) : [];
    if (place && near.length) return { places: near, placesNear: true, placesCredit: place.credit };
    return { places: await search(countryLocation(country), 'averageScore'), placesNear: false };
  } catch {
    return { places: [], placesNear: false };
  }
}
