import { defineElement } from '../define';
import { GiftCardBuy, type GiftCardBuyAttributes } from './GiftCardBuy';

/** Attributes of <wellspring-gift-card-buy>, besides tenant, api and site. */
export const giftCardBuyAttributes = { another: 'boolean', selected: 'string' } as const satisfies Record<
  keyof GiftCardBuyAttributes,
  'boolean' | 'string'
>;

defineElement('wellspring-gift-card-buy', GiftCardBuy, giftCardBuyAttributes);
