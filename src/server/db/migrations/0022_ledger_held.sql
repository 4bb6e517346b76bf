-- The admin analytics' "held in escrow" (docs/decisions/036), kept as the ledger is written (docs/decisions/031,
-- section of 2026-11-29): for each deposit or balance charge of which the escrow still holds something, how much. A
-- charge holds min(its amount, max(0, its payment's charges up to and including it − the payment's money out)), the
-- money out (refunds, payout transfers and cancellation fees with the commission kept out of them) set against the
-- payment's earliest charges first. A charge holding nothing has no row. Read by admin-analytics.repo.ts only.
CREATE TABLE "ledger_held" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"held" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_held" ADD CONSTRAINT "ledger_held_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_held_payment_idx" ON "ledger_held" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "ledger_held_created_idx" ON "ledger_held" USING btree ("created_at") INCLUDE ("held");--> statement-breakpoint
-- Works out again what every charge of these payments holds, from all their entries, and writes the difference: rows
-- whose figure changed, new rows, and the rows of charges that now hold nothing (or are gone) removed. Set-based, so
-- one call serves one payment (a write of the app) or all of them (the backfill below, a bulk load).
CREATE FUNCTION ledger_held_refresh(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  WITH charges AS (
    SELECT e.id, e.payment_id, e.created_at, greatest(0, least(e.amount, e.charged_through - coalesce(e.paid_out, 0))) AS held
      FROM (
        SELECT l.id, l.payment_id, l.kind, l.amount, l.created_at,
               sum(l.amount) FILTER (WHERE l.kind IN ('deposit_charge', 'balance_charge'))
                 OVER (PARTITION BY l.payment_id ORDER BY l.created_at, l.id) AS charged_through,
               sum(l.amount + l.platform_fee) FILTER (WHERE l.kind NOT IN ('deposit_charge', 'balance_charge'))
                 OVER (PARTITION BY l.payment_id) AS paid_out
          FROM ledger_entries l
         WHERE l.payment_id = ANY (ids)
      ) e
     WHERE e.kind IN ('deposit_charge', 'balance_charge')
  ),
  kept AS (
    INSERT INTO ledger_held AS h (entry_id, payment_id, created_at, held)
    SELECT c.id, c.payment_id, c.created_at, c.held FROM charges c WHERE c.held > 0
    ON CONFLICT (entry_id) DO UPDATE SET payment_id = excluded.payment_id, created_at = excluded.created_at, held = excluded.held
     WHERE (h.payment_id, h.created_at, h.held) IS DISTINCT FROM (excluded.payment_id, excluded.created_at, excluded.held)
  )
  DELETE FROM ledger_held h
   WHERE h.payment_id = ANY (ids)
     AND NOT EXISTS (SELECT 1 FROM charges c WHERE c.id = h.entry_id AND c.held > 0);
END
$fn$;--> statement-breakpoint
-- After each statement that writes the ledger, its payments (before and after, for an update) are worked out again.
-- Every ledger write of the app holds its payment's row lock (lock-order.ts, step 2) to commit, so the writers of one
-- payment come one after another and each sees the entries of the one before (read committed: each statement of the
-- function takes a fresh snapshot); the trigger itself takes no lock beyond its own rows. Enabled ALWAYS: it runs with
-- `session_replication_role = replica` too (bench/seed.ts loads the ledger that way, in one statement).
CREATE FUNCTION ledger_held_note() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM ledger_held_refresh(ARRAY(SELECT DISTINCT n.payment_id FROM ledger_new n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ledger_held_refresh(ARRAY(SELECT DISTINCT o.payment_id FROM ledger_old o));
  ELSE
    -- Only the entries whose payment, kind, amount, fee or time changed (the app updates no ledger entry today).
    PERFORM ledger_held_refresh(ARRAY(
      SELECT p.payment_id
        FROM ledger_new n FULL JOIN ledger_old o ON o.id = n.id
        CROSS JOIN LATERAL (VALUES (n.payment_id), (o.payment_id)) AS p(payment_id)
       WHERE p.payment_id IS NOT NULL
         AND (n.payment_id, n.kind, n.amount, n.platform_fee, n.created_at)
             IS DISTINCT FROM (o.payment_id, o.kind, o.amount, o.platform_fee, o.created_at)
       GROUP BY p.payment_id));
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER ledger_held_insert AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS ledger_new
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_held_note();--> statement-breakpoint
CREATE TRIGGER ledger_held_update AFTER UPDATE ON ledger_entries REFERENCING OLD TABLE AS ledger_old NEW TABLE AS ledger_new
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_held_note();--> statement-breakpoint
CREATE TRIGGER ledger_held_delete AFTER DELETE ON ledger_entries REFERENCING OLD TABLE AS ledger_old
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_held_note();--> statement-breakpoint
ALTER TABLE ledger_entries ENABLE ALWAYS TRIGGER ledger_held_insert;--> statement-breakpoint
ALTER TABLE ledger_entries ENABLE ALWAYS TRIGGER ledger_held_update;--> statement-breakpoint
ALTER TABLE ledger_entries ENABLE ALWAYS TRIGGER ledger_held_delete;--> statement-breakpoint
-- The ledger written so far.
SELECT ledger_held_refresh(ARRAY(SELECT DISTINCT payment_id FROM ledger_entries));
