import { createStore } from 'zustand/vanilla';
import { ApiError, type Api } from '../../src/api/client';
import type { GiftCardBalance } from '../../src/domain/gift-card';
import type { ListingCard } from '../../src/domain/types';
import type { TenantConfig } from '../../src/tenant/types';
import { botToken } from '../../src/api/bot-check';
import type { QuietPlace } from '../visitor-position';

/** The states of spec 2.9, plus 'checking' while a request runs. */
export type BalanceState = 'open' | 'checking' | 'fail' | 'success' | 'history' | 'close';

export interface BalanceStore {
  state: BalanceState;
  balance: GiftCardBalance | null;
  /** Why the last check failed, in words for the visitor. */
  error: string;
  /**
   * Places that accept the card: near the element's location or, without one, the visitor's place
   * found without asking (placeWithoutAsking); else the best rated in the tenant's country.
   */
  places: ListingCard[];
  /** Whether `places` are near a place (else the best rated of the tenant's country). */
  placesNear: boolean;
  /** The IP database's credit when the places are near the visitor's city by IP address. */
  placesCredit?: QuietPlace['credit'];
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
  // The places of the latest balance only: an earlier card's may answer after a later check.
  let checks = 0;
  return createStore<BalanceStore>()((set) => ({
    state: 'open',
    balance: null,
    error: '',
    places: [],
    placesNear: false,
    show: (state) => set({ state }),
    async check(cardNumber, pin) {
      const current = ++checks;
      set({ state: 'checking', error: '' });
      try {
        const token = await botToken(tenant, api);
        const balance = await api.giftCardBalance({ cardNumber, pin, botToken: token });
        set({ state: 'success', balance, places: [], placesNear: false, placesCredit: undefined });
        // Where to spend it comes after the balance, with its code (a chunk of its own: not part
        // of the element's first use); the balance stays in view whatever it answers.
        void import('./balance-inquiry.places')
          .then(({ findPlaces }) => findPlaces(api, balance.cardType, location(), tenant.helperInfo.country))
          .then(
            (found) => current === checks && set(found),
            () => {},
          );
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
