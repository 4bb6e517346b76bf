-- The Available page's walks read only what these indexes carry (docs/decisions/035), so PostgreSQL answers them from
-- the index alone (an index-only scan, the heap visited only for pages not yet marked all-visible):
-- * a matching walk tests the Free tier's head start on open_to_free_at, and PostgreSQL 15 counts the columns under the
--   key expressions (jurisdiction, case_type) as read too, so all three are carried;
-- * "not accepted by me" is one set per page, the mediator's acceptances' request ids, read off the mediator's index.
-- Same names, keys and predicates as before (schema/mediation.ts declares them; Drizzle has no INCLUDE, so the
-- carried columns live only here).
DROP INDEX IF EXISTS "mediation_requests_available_match_idx";--> statement-breakpoint
CREATE INDEX "mediation_requests_available_match_idx" ON "mediation_requests" USING btree (lower(btrim("jurisdiction")),lower(btrim("case_type")),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("open_to_free_at", "jurisdiction", "case_type") WHERE status IN ('pending_mediators', 'awaiting_selection') AND live_acceptance_count < 3;--> statement-breakpoint
DROP INDEX IF EXISTS "mediator_acceptances_mediator_idx";--> statement-breakpoint
CREATE INDEX "mediator_acceptances_mediator_idx" ON "mediator_acceptances" USING btree ("mediator_id","accepted_at") INCLUDE ("request_id");
