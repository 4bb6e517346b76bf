CREATE TABLE "subscription_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"mediator_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"tier" "subscription_tier" NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"status" varchar(20) NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"provider_ref" varchar(120),
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "period_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "period_anchor" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_key" varchar(200);--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_mediator_id_users_id_fk" FOREIGN KEY ("mediator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_idempotency_uq" ON "subscription_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "subscription_charges_created_idx" ON "subscription_charges" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "subscription_charges_mediator_idx" ON "subscription_charges" USING btree ("mediator_id","created_at");