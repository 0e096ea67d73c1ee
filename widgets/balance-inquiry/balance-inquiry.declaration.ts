import { ANALYTICS_EVENT } from '../common.declaration';
import { declareElement } from '../declare';

/** <wellspring-balance-inquiry>: the one declaration of its public contract (widgets/declare.ts). */
export const balanceInquiryDeclaration = declareElement({
  tag: 'wellspring-balance-inquiry',
  module: 'widgets/balance-inquiry/balance-inquiry.element.ts',
  summary: "A gift card's balance and history, by card number and PIN.",
  description:
    "Checks a gift card of the tenant's programs by card number and PIN behind a proof-of-work bot check, then shows the balance, the transactions and places near `location` that take the card.",
  attributes: {
    location: {
      type: 'string',
      default: "the visitor's place",
      description:
        "Where to look for places that take the card: place text or 'lat,lon'. Without it, the visitor's position if they already shared it, else their city by IP address (never a prompt); with neither, or nothing near, the best rated in the tenant's country.",
    },
  },
  events: {
    ...ANALYTICS_EVENT,
    'wellspring-balance': {
      detail: '{ last4: string }',
      cancelable: false,
      description: 'A balance was found; only the last 4 digits of the card leave the element.',
    },
  },
  parts: {
    heading: 'The heading of the form and of the balance shown.',
    button: 'The main buttons (check, open the form).',
  },
  cssProperties: {},
  slots: {},
});
