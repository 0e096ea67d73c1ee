-- Newsletter subscriptions (issue 14): double opt-in. A sign-up is 'pending' until the link of its
-- confirmation mail is followed; every mail carries the unsubscribe link. Tokens are kept only as
-- SHA-256 hashes (a leaked table confirms or unsubscribes nobody); the address itself is kept,
-- since a confirmed subscriber is to be mailed.
create table subscriptions (
  id bigserial primary key,
  tenant text not null,
  email text not null,
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'unsubscribed')),
  -- Single use: cleared when followed. A new sign-up of a pending address replaces it.
  confirm_token_hash text unique,
  confirm_expires_at timestamptz,
  unsubscribe_token_hash text not null unique,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz
);
create unique index subscriptions_tenant_email on subscriptions (tenant, lower(email));

-- The confirmation mail is a fourth kind of mail in the local outbox.
alter table outbox drop constraint outbox_kind_check;
alter table outbox add constraint outbox_kind_check
  check (kind in ('share-offer', 'contact-listing', 'contact-us', 'subscribe'));
