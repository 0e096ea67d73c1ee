import { defineElement } from '../define';
import { giftCardBuyProps } from './gift-card-buy.props';
import { GiftCardBuy } from './GiftCardBuy';

defineElement('wellspring-gift-card-buy', GiftCardBuy, giftCardBuyProps);
