import { describe, expect, it, vi } from 'vitest';
import { ApiError, type Api } from '../../../../src/api/client';
import { PROGRAMS } from '../../../../src/domain/catalog';
import { queryToSearch } from '../../../../src/domain/filters';
import type { GiftCardBalance } from '../../../../src/domain/gift-card';
import { builtInTenants } from '../../../../src/tenant';
import { createBalanceStore, FAIL_TEXTS } from '../../../../widgets/balance-inquiry/balance-inquiry.store';

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

function fakeApi(giftCardBalance: Api['giftCardBalance']) {
  return {
    giftCardBalance: vi.fn(giftCardBalance),
    searchMerchants: vi.fn(async () => ({ items: [] })),
  } as unknown as Api & {
    giftCardBalance: ReturnType<typeof vi.fn>;
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

  it('asks for the best rated places without a location', async () => {
    const api = fakeApi(async () => balance);
    const store = createBalanceStore(api, builtInTenants.spa, () => undefined);
    await store.getState().check('6036110047001823', '1234');
    await vi.waitFor(() => expect(api.searchMerchants).toHaveBeenCalled());
    const search = queryToSearch(String(api.searchMerchants.mock.calls[0]?.[0]));
    expect(search.sort).toBe('averageScore');
    expect(search.location).toBeUndefined();
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
