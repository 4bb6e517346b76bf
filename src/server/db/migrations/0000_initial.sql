CREATE TYPE "public"."acceptance_status" AS ENUM('pending', 'selected', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."dispute_outcome" AS ENUM('release', 'refund_full', 'refund_partial');--> statement-breakpoint
CREATE TYPE "public"."dispute_status" AS ENUM('open', 'resolved');--> statement-breakpoint
CREATE TYPE "public"."ledger_kind" AS ENUM('deposit_charge', 'balance_charge', 'refund', 'payout_transfer', 'cancellation_fee');--> statement-breakpoint
CREATE TYPE "public"."mediation_type" AS ENUM('in-person', 'online');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('new_request', 'acceptance_received', 'mediator_selected', 'mediation_completed', 'payment_processed', 'new_message', 'review_received', 'subscription_updated', 'acceptance_rejected', 'request_cancelled', 'mediator_reassigned', 'dispute_opened', 'dispute_resolved', 'payment_failed', 'broadcast');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'held', 'released', 'refunded_full', 'refunded_partial', 'failed');--> statement-breakpoint
CREATE TYPE "public"."pricing_model" AS ENUM('hourly', 'flat');--> statement-breakpoint
CREATE TYPE "public"."mediation_request_status" AS ENUM('draft', 'pending_mediators', 'awaiting_selection', 'matched', 'in_progress', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."subscription_tier" AS ENUM('free', 'pro', 'unlimited');--> statement-breakpoint
CREATE TYPE "public"."upload_purpose" AS ENUM('brief', 'case_file', 'attachment', 'photo');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('lawyer', 'mediator', 'admin');--> statement-breakpoint
CREATE TYPE "public"."user_status" AS ENUM('pending', 'approved', 'suspended');--> statement-breakpoint
CREATE TABLE "lawyer_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"firm_name" varchar(200),
	"bar_number" varchar(60),
	"practice_area" varchar(200),
	"jurisdiction" varchar(120) NOT NULL,
	"phone_number" varchar(40),
	"bio" text,
	"rating" numeric(3, 2) DEFAULT '0' NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lawyer_profiles_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "mediator_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"certifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"specializations" text[] DEFAULT '{}'::text[] NOT NULL,
	"years_experience" integer,
	"hourly_rate" numeric(10, 2) NOT NULL,
	"bio" text,
	"jurisdiction" varchar(120) NOT NULL,
	"phone_number" varchar(40),
	"website_url" varchar(300),
	"photo_url" text,
	"mediation_training" text[] DEFAULT '{}'::text[] NOT NULL,
	"languages_spoken" text[] DEFAULT '{}'::text[] NOT NULL,
	"rating" numeric(3, 2) DEFAULT '0' NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"total_mediations_completed" integer DEFAULT 0 NOT NULL,
	"subscription_tier" "subscription_tier" DEFAULT 'free' NOT NULL,
	"subscription_start_date" timestamp with time zone,
	"monthly_mediation_count" integer DEFAULT 0 NOT NULL,
	"payout_account_id" varchar(120),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mediator_profiles_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"sid" varchar(64) PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp (6) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(254) NOT NULL,
	"password" text NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"profile_image_url" text,
	"role" "user_role",
	"profile_completed" boolean DEFAULT false NOT NULL,
	"status" "user_status" DEFAULT 'pending' NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"verification_token" varchar(64),
	"verification_token_expires_at" timestamp with time zone,
	"anonymized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"raised_by_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" "dispute_status" DEFAULT 'open' NOT NULL,
	"outcome" "dispute_outcome",
	"refund_amount" numeric(10, 2),
	"resolution_note" text,
	"resolved_by_id" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mediation_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lawyer_id" uuid NOT NULL,
	"case_number" varchar(100) NOT NULL,
	"case_name" varchar(200) NOT NULL,
	"case_type" varchar(120) NOT NULL,
	"jurisdiction" varchar(120) NOT NULL,
	"court_info" varchar(300),
	"trial_date" date,
	"description" text NOT NULL,
	"opposing_lawyer_name" varchar(200),
	"opposing_lawyer_bar_number" varchar(60),
	"opposing_lawyer_firm_name" varchar(200),
	"opposing_lawyer_email" varchar(254),
	"opposing_lawyer_phone" varchar(40),
	"mediation_type" "mediation_type" NOT NULL,
	"pricing_model" "pricing_model" DEFAULT 'hourly' NOT NULL,
	"preferred_date" date,
	"estimated_duration" integer,
	"hourly_rate" numeric(10, 2),
	"hours_needed" integer,
	"flat_fee" numeric(10, 2),
	"budget" numeric(10, 2) NOT NULL,
	"mediation_brief_url" text,
	"case_files_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"documents_url" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" "mediation_request_status" DEFAULT 'draft' NOT NULL,
	"selected_mediator_id" uuid,
	"deposit_amount" numeric(10, 2),
	"platform_fee" numeric(10, 2),
	"open_to_all_at" timestamp with time zone,
	"open_to_free_at" timestamp with time zone,
	"terms" jsonb,
	"completion_results" text,
	"deliverables" text,
	"mediator_proposal" text,
	"completed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mediator_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"mediator_id" uuid NOT NULL,
	"status" "acceptance_status" DEFAULT 'pending' NOT NULL,
	"proposed_rate" numeric(10, 2),
	"note" text,
	"no_conflict_confirmed" boolean DEFAULT false NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"content" text NOT NULL,
	"attachment_url" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_notices" (
	"request_id" uuid NOT NULL,
	"mediator_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"reviewer_id" uuid NOT NULL,
	"reviewee_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"purpose" "upload_purpose" NOT NULL,
	"object_path" varchar(300) NOT NULL,
	"file_name" varchar(255),
	"content_type" varchar(100),
	"size" integer,
	"uploaded_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"request_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_object_path_unique" UNIQUE("object_path")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"platform_fee" numeric(10, 2) DEFAULT '0' NOT NULL,
	"provider_ref" varchar(120) NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"lawyer_id" uuid NOT NULL,
	"mediator_id" uuid,
	"payment_intent_id" varchar(120),
	"payment_method_id" varchar(120),
	"deposit_amount" numeric(10, 2) NOT NULL,
	"platform_fee" numeric(10, 2) NOT NULL,
	"mediator_payout" numeric(10, 2) NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"refund_amount" numeric(10, 2) DEFAULT '0' NOT NULL,
	"refund_reason" text,
	"transfer_id" varchar(120),
	"deposit_attempt" integer DEFAULT 1 NOT NULL,
	"balance_attempt" integer DEFAULT 0 NOT NULL,
	"balance_intent_id" varchar(120),
	"pending_selection_mediator_id" uuid,
	"payout_due_at" timestamp with time zone,
	"payout_paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_request_id_unique" UNIQUE("request_id")
);
--> statement-breakpoint
CREATE TABLE "provider_charges" (
	"id" varchar(120) PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"status" varchar(30) NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"client_secret" varchar(200),
	"payment_method_id" varchar(120),
	"failure_message" text,
	"metadata" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mediator_id" uuid NOT NULL,
	"tier" "subscription_tier" DEFAULT 'free' NOT NULL,
	"provider_subscription_id" varchar(120),
	"payment_method_id" varchar(120),
	"pending_tier" "subscription_tier",
	"pending_intent_id" varchar(120),
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_mediator_id_unique" UNIQUE("mediator_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" varchar(60) NOT NULL,
	"target_type" varchar(40),
	"target_id" varchar(64),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" varchar(120) NOT NULL,
	"email" varchar(254) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"message" text NOT NULL,
	"handled" boolean DEFAULT false NOT NULL,
	"handled_by_id" uuid,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "notification_type" NOT NULL,
	"title" varchar(200) NOT NULL,
	"message" text NOT NULL,
	"link_url" varchar(300),
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"commission_percentage" numeric(5, 2) DEFAULT '10' NOT NULL,
	"minimum_platform_fee" numeric(10, 2) DEFAULT '50' NOT NULL,
	"default_deposit" numeric(10, 2) DEFAULT '250' NOT NULL,
	"match_window_minutes" integer DEFAULT 20 NOT NULL,
	"priority_head_start_minutes" integer DEFAULT 5 NOT NULL,
	"payout_hold_hours" integer DEFAULT 72 NOT NULL,
	"terms_of_service" text,
	"privacy_policy" text,
	"email_templates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lawyer_profiles" ADD CONSTRAINT "lawyer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mediator_profiles" ADD CONSTRAINT "mediator_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_raised_by_id_users_id_fk" FOREIGN KEY ("raised_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_id_users_id_fk" FOREIGN KEY ("resolved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mediation_requests" ADD CONSTRAINT "mediation_requests_lawyer_id_users_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mediation_requests" ADD CONSTRAINT "mediation_requests_selected_mediator_id_users_id_fk" FOREIGN KEY ("selected_mediator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mediator_acceptances" ADD CONSTRAINT "mediator_acceptances_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mediator_acceptances" ADD CONSTRAINT "mediator_acceptances_mediator_id_users_id_fk" FOREIGN KEY ("mediator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_notices" ADD CONSTRAINT "request_notices_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_notices" ADD CONSTRAINT "request_notices_mediator_id_users_id_fk" FOREIGN KEY ("mediator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewee_id_users_id_fk" FOREIGN KEY ("reviewee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_lawyer_id_users_id_fk" FOREIGN KEY ("lawyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_mediator_id_users_id_fk" FOREIGN KEY ("mediator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pending_selection_mediator_id_users_id_fk" FOREIGN KEY ("pending_selection_mediator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_mediator_id_users_id_fk" FOREIGN KEY ("mediator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_handled_by_id_users_id_fk" FOREIGN KEY ("handled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mediator_profiles_jurisdiction_idx" ON "mediator_profiles" USING btree (lower("jurisdiction"));--> statement-breakpoint
CREATE INDEX "password_reset_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_expire_idx" ON "session" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ((("sess"->>'userId')));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "disputes_status_idx" ON "disputes" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "disputes_request_idx" ON "disputes" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "mediation_requests_status_idx" ON "mediation_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "mediation_requests_lawyer_status_idx" ON "mediation_requests" USING btree ("lawyer_id","status");--> statement-breakpoint
CREATE INDEX "mediation_requests_open_to_all_idx" ON "mediation_requests" USING btree ("open_to_all_at");--> statement-breakpoint
CREATE INDEX "mediation_requests_selected_idx" ON "mediation_requests" USING btree ("selected_mediator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mediator_acceptances_request_mediator_uq" ON "mediator_acceptances" USING btree ("request_id","mediator_id");--> statement-breakpoint
CREATE INDEX "mediator_acceptances_mediator_idx" ON "mediator_acceptances" USING btree ("mediator_id","accepted_at");--> statement-breakpoint
CREATE INDEX "messages_request_created_idx" ON "messages" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_recipient_unread_idx" ON "messages" USING btree ("recipient_id","is_read");--> statement-breakpoint
CREATE UNIQUE INDEX "request_notices_pk" ON "request_notices" USING btree ("request_id","mediator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_request_reviewer_uq" ON "reviews" USING btree ("request_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "reviews_reviewee_idx" ON "reviews" USING btree ("reviewee_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "uploads_request_idx" ON "uploads" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_uq" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_payment_idx" ON "ledger_entries" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_lawyer_idx" ON "payments" USING btree ("lawyer_id");--> statement-breakpoint
CREATE INDEX "payments_mediator_idx" ON "payments" USING btree ("mediator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_charges_idempotency_uq" ON "provider_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("handled","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","is_read");