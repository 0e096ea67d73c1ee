import { describe, expect, it, vi } from 'vitest';
import { ApiError, type Api } from '../../../../src/api/client';
import { PROGRAMS } from '../../../../src/domain/catalog';
import { queryToSearch } from '../../../../src/domain/filters';
import type { GiftCardBalance } from '../../../../src/domain/gift-card';
import { builtInTenants } from '../../../../src/tenant';
import { createBalanceStore, FAIL_TEXTS } from '../../../../widgets/balance-inquiry/balance-inquiry.store';
import type { IpLookupAnswer } from '../../../../widgets/visitor-position';

// The bot check has its own tests; here every request gets a token.
vi.mock('../../../../src/api/bot-check', () => ({ botToken: async () => 'token' }));

const balance: GiftCardBalance = {
  last4: '1823',
  cardType: 'SPA_GIFT_CARD',
  status: 'ACTIVE',
  balance: 42.5,
  currency: 'USD',
  transactions: [],
};

/** A listing card as the places list reads it. */
const card = (name: string) => ({
  merchantId: name.length,
  name,
  location: { normalizedLocation: 'Austin, TX' },
});

/**
 * The API the store calls. `geo`: the IP lookup's answer (the server's country centre unless
 * told); `near`: what a search by distance finds (nothing unless told).
 */
function fakeApi(
  giftCardBalance: Api['giftCardBalance'],
  {
    geo = { normalizeLocation: 'United States', source: 'country' } as Partial<IpLookupAnswer>,
    near = [] as unknown[],
  } = {},
) {
  return {
    giftCardBalance: vi.fn(giftCardBalance),
    geo: vi.fn(async () => geo),
    searchMerchants: vi.fn(async (query: string) => ({
      items: new URLSearchParams(query).get('sort') === 'distance' ? near : [card('Best Rated Spa')],
    })),
  } as unknown as Api & {
    giftCardBalance: ReturnType<typeof vi.fn>;
    geo: ReturnType<typeof vi.fn>;
    searchMerchants: ReturnType<typeof vi.fn>;
  };
}

