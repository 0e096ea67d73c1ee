-- Every mail of a subscription carries its own unsubscribe link, and each keeps working for good
-- (018 kept one hash per subscription, so a second sign-up of a pending address broke the first
-- mail's link). Still only SHA-256 hashes of the tokens.
create table subscription_unsubscribe_tokens (
  token_hash text primary key,
  subscription_id bigint not null references subscriptions (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index subscription_unsubscribe_tokens_subscription on subscription_unsubscribe_tokens (subscription_id);

insert into subscription_unsubscribe_tokens (token_hash, subscription_id)
  select unsubscribe_token_hash, id from subscriptions;
alter table subscriptions drop column unsubscribe_token_hash;
