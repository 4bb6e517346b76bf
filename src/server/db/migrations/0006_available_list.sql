-- The mediator's Available list reads a page off two partial indexes (docs/decisions/022). What they need to know of a
-- request's acceptances lives on the request: how many are pending or selected, and whether one of those was made
-- before the window closed. Triggers keep both, recomputed from the acceptances, in the statement that changes them.
ALTER TABLE "mediation_requests" ADD COLUMN "live_acceptance_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mediation_requests" ADD COLUMN "accepted_before_open_to_all" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE FUNCTION mediation_requests_refresh_acceptance_facts(ids uuid[]) RETURNS void LANGUAGE sql AS $fn$
  UPDATE mediation_requests r SET live_acceptance_count = f.live, accepted_before_open_to_all = f.early
  FROM (
    SELECT q.id,
      count(a.id) FILTER (WHERE a.status IN ('pending', 'selected'))::int AS live,
      coalesce(bool_or(a.status IN ('pending', 'selected') AND a.accepted_at < q.open_to_all_at), false) AS early
    FROM (SELECT DISTINCT unnest(ids) AS id) t
    JOIN mediation_requests q ON q.id = t.id
    LEFT JOIN mediator_acceptances a ON a.request_id = q.id
    GROUP BY q.id
  ) f
  WHERE r.id = f.id AND (r.live_acceptance_count, r.accepted_before_open_to_all) IS DISTINCT FROM (f.live, f.early);
$fn$;--> statement-breakpoint
CREATE FUNCTION mediator_acceptances_refresh_requests() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM mediation_requests_refresh_acceptance_facts(ARRAY(SELECT request_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM mediation_requests_refresh_acceptance_facts(ARRAY(SELECT request_id FROM old_rows));
  ELSE
    PERFORM mediation_requests_refresh_acceptance_facts(ARRAY(SELECT request_id FROM new_rows UNION SELECT request_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER mediator_acceptances_inserted AFTER INSERT ON mediator_acceptances REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mediator_acceptances_refresh_requests();--> statement-breakpoint
CREATE TRIGGER mediator_acceptances_updated AFTER UPDATE ON mediator_acceptances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mediator_acceptances_refresh_requests();--> statement-breakpoint
CREATE TRIGGER mediator_acceptances_deleted AFTER DELETE ON mediator_acceptances REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mediator_acceptances_refresh_requests();--> statement-breakpoint
CREATE FUNCTION mediation_requests_open_to_all_moved() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.accepted_before_open_to_all := EXISTS (SELECT 1 FROM mediator_acceptances a
    WHERE a.request_id = NEW.id AND a.status IN ('pending', 'selected') AND a.accepted_at < NEW.open_to_all_at);
  RETURN NEW;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER mediation_requests_open_to_all_moved BEFORE UPDATE OF open_to_all_at ON mediation_requests
  FOR EACH ROW WHEN (OLD.open_to_all_at IS DISTINCT FROM NEW.open_to_all_at) EXECUTE FUNCTION mediation_requests_open_to_all_moved();--> statement-breakpoint
-- Backfill the requests that have acceptances (the others keep the defaults, 0 and false, which are right for them).
UPDATE mediation_requests r SET
  live_acceptance_count = (SELECT count(*) FROM mediator_acceptances a WHERE a.request_id = r.id AND a.status IN ('pending', 'selected')),
  accepted_before_open_to_all = EXISTS (SELECT 1 FROM mediator_acceptances a
    WHERE a.request_id = r.id AND a.status IN ('pending', 'selected') AND a.accepted_at < r.open_to_all_at)
WHERE EXISTS (SELECT 1 FROM mediator_acceptances a WHERE a.request_id = r.id);--> statement-breakpoint
CREATE INDEX "mediation_requests_available_match_idx" ON "mediation_requests" USING btree (lower(btrim("jurisdiction")),lower(btrim("case_type")),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status IN ('pending_mediators', 'awaiting_selection') AND live_acceptance_count < 3;--> statement-breakpoint
CREATE INDEX "mediation_requests_available_open_idx" ON "mediation_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"open_to_all_at") WHERE status IN ('pending_mediators', 'awaiting_selection') AND live_acceptance_count < 3 AND NOT accepted_before_open_to_all AND open_to_all_at IS NOT NULL;