import type { CardStatus, CardType, GiftCardTransaction } from '../../src/domain/gift-card';
import type { Db } from '../db/driver';

export interface CardRow {
  id: string;
  last4: string;
  card_type: CardType;
  status: CardStatus;
  balance: number;
  currency: string;
  pin_hash: string;
}

/**
 * The card with this number hash, if one of `programs` issued it. Its balance is the sum of its
 * transactions (the gift_card_accounts view, migration 008): there is no stored balance to drift.
 */
export async function findCard(
  db: Pick<Db, 'query'>,
  numberHash: string,
  programs: string[],
): Promise<CardRow | undefined> {
  const { rows } = await db.query<CardRow>(
    `select id, last4, card_type, status, balance, currency, pin_hash
       from gift_card_accounts where number_hash = $1 and program = any($2::text[])`,
    [numberHash, programs],
  );
  return rows[0];
}

/** The most recent transactions, newest first. */
export async function recentTransactions(
  db: Pick<Db, 'query'>,
  cardId: string,
  limit = 10,
): Promise<GiftCardTransaction[]> {
  const { rows } = await db.query<{ occurred_at: Date; amount: number; description: string }>(
    `select occurred_at, amount, description from gift_card_transactions
      where card_id = $1 order by occurred_at desc, id desc limit $2`,
    [cardId, limit],
  );
  return rows.map((row) => ({
    date: new Date(row.occurred_at).toISOString(),
    amount: row.amount,
    description: row.description,
  }));
}
