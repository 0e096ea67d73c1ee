-- The contact-us form (POST /api/contact) mails the tenant's customer service address through the
-- mail transport: a third kind of mail in the local outbox.
alter table outbox drop constraint outbox_kind_check;
alter table outbox add constraint outbox_kind_check
  check (kind in ('share-offer', 'contact-listing', 'contact-us'));

-- The send counts of mail_sends moved to limit_hits (009_limits.sql); where that table is still
-- there, it takes the new kind too.
alter table if exists mail_sends drop constraint if exists mail_sends_kind_check;
alter table if exists mail_sends add constraint mail_sends_kind_check
  check (kind in ('share-offer', 'contact-listing', 'contact-us'));
