import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_CARDS } from '../../../../server/seed/demo-cards';

// Whitespace collapsed, so the checks do not depend on how the HTML is wrapped.
const page = readFileSync(join(import.meta.dirname, '../../../../demo/gift-cards.html'), 'utf8').replace(
  /\s+/g,
  ' ',
);

describe('the gift cards demo page', () => {
  it('lists every demo card of the ledger with its PIN, and no other', () => {
    const listed = [...page.matchAll(/<tr> <td><code>([\d ]+)<\/code><\/td> <td><code>(\d+)<\/code>/g)].map(
      ([, number, pin]) => `${number!.replace(/ /g, '')}:${pin}`,
    );
    expect(listed.sort()).toEqual(DEMO_CARDS.map((card) => `${card.number}:${card.pin}`).sort());
  });

  it('has a balance inquiry and a buy element for every tenant', () => {
    for (const tenant of ['wellness', 'spa', 'spa-canada', 'local']) {
      expect(page).toMatch(
        new RegExp(`<wellspring-balance-inquiry id="balance-${tenant}" tenant="${tenant}"`),
      );
      expect(page).toMatch(new RegExp(`<wellspring-gift-card-buy id="buy-${tenant}" tenant="${tenant}"`));
    }
  });
});

describe('the demo cards', () => {
  it('each have the balance of their transactions, as the ledger derives it', () => {
    for (const card of DEMO_CARDS) {
      const cents = card.transactions.reduce(
        (sum, transaction) => sum + Math.round(transaction.amount * 100),
        0,
      );
      expect(cents / 100, card.number).toBe(card.balance);
    }
  });
});
