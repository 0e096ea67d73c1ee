-- One table for every limit of the server (server/limits.ts), instead of one per area: tries of
-- the balance inquiry per client and per card, failed inquiries per tenant, mail sends per
-- recipient and per client, contact-us messages and bot-check challenges per client. Kept in the
-- database so several instances on one PostgreSQL count together and a restart forgets nothing.
create table limit_hits (
  id bigint generated always as identity primary key,
  -- Which limit counts the hit: 'balance-client', 'balance-card', 'balance-failures',
  -- 'share-offer:recipient', 'contact-us:client', 'bot-challenge:client', …
  rule text not null,
  -- What it counts by: a client key (IPv4 address or IPv6 /64, or its keyed hash for mail), a
  -- card number's keyed hash, a recipient's keyed hash, a tenant name. Never a card number.
  key text not null,
  at timestamptz not null,
  -- 'counted' for most; the card lock also keeps 'pending', 'ok', 'failed', 'lockout' and
  -- 'refused'; mail sends 'pending' and 'sent'.
  outcome text not null,
  -- When the hit counts for nothing any more: rows past it are purged.
  expires_at timestamptz not null
);

create index limit_hits_key on limit_hits (rule, key, at);
create index limit_hits_expiry on limit_hits (expires_at);

-- What the old tables still count moves over, so an upgrade unlocks no card.
insert into limit_hits (rule, key, at, outcome, expires_at)
select case rule when 'client' then 'balance-client' else 'balance-card' end,
       key, occurred_at, case outcome when 'try' then 'counted' else outcome end,
       occurred_at + interval '15 minutes'
  from gift_card_attempts
 where outcome <> 'limited';

insert into limit_hits (rule, key, at, outcome, expires_at)
select kind || ':recipient', recipient_key, sent_at, state, sent_at + interval '24 hours' from mail_sends;

insert into limit_hits (rule, key, at, outcome, expires_at)
select kind || ':client', client_key, sent_at, state, sent_at + interval '1 hour' from mail_sends;

drop table gift_card_attempts;
-- mail_sends is no longer written or read (011 still alters its constraint, so it stays for now).
