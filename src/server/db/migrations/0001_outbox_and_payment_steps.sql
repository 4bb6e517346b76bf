CREATE TABLE "payment_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" varchar(30) NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"amount" numeric(10, 2) DEFAULT '0' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"result" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "processed_provider_events" (
	"event_key" varchar(200) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" varchar(40) NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "payment_steps" ADD CONSTRAINT "payment_steps_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_steps_idempotency_uq" ON "payment_steps" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_steps_pending_idx" ON "payment_steps" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "payment_steps_payment_idx" ON "payment_steps" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("available_at") WHERE delivered_at IS NULL;--> statement-breakpoint
ALTER TABLE "mediator_profiles" DROP COLUMN "monthly_mediation_count";