describe('balance inquiry store (spec 2.9)', () => {
  it('shows the balance, then asks for nearby places that take the card through the search codec', async () => {
    const api = fakeApi(async () => balance);
    const store = createBalanceStore(api, builtInTenants.spa, () => 'Austin, TX');
    await expect(store.getState().check('6036110047001823', '1234')).resolves.toBe(true);
    expect(store.getState()).toMatchObject({ state: 'success', balance, error: '' });
    expect(api.giftCardBalance).toHaveBeenCalledWith({
      cardNumber: '6036110047001823',
      pin: '1234',
      botToken: 'token',
    });
    await vi.waitFor(() => expect(api.searchMerchants).toHaveBeenCalled());
    const query = String(api.searchMerchants.mock.calls[0]?.[0]);
    expect(queryToSearch(query)).toMatchObject({
      location: 'Austin, TX',
      sort: 'distance',
      filters: { includedPrograms: [PROGRAMS.spa] },
    });
    expect(new URLSearchParams(query).get('size')).toBe('6');
  });

  it("names the places near the element's location, nearest first", async () => {
    const api = fakeApi(async () => balance, { near: [card('Nearby Spa')] });
    const store = createBalanceStore(api, builtInTenants.spa, () => 'Austin, TX');
    await store.getState().check('6036110047001823', '1234');
    await vi.waitFor(() => expect(store.getState().places).toHaveLength(1));
    expect(store.getState()).toMatchObject({ placesNear: true, places: [{ name: 'Nearby Spa' }] });
    expect(store.getState().placesCredit).toBeUndefined();
    expect(api.geo).not.toHaveBeenCalled();
  });

  it("without a location, searches near the visitor's city by IP address, with the database's credit", async () => {
    const credit = { text: 'IP Geolocation by DB-IP', link: 'https://db-ip.com' };
    const api = fakeApi(async () => balance, {
      geo: { normalizeLocation: 'Montréal, QC', source: 'ip', attribution: credit },
      near: [card('Spa Rivière')],
    });
    const store = createBalanceStore(api, builtInTenants.spa, () => undefined);
    await store.getState().check('6036110047001823', '1234');
    await vi.waitFor(() => expect(store.getState().places).toHaveLength(1));
    const search = queryToSearch(String(api.searchMerchants.mock.calls[0]?.[0]));
    expect(search).toMatchObject({ location: 'Montréal, QC', sort: 'distance' });
    expect(store.getState()).toMatchObject({ placesNear: true, placesCredit: credit });
  });

  it("falls back to the best rated in the tenant's country when no place is known or none is near", async () => {
    for (const [tenant, country] of [
      [builtInTenants.spa, 'United States'],
      [builtInTenants['spa-canada'], 'Canada'],
    ] as const) {
      const api = fakeApi(async () => balance);
      const store = createBalanceStore(api, tenant, () => undefined);
      await store.getState().check('6036110047001823', '1234');
      await vi.waitFor(() => expect(store.getState().places).toHaveLength(1));
      const search = queryToSearch(String(api.searchMerchants.mock.calls.at(-1)?.[0]));
      expect(search).toMatchObject({ location: country, sort: 'averageScore' });
      expect(store.getState()).toMatchObject({ placesNear: false, places: [{ name: 'Best Rated Spa' }] });
    }
    // A location with nothing near it: the country's best rated instead of an empty list.
    const api = fakeApi(async () => balance);
    const store = createBalanceStore(api, builtInTenants.spa, () => 'Nome, AK');
    await store.getState().check('6036110047001823', '1234');
    await vi.waitFor(() => expect(store.getState().places).toHaveLength(1));
    expect(api.searchMerchants).toHaveBeenCalledTimes(2);
    expect(store.getState().placesNear).toBe(false);
  });

  it("keeps the places of the latest card when an earlier card's places answer after it", async () => {
    const api = fakeApi(async () => balance);
    let answerFirst: (items: unknown[]) => void = () => {};
    api.searchMerchants
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = (items) => resolve({ items }))))
      .mockImplementation(async () => ({ items: [card('Second Card Spa')] }));
    const store = createBalanceStore(api, builtInTenants.spa, () => 'Austin, TX');
    await store.getState().check('6036110047001823', '1234');
    await vi.waitFor(() => expect(api.searchMerchants).toHaveBeenCalledTimes(1));
    await store.getState().check('6036110047002938', '246810');
    await vi.waitFor(() => expect(store.getState().places).toEqual([card('Second Card Spa')]));
    answerFirst([card('First Card Spa')]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getState().places).toEqual([card('Second Card Spa')]);
  });

  it("fails with the text of each refusal, and with the API text of a 400 in a visitor's words", async () => {
    for (const [error, text] of [
      [new ApiError(404, 'not found'), FAIL_TEXTS.notFound],
      [new ApiError(429, 'slow down'), FAIL_TEXTS.tooMany],
      [new ApiError(403, 'Bot check failed'), FAIL_TEXTS.botCheck],
      [new TypeError('Failed to fetch'), FAIL_TEXTS.unavailable],
      [
        new ApiError(400, 'pin: must be 4 to 8 digits', 'pin'),
        'Please check the PIN: it must be 4 to 8 digits.',
      ],
      [new ApiError(400, 'The card number and PIN do not match'), 'The card number and PIN do not match'],
    ] as const) {
      const store = createBalanceStore(
        fakeApi(async () => Promise.reject(error)),
        builtInTenants.spa,
        () => undefined,
      );
      await expect(store.getState().check('6036110047001823', '1234')).resolves.toBe(false);
      expect(store.getState()).toMatchObject({ state: 'fail', error: text });
    }
  });
});
