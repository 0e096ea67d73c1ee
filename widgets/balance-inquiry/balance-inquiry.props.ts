// Generated from the element declarations (widgets/*/*.declaration.ts) by `npm run elements`: do not edit.

/** <wellspring-balance-inquiry>: r2wc's props of its own attributes (widgets/balance-inquiry/balance-inquiry.declaration.ts). */
export const balanceInquiryProps = { location: 'string' } as const;
