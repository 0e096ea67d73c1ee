-- A card's balance is the sum of its transactions, always: derived where it is read rather than
-- stored beside them, so no write (a transaction without its balance update, a balance set by
-- hand, two redemptions at once) can make the two disagree. The per-card index of the
-- transactions (gift_card_transactions_card) makes the sum a short index range scan.
alter table gift_cards drop column balance;

-- The cards with their balance: what the ledger reads. A plain view, so a filter on the card
-- (number_hash, program) is applied before the sum, which runs for the matching cards only.
create view gift_card_accounts as
  select c.*,
    (select coalesce(sum(t.amount), 0) from gift_card_transactions t where t.card_id = c.id)::numeric(12, 2)
      as balance
  from gift_cards c;
