/** The gift card ledger: a card's balance is the sum of its transactions, whatever is written. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { findCard } from '../../server/gift-cards/ledger';
import { databases } from './databases';

const PROGRAMS = ['SPA_NETWORK'];

describe.each(databases)('gift card balance on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  const balance = async (hash: string) => (await findCard(db, hash, PROGRAMS))?.balance;
  const addTransaction = (cardId: string, amount: number) =>
    db.query(
      `insert into gift_card_transactions (card_id, occurred_at, amount, description) values ($1, now(), $2, 'test')`,
      [cardId, amount],
    );

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    for (const id of ['card-a', 'card-b']) {
      await db.query(
        `insert into gift_cards (id, number_hash, last4, pin_hash, card_type, program, status, currency)
         values ($1, $2, '0000', 'x', 'SPA_GIFT_CARD', 'SPA_NETWORK', 'ACTIVE', 'USD')`,
        [id, `hash-${id}`],
      );
    }
  });
  afterAll(async () => db?.drop());

  it('is zero for a card without transactions and follows every transaction written', async () => {
    expect(await balance('hash-card-a')).toBe(0);
    await addTransaction('card-a', 150);
    await addTransaction('card-a', -45.5);
    expect(await balance('hash-card-a')).toBe(104.5);
    await db.query(
      `update gift_card_transactions set amount = -40.5 where card_id = 'card-a' and amount = -45.5`,
    );
    expect(await balance('hash-card-a')).toBe(109.5);
    await db.query(`delete from gift_card_transactions where card_id = 'card-a' and amount < 0`);
    expect(await balance('hash-card-a')).toBe(150);
    // Another card's transactions are its own.
    expect(await balance('hash-card-b')).toBe(0);
  });

  it('counts transactions written at the same time, each once', async () => {
    await Promise.all(Array.from({ length: 20 }, () => addTransaction('card-b', 2.5)));
    expect(await balance('hash-card-b')).toBe(50);
  });

  it('refuses a balance written beside the transactions: there is no stored balance to disagree', async () => {
    await expect(db.query(`update gift_cards set balance = 1000 where id = 'card-a'`)).rejects.toThrow(
      /balance/,
    );
    await expect(
      db.query(
        `insert into gift_cards (id, number_hash, last4, pin_hash, card_type, program, status, currency, balance)
         values ('card-c', 'hash-card-c', '0000', 'x', 'SPA_GIFT_CARD', 'SPA_NETWORK', 'ACTIVE', 'USD', 1000)`,
      ),
    ).rejects.toThrow(/balance/);
    await expect(
      db.query(`update gift_card_accounts set balance = 1000 where id = 'card-a'`),
    ).rejects.toThrow();
    expect(await balance('hash-card-a')).toBe(150);
  });
});
