-- The gift card ledger behind POST /api/gift-cards/balance (server/gift-cards). Card numbers and
-- PINs are never stored: a keyed hash of the number finds the card, a slow hash checks the PIN.
create table gift_cards (
  id text primary key,
  -- HMAC-SHA256 of the digits under CARD_HASH_KEY (hex): without the key, no number can be
  -- recovered or tried offline.
  number_hash text not null unique,
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  -- 'scrypt$N$r$p$salt$hash' (base64), a salt per card.
  pin_hash text not null,
  -- One of CARD_TYPES (src/domain/catalog.ts).
  card_type text not null,
  -- The program that issued it: publishers of that program can look it up.
  program text not null,
  status text not null check (status in ('ACTIVE', 'INACTIVE', 'VOID')),
  balance numeric(12, 2) not null,
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  created_at timestamptz not null default now()
);

create table gift_card_transactions (
  id bigint generated always as identity primary key,
  card_id text not null references gift_cards (id) on delete cascade,
  occurred_at timestamptz not null,
  -- Negative for a redemption, positive for the purchase, a reload or a refund.
  amount numeric(12, 2) not null,
  description text not null,
  -- The listing where it was redeemed, when there is one.
  merchant_id bigint
);

create index gift_card_transactions_card on gift_card_transactions (card_id, occurred_at desc);

-- Tries of the balance inquiry, for its two limits: rule 'client' keyed by the client address
-- (10 tries in 10 minutes) and rule 'card' keyed by the number hash (5 failures in 15 minutes
-- lock the card for 15 minutes). Rows older than an hour are purged.
create table gift_card_attempts (
  id bigint generated always as identity primary key,
  rule text not null check (rule in ('client', 'card')),
  key text not null,
  occurred_at timestamptz not null,
  -- client: 'try' (counted) or 'limited' (refused, not counted).
  -- card: 'pending' (being checked; counted as a failure until settled), 'ok', 'failed',
  -- 'lockout' (the failure that locked the card) or 'refused' (refused while locked).
  outcome text not null
);

create index gift_card_attempts_key on gift_card_attempts (rule, key, occurred_at);
create index gift_card_attempts_age on gift_card_attempts (occurred_at);
