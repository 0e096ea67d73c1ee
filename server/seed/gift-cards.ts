import type { Db } from '../db/driver';
import { hashPin, type NumberHasher } from '../gift-cards/secrets';
import { DEMO_CARDS, demoCardId } from './demo-cards';

const DAY_MS = 86_400_000;

/**
 * Puts the demo cards (./demo-cards.ts) in the gift card ledger unless they are there under the current
 * number hash key. Idempotent and cheap when nothing changed; a card whose hash no longer matches
 * (CARD_HASH_KEY changed, or a random per-process key) is written again with its transactions,
 * dated relative to `now`. Returns how many cards it wrote.
 */
export async function ensureDemoCards(db: Db, numberHash: NumberHasher, now: Date): Promise<number> {
  const { rows } = await db.query<{ id: string; number_hash: string }>(
    'select id, number_hash from gift_cards where id = any($1::text[])',
    [DEMO_CARDS.map(demoCardId)],
  );
  const stored = new Map(rows.map((row) => [row.id, row.number_hash]));
  const stale = DEMO_CARDS.filter((card) => stored.get(demoCardId(card)) !== numberHash(card.number));
  if (!stale.length) return 0;
  const pinHashes = await Promise.all(stale.map((card) => hashPin(card.pin)));
  await db.transaction(async (tx) => {
    for (const [index, card] of stale.entries()) {
      const id = demoCardId(card);
      await tx.query(
        `insert into gift_cards (id, number_hash, last4, pin_hash, card_type, program, status, currency)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (id) do update set number_hash = excluded.number_hash, last4 = excluded.last4,
           pin_hash = excluded.pin_hash, card_type = excluded.card_type, program = excluded.program,
           status = excluded.status, currency = excluded.currency`,
        [
          id,
          numberHash(card.number),
          card.number.slice(-4),
          pinHashes[index],
          card.cardType,
          card.program,
          card.status,
          card.currency,
        ],
      );
      await tx.query('delete from gift_card_transactions where card_id = $1', [id]);
      for (const transaction of card.transactions) {
        await tx.query(
          `insert into gift_card_transactions (card_id, occurred_at, amount, description)
           values ($1, $2, $3, $4)`,
          [
            id,
            new Date(now.getTime() - transaction.daysAgo * DAY_MS),
            transaction.amount,
            transaction.description,
          ],
        );
      }
    }
  });
  return stale.length;
}

/**
 * Removes the demo cards (and, by cascade, their transactions) from the ledger: outside demo mode
 * their published numbers and PINs must answer like any unknown card, even in a database that once
 * ran in demo mode. Returns how many it removed.
 */
export async function removeDemoCards(db: Pick<Db, 'query'>): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    'delete from gift_cards where id = any($1::text[]) returning id',
    [DEMO_CARDS.map(demoCardId)],
  );
  return rows.length;
}
