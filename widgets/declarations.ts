import type { ElementDeclaration } from './declare';
import { balanceInquiryDeclaration } from './balance-inquiry/balance-inquiry.declaration';
import { giftCardBuyDeclaration } from './gift-card-buy/gift-card-buy.declaration';
import { listingDeclaration } from './listing/listing.declaration';
import { offersCarouselDeclaration } from './offers-carousel/offers-carousel.declaration';
import { searchDeclaration } from './search/search.declaration';

/**
 * Every element, in the order the README and the manifest list them. Read by the generator
 * (scripts/elements.ts) and its drift test only: elements import their own declaration.
 */
export const ELEMENTS: readonly ElementDeclaration[] = [
  offersCarouselDeclaration,
  searchDeclaration,
  giftCardBuyDeclaration,
  balanceInquiryDeclaration,
  listingDeclaration,
];
