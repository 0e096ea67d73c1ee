import { createStore } from 'zustand/vanilla';
import { ApiError, type Api } from '../../src/api/client';
import { CARD_TYPE_PROGRAMS } from '../../src/domain/catalog';
import { searchToApiQuery } from '../../src/domain/filters';
import type { GiftCardBalance } from '../../src/domain/gift-card';
import type { ListingCard } from '../../src/domain/types';
import type { TenantConfig } from '../../src/tenant/types';
import { botToken } from '../../src/api/bot-check';

/** The states of spec 2.9, plus 'checking' while a request runs. */
export type BalanceState = 'open' | 'checking' | 'fail' | 'success' | 'history' | 'close';

export interface BalanceStore {
  state: BalanceState;
  balance: GiftCardBalance | null;
  /** Why the last check failed, in words for the visitor. */
  error: string;
  /** Places that accept the card: nearby, or the best rated without a location. */
  places: ListingCard[];
  check(cardNumber: string, pin: string): Promise<boolean>;
  show(state: 'open' | 'history' | 'success' | 'close'): void;
}

export const FAIL_TEXTS = {
  notFound: 'We could not find a card with that number and PIN. Please check both and try again.',
  tooMany: 'Too many tries. Please wait a few minutes before you try again.',
  botCheck: 'We could not confirm this request came from a person. Please try again.',
  unavailable: 'The balance service is not answering right now. Please try again in a moment.',
} as const;

/** One store per element: the card data lives only here and in the request body. */
export function createBalanceStore(api: Api, tenant: TenantConfig, location: () => string | undefined) {
  return createStore<BalanceStore>()((set) => ({
    state: 'open',
    balance: null,
    error: '',
    places: [],
    show: (state) => set({ state }),
    async check(cardNumber, pin) {
      set({ state: 'checking', error: '' });
      try {
        const token = await botToken(tenant, api);
        const balance = await api.giftCardBalance({ cardNumber, pin, botToken: token });
        set({ state: 'success', balance, places: [] });
        void findPlaces(api, balance.cardType, location()).then((places) => set({ places }));
        return true;
      } catch (error) {
        const status = error instanceof ApiError ? error.status : 0;
        const text =
          status === 404
            ? FAIL_TEXTS.notFound
            : status === 429
              ? FAIL_TEXTS.tooMany
              : status === 403
                ? FAIL_TEXTS.botCheck
                : FAIL_TEXTS.unavailable;
        set({
          state: 'fail',
          error: error instanceof ApiError && status === 400 ? (error.fieldProblem ?? error.message) : text,
        });
        return false;
      }
    },
  }));
}

/** Listings that accept the card type: near `location` when known, else the best rated. */
async function findPlaces(api: Api, cardType: string, location: string | undefined): Promise<ListingCard[]> {
  const program = CARD_TYPE_PROGRAMS[cardType as keyof typeof CARD_TYPE_PROGRAMS];
  if (!program) return [];
  const query = searchToApiQuery({
    size: 6,
    location,
    sort: location ? 'distance' : 'averageScore',
    filters: { includedPrograms: [program] },
  });
  try {
    return (await api.searchMerchants(query)).items;
  } catch {
    // Where to spend it is a bonus: the balance stays in view without it.
    return [];
  }
}
