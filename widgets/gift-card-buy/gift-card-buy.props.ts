// Generated from the element declarations (widgets/*/*.declaration.ts) by `npm run elements`: do not edit.

/** <wellspring-gift-card-buy>: r2wc's props of its own attributes (widgets/gift-card-buy/gift-card-buy.declaration.ts). */
export const giftCardBuyProps = { another: 'boolean', selected: 'string' } as const;
