-- Issue 24 (decision 049): the fee split, share payments, and the payer of every ledger entry (until now the one
-- lawyer of the payment: the backfill says so).
ALTER TYPE "public"."notification_type" ADD VALUE 'fee_split_proposed';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'fee_split_agreed';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'share_paid';--> statement-breakpoint
CREATE TABLE "fee_splits" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"first_side_percent" smallint,
	"agreed_at" timestamp with time zone,
	"proposed_percent" smallint,
	"proposed_by" "case_side",
	"proposed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_intents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"side" "case_side" NOT NULL,
	"payer_id" uuid NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"intent_id" varchar(120),
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payer_id" uuid;--> statement-breakpoint
UPDATE "ledger_entries" SET "payer_id" = p."lawyer_id" FROM "payments" p WHERE p."id" = "ledger_entries"."payment_id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "payer_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "share_side" "case_side";--> statement-breakpoint
ALTER TABLE "case_invitations" ADD COLUMN "first_side_percent" smallint DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_splits" ADD CONSTRAINT "fee_splits_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_intents" ADD CONSTRAINT "share_intents_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_intents" ADD CONSTRAINT "share_intents_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_intents_request_idx" ON "share_intents" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "share_intents_one_open_uq" ON "share_intents" USING btree ("request_id","side","payer_id") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A case both sides joined before the split existed was paid by its first side alone: that is its agreed split.
INSERT INTO "fee_splits" ("request_id", "first_side_percent", "agreed_at", "updated_at")
SELECT "id", 100, now(), now() FROM "mediation_requests" WHERE "opposing_lawyer_id" IS NOT NULL;
