CREATE INDEX "mediation_requests_submitted_idx" ON "mediation_requests" USING btree ("submitted_at","lawyer_id","selected_mediator_id");--> statement-breakpoint
CREATE INDEX "mediation_requests_created_idx" ON "mediation_requests" USING btree ("created_at","lawyer_id");--> statement-breakpoint
CREATE INDEX "mediator_acceptances_accepted_idx" ON "mediator_acceptances" USING btree ("accepted_at","mediator_id");--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at","sender_id");--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at","reviewer_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");