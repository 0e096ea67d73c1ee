-- Mail the API sends (server/mail): shared offers and questions to listings.

-- The local outbox: with no SMTP_URL (the embedded default) messages land here instead of going
-- out, for QA (GET /api/outbox, demo/outbox.html). `raw` is the RFC 822 message nodemailer built.
create table outbox (
  id bigint generated always as identity primary key,
  created_at timestamptz not null,
  tenant text not null,
  kind text not null check (kind in ('share-offer', 'contact-listing')),
  "to" text not null,
  subject text not null,
  text text not null,
  raw text not null
);

create index outbox_to on outbox (lower("to"), id desc);

-- Accepted sends, whatever the transport, for the limits (per recipient a day, per client address
-- an hour): kept in the database so they hold across restarts and instances. Addresses are keyed
-- hashes (HMAC-SHA256 under MAIL_HASH_KEY), never the addresses themselves. Rows older than a day
-- count for nothing and are purged.
create table mail_sends (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('share-offer', 'contact-listing')),
  recipient_key text not null,
  client_key text not null,
  sent_at timestamptz not null,
  -- 'pending' while the message is being handed over (it counts already), then 'sent'.
  state text not null check (state in ('pending', 'sent'))
);

create index mail_sends_recipient on mail_sends (kind, recipient_key, sent_at);
create index mail_sends_client on mail_sends (kind, client_key, sent_at);
create index mail_sends_age on mail_sends (sent_at);

-- The hashing key used when MAIL_HASH_KEY is not set (one row): made once, so the limits survive a
-- restart of the embedded demo. Production sets MAIL_HASH_KEY, which keeps it out of the database.
create table mail_hash_key (
  only_row boolean primary key default true check (only_row),
  key text not null
);
