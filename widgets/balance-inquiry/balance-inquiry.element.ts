import { defineElement } from '../define';
import { BalanceInquiry, type BalanceInquiryAttributes } from './BalanceInquiry';

/** Attributes of <wellspring-balance-inquiry>, besides tenant, api and site. */
export const balanceInquiryAttributes = { location: 'string' } as const satisfies Record<
  keyof BalanceInquiryAttributes,
  'string'
>;

defineElement('wellspring-balance-inquiry', BalanceInquiry, balanceInquiryAttributes);
