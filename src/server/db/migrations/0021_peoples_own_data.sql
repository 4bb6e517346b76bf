CREATE TABLE "case_retention" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"notice_sent_at" timestamp with time zone,
	"purged_at" timestamp with time zone,
	"held_at" timestamp with time zone,
	"held_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"size" integer
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "case_retention" ADD CONSTRAINT "case_retention_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_retention" ADD CONSTRAINT "case_retention_held_by_id_users_id_fk" FOREIGN KEY ("held_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_pending_uq" ON "data_exports" USING btree ("user_id") WHERE status = 'pending';