CREATE TYPE "public"."edit_proposal_status" AS ENUM('open', 'accepted', 'declined', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."envelope_kind" AS ENUM('agreement', 'term_sheet');--> statement-breakpoint
CREATE TYPE "public"."envelope_status" AS ENUM('open', 'sealing', 'sealed', 'refused', 'void');--> statement-breakpoint
CREATE TYPE "public"."mediation_outcome" AS ENUM('settled_full', 'settled_partial', 'no_settlement');--> statement-breakpoint
CREATE TYPE "public"."signature_kind" AS ENUM('typed', 'drawn');--> statement-breakpoint
CREATE TYPE "public"."signer_role" AS ENUM('counsel', 'party');--> statement-breakpoint
CREATE TYPE "public"."signer_status" AS ENUM('pending', 'signed', 'refused');--> statement-breakpoint
CREATE TYPE "public"."signing_event_kind" AS ENUM('created', 'sent', 'viewed', 'code_sent', 'signed', 'refused', 'failed_attempt', 'sealed', 'voided');--> statement-breakpoint
CREATE TYPE "public"."signing_method" AS ENUM('password', 'email_code');--> statement-breakpoint
CREATE TYPE "public"."term_sheet_version_status" AS ENUM('draft', 'final', 'signed', 'superseded');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'signature_requested';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'term_sheet_updated';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'signature_refused';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'document_sealed';--> statement-breakpoint
CREATE TABLE "envelope_signers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"envelope_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"role" "signer_role" NOT NULL,
	"side" "case_side",
	"user_id" uuid,
	"name" varchar(200) NOT NULL,
	"email" varchar(254) NOT NULL,
	"status" "signer_status" DEFAULT 'pending' NOT NULL,
	"token_hash" varchar(64),
	"token_expires_at" timestamp with time zone,
	"copy_token_hash" varchar(64),
	"copy_token_expires_at" timestamp with time zone,
	"code_hash" varchar(64),
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"signed_at" timestamp with time zone,
	"method" "signing_method",
	"signature_kind" "signature_kind",
	"signature_text" varchar(200),
	"signature_png" "bytea",
	"refusal_reason" text,
	"ip" varchar(64),
	"user_agent" varchar(500),
	CONSTRAINT "envelope_signers_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "envelope_signers_copy_token_hash_unique" UNIQUE("copy_token_hash")
);
--> statement-breakpoint
CREATE TABLE "mediator_agreement_settings" (
	"mediator_id" uuid PRIMARY KEY NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"template" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_envelopes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "signing_envelopes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" uuid NOT NULL,
	"kind" "envelope_kind" NOT NULL,
	"status" "envelope_status" DEFAULT 'open' NOT NULL,
	"title" varchar(200) NOT NULL,
	"version_number" integer,
	"body" jsonb NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"sealed_at" timestamp with time zone,
	"sha256" varchar(64),
	"sealed_pdf" "bytea",
	CONSTRAINT "signing_envelopes_sha256_unique" UNIQUE("sha256")
);
--> statement-breakpoint
CREATE TABLE "signing_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"envelope_id" uuid NOT NULL,
	"signer_id" uuid,
	"kind" "signing_event_kind" NOT NULL,
	"actor_name" varchar(200),
	"method" "signing_method",
	"detail" text,
	"ip" varchar(64),
	"user_agent" varchar(500),
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term_sheet_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "term_sheet_proposals_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" uuid NOT NULL,
	"base_version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"note" text,
	"proposed_by_id" uuid NOT NULL,
	"side" "case_side",
	"status" "edit_proposal_status" DEFAULT 'open' NOT NULL,
	"decided_by_id" uuid,
	"decision_reason" text,
	"accepted_as_version" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term_sheet_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" "term_sheet_version_status" DEFAULT 'draft' NOT NULL,
	"content" jsonb NOT NULL,
	"note" text,
	"created_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mediation_requests" ADD COLUMN "outcome" "mediation_outcome";--> statement-breakpoint
ALTER TABLE "mediation_requests" ADD COLUMN "outcome_date" date;--> statement-breakpoint
ALTER TABLE "mediation_requests" ADD COLUMN "agreement_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "envelope_signers" ADD CONSTRAINT "envelope_signers_envelope_id_signing_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."signing_envelopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "envelope_signers" ADD CONSTRAINT "envelope_signers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mediator_agreement_settings" ADD CONSTRAINT "mediator_agreement_settings_mediator_id_users_id_fk" FOREIGN KEY ("mediator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_envelopes" ADD CONSTRAINT "signing_envelopes_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_envelopes" ADD CONSTRAINT "signing_envelopes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_events" ADD CONSTRAINT "signing_events_envelope_id_signing_envelopes_id_fk" FOREIGN KEY ("envelope_id") REFERENCES "public"."signing_envelopes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_events" ADD CONSTRAINT "signing_events_signer_id_envelope_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."envelope_signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_sheet_proposals" ADD CONSTRAINT "term_sheet_proposals_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_sheet_proposals" ADD CONSTRAINT "term_sheet_proposals_proposed_by_id_users_id_fk" FOREIGN KEY ("proposed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_sheet_proposals" ADD CONSTRAINT "term_sheet_proposals_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_sheet_versions" ADD CONSTRAINT "term_sheet_versions_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_sheet_versions" ADD CONSTRAINT "term_sheet_versions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "envelope_signers_envelope_idx" ON "envelope_signers" USING btree ("envelope_id","position");--> statement-breakpoint
CREATE INDEX "envelope_signers_user_idx" ON "envelope_signers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "signing_envelopes_request_idx" ON "signing_envelopes" USING btree ("request_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_envelopes_one_live_uq" ON "signing_envelopes" USING btree ("request_id","kind") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "signing_events_envelope_idx" ON "signing_events" USING btree ("envelope_id","id");--> statement-breakpoint
CREATE INDEX "term_sheet_proposals_request_idx" ON "term_sheet_proposals" USING btree ("request_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "term_sheet_versions_number_uq" ON "term_sheet_versions" USING btree ("request_id","number");--> statement-breakpoint
-- The signing trail is append-only (decision 055): no update, and no delete but the cascade of its case's removal.
CREATE FUNCTION signing_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'signing_events is append-only';
  END IF;
  RETURN OLD;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER signing_events_append_only BEFORE UPDATE OR DELETE ON signing_events FOR EACH ROW EXECUTE FUNCTION signing_events_append_only();
--> statement-breakpoint
CREATE TRIGGER signing_events_no_truncate BEFORE TRUNCATE ON signing_events FOR EACH STATEMENT EXECUTE FUNCTION signing_events_append_only();
