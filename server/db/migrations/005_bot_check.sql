-- Bot check tokens already spent (server/bot-check): a token passes once. The primary key makes a
-- replay fail even when two requests race; rows go once the token has expired anyway.
create table bot_check_used (
  -- 'altcha:' + the challenge signature, or '{provider}:' + the SHA-256 of the token.
  signature text primary key,
  expires_at timestamptz not null
);

create index bot_check_used_expires on bot_check_used (expires_at);
