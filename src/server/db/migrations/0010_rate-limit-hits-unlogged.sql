-- Rate-limit counters are written at every API request (the general limit). As an ordinary table each of those writes
-- made its commit wait for the WAL to reach the disk; unlogged, the commit does not wait (a transaction that wrote no
-- WAL commits asynchronously). The price: after a crash PostgreSQL empties the table, so every window starts afresh,
-- which a rate limit can afford (docs/decisions/034).
ALTER TABLE "rate_limit_hits" SET UNLOGGED;
