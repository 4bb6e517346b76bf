CREATE TYPE "public"."case_party_kind" AS ENUM('party', 'firm');--> statement-breakpoint
CREATE TYPE "public"."case_side" AS ENUM('first', 'second');--> statement-breakpoint
CREATE TYPE "public"."document_visibility" AS ENUM('own_side', 'side_and_mediator', 'everyone');--> statement-breakpoint
CREATE TYPE "public"."invitation_status" AS ENUM('sent', 'opened', 'joined', 'declined', 'revoked');--> statement-breakpoint
CREATE TYPE "public"."message_channel" AS ENUM('first', 'second', 'joint');--> statement-breakpoint
CREATE TYPE "public"."proposal_status" AS ENUM('proposed', 'approved', 'declined', 'withdrawn');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'counsel_joined';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'invitation_declined';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'selection_proposed';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'selection_approved';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'selection_declined';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'conflict_disclosed';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'reviews_revealed';--> statement-breakpoint
CREATE TABLE "case_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "case_invitations_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" uuid NOT NULL,
	"invited_by_id" uuid NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" varchar(200) NOT NULL,
	"firm_name" varchar(200),
	"token_hash" varchar(64) NOT NULL,
	"status" "invitation_status" DEFAULT 'sent' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"send_count" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"joined_user_id" uuid,
	"decline_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "case_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "case_parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"side" "case_side" NOT NULL,
	"kind" "case_party_kind" NOT NULL,
	"name" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "channel_reads" (
	"request_id" uuid NOT NULL,
	"channel" "message_channel" NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "channel_reads_request_id_channel_user_id_pk" PRIMARY KEY("request_id","channel","user_id")
);
--> statement-breakpoint
CREATE TABLE "document_accesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"upload_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"accessed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_visibility_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"upload_id" uuid NOT NULL,
	"changed_by_id" uuid NOT NULL,
	"from_visibility" "document_visibility" NOT NULL,
	"to_visibility" "document_visibility" NOT NULL,
	"already_opened_by" jsonb NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selection_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "selection_proposals_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"request_id" uuid NOT NULL,
	"mediator_id" uuid NOT NULL,
	"proposed_by_id" uuid NOT NULL,
	"status" "proposal_status" DEFAULT 'proposed' NOT NULL,
	"responded_by_id" uuid,
	"decline_reason" text,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "reviews_request_reviewer_uq";--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "recipient_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mediation_requests" ADD COLUMN "opposing_lawyer_id" uuid;--> statement-breakpoint
ALTER TABLE "mediator_acceptances" ADD COLUMN "conflict_matches" jsonb;--> statement-breakpoint
ALTER TABLE "mediator_acceptances" ADD COLUMN "disclosure" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "channel" "message_channel" DEFAULT 'first' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "revealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "visibility" "document_visibility";--> statement-breakpoint
ALTER TABLE "case_invitations" ADD CONSTRAINT "case_invitations_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_invitations" ADD CONSTRAINT "case_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_invitations" ADD CONSTRAINT "case_invitations_joined_user_id_users_id_fk" FOREIGN KEY ("joined_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_parties" ADD CONSTRAINT "case_parties_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_reads" ADD CONSTRAINT "channel_reads_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_reads" ADD CONSTRAINT "channel_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_accesses" ADD CONSTRAINT "document_accesses_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_accesses" ADD CONSTRAINT "document_accesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_visibility_changes" ADD CONSTRAINT "document_visibility_changes_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_visibility_changes" ADD CONSTRAINT "document_visibility_changes_changed_by_id_users_id_fk" FOREIGN KEY ("changed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_proposals" ADD CONSTRAINT "selection_proposals_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_proposals" ADD CONSTRAINT "selection_proposals_mediator_id_users_id_fk" FOREIGN KEY ("mediator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_proposals" ADD CONSTRAINT "selection_proposals_proposed_by_id_users_id_fk" FOREIGN KEY ("proposed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_proposals" ADD CONSTRAINT "selection_proposals_responded_by_id_users_id_fk" FOREIGN KEY ("responded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "case_invitations_request_idx" ON "case_invitations" USING btree ("request_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "case_invitations_one_live_uq" ON "case_invitations" USING btree ("request_id") WHERE status IN ('sent', 'opened');--> statement-breakpoint
CREATE INDEX "case_parties_request_idx" ON "case_parties" USING btree ("request_id","side");--> statement-breakpoint
CREATE INDEX "case_parties_name_idx" ON "case_parties" USING btree (lower(btrim("name")));--> statement-breakpoint
CREATE INDEX "document_accesses_upload_idx" ON "document_accesses" USING btree ("upload_id","accessed_at");--> statement-breakpoint
CREATE INDEX "document_visibility_changes_upload_idx" ON "document_visibility_changes" USING btree ("upload_id","changed_at");--> statement-breakpoint
CREATE INDEX "selection_proposals_request_idx" ON "selection_proposals" USING btree ("request_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "selection_proposals_one_open_uq" ON "selection_proposals" USING btree ("request_id") WHERE status = 'proposed';--> statement-breakpoint
ALTER TABLE "mediation_requests" ADD CONSTRAINT "mediation_requests_opposing_lawyer_id_users_id_fk" FOREIGN KEY ("opposing_lawyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mediation_requests_opposing_lawyer_idx" ON "mediation_requests" USING btree ("opposing_lawyer_id");--> statement-breakpoint
CREATE INDEX "messages_request_channel_created_idx" ON "messages" USING btree ("request_id","channel","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_request_reviewer_reviewee_uq" ON "reviews" USING btree ("request_id","reviewer_id","reviewee_id");--> statement-breakpoint
-- Reviews written before the two-sided case were visible at once (RULES.md 6): they count as revealed when written.
UPDATE "reviews" SET "revealed_at" = "created_at" WHERE "revealed_at" IS NULL;--> statement-breakpoint
-- Documents already on requests keep who could open them (the owner and the selected mediator): the brief is written
-- for the mediator (side and mediator), case files are for everyone in the case (decision 044).
UPDATE "uploads" SET "visibility" = CASE WHEN "purpose" = 'brief' THEN 'side_and_mediator'::document_visibility ELSE 'everyone'::document_visibility END
  WHERE "request_id" IS NOT NULL AND "purpose" IN ('brief', 'case_file') AND "visibility" IS NULL;
