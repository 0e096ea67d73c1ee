-- mail_sends is neither written nor read since its counts moved to limit_hits (009_limits.sql).
drop table if exists mail_sends;
