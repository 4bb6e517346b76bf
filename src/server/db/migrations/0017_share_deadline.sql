ALTER TABLE "platform_settings" ADD COLUMN "share_due_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_splits" ADD COLUMN "due_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fee_splits" ADD COLUMN "unfunded_at" timestamp with time zone;