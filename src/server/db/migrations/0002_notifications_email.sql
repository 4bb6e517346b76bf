ALTER TYPE "public"."notification_type" ADD VALUE 'acceptance_withdrawn';--> statement-breakpoint
CREATE TABLE "email_opt_outs" (
	"user_id" uuid NOT NULL,
	"kind" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_opt_outs_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "coalesced_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email_handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_opt_outs" ADD CONSTRAINT "email_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: before the unique index, keep only the newest unread new-message notification per user and thread.
UPDATE "notifications" AS n SET "is_read" = true
WHERE n."type" = 'new_message' AND n."is_read" = false AND n."link_url" IS NOT NULL AND EXISTS (
	SELECT 1 FROM "notifications" AS m
	WHERE m."user_id" = n."user_id" AND m."link_url" = n."link_url" AND m."type" = 'new_message' AND m."is_read" = false
		AND (m."created_at", m."id") > (n."created_at", n."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_unread_message_uq" ON "notifications" USING btree ("user_id","link_url") WHERE type = 'new_message' AND is_read = false;--> statement-breakpoint
CREATE INDEX "notifications_new_request_unmailed_idx" ON "notifications" USING btree ("link_url") WHERE type = 'new_request' AND email_handled_at IS NULL;