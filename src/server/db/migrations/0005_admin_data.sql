-- pg_trgm (trusted since PostgreSQL 13: the database owner may create it) for the admin searches' trigram indexes;
-- the embedded database loads it when it is opened (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "mediation_requests" ADD COLUMN "matched_at" timestamp with time zone;--> statement-breakpoint
-- Backfill: when each request that has a mediator was matched, from the best evidence kept. The selection notifies
-- the mediator in its own transaction (type mediator_selected, linking to the request), so the first such
-- notification is the match time; without one (seeded or older rows), the request's last change, which for a request
-- still matched is the selection itself and is never before it otherwise. (Acceptances record when they were made,
-- not when they were selected.) One pass over each table, joined by hash.
UPDATE "mediation_requests" r SET "matched_at" = coalesce(n."first_at", r."updated_at")
FROM "mediation_requests" m
LEFT JOIN (
  SELECT "link_url", min("created_at") AS "first_at" FROM "notifications" WHERE "type" = 'mediator_selected' GROUP BY "link_url"
) n ON n."link_url" = '/requests/' || m."id"::text
WHERE m."id" = r."id" AND r."selected_mediator_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mediation_requests_matched_idx" ON "mediation_requests" USING btree ("matched_at");--> statement-breakpoint
CREATE INDEX "mediation_requests_case_name_trgm_idx" ON "mediation_requests" USING gin ("case_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mediation_requests_case_number_trgm_idx" ON "mediation_requests" USING gin ("case_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_listed_idx" ON "audit_log" USING btree (date_trunc('milliseconds', ("created_at" AT TIME ZONE 'UTC')),"id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id",date_trunc('milliseconds', ("created_at" AT TIME ZONE 'UTC')),"id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_id",date_trunc('milliseconds', ("created_at" AT TIME ZONE 'UTC')),"id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action",date_trunc('milliseconds', ("created_at" AT TIME ZONE 'UTC')),"id");