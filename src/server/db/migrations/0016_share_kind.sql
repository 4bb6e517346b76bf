ALTER TYPE "public"."notification_type" ADD VALUE 'share_due';--> statement-breakpoint
ALTER TABLE "share_intents" ADD COLUMN "kind" varchar(10) DEFAULT 'deposit' NOT NULL;--> statement-breakpoint
ALTER TABLE "share_intents" ADD COLUMN "payment_method_id" varchar(120);