import { ANALYTICS_EVENT } from '../common.declaration';
import { declareElement } from '../declare';

/** <wellspring-gift-card-buy>: the one declaration of its public contract (widgets/declare.ts). */
export const giftCardBuyDeclaration = declareElement({
  tag: 'wellspring-gift-card-buy',
  module: 'widgets/gift-card-buy/gift-card-buy.element.ts',
  summary: "The ways to buy the tenant's gift card.",
  description:
    "Buttons to buy the tenant's gift card by email, print or mail, linking to its gift card store, plus corporate sales. A tenant that does not sell online yet shows its coming-soon link instead.",
  attributes: {
    another: {
      type: 'boolean',
      default: 'false',
      description: "The visitor already has a card: buttons read 'Get Another {brand} Gift Card'.",
    },
    selected: {
      type: 'string',
      values: ['email', 'print', 'mail'],
      default: 'none',
      description: 'The delivery the visitor picked, shown as chosen.',
    },
  },
  events: {
    ...ANALYTICS_EVENT,
    'wellspring-buy-select': {
      detail: '{ method: string; url: string }',
      cancelable: true,
      description: 'A way to buy was chosen. Cancel it to handle the purchase yourself.',
    },
  },
  parts: {
    heading: 'The heading of the ways to buy.',
    button: 'Each way to buy (email, print, mail) as a button-styled link.',
  },
  cssProperties: {},
  slots: {},
});
