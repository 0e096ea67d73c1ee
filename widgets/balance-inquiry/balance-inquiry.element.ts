import { defineElement } from '../define';
import { balanceInquiryProps } from './balance-inquiry.props';
import { BalanceInquiry } from './BalanceInquiry';

defineElement('wellspring-balance-inquiry', BalanceInquiry, balanceInquiryProps);
