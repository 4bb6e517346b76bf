CREATE TYPE "public"."poll_answer" AS ENUM('yes', 'if_need_be', 'no');--> statement-breakpoint
CREATE TYPE "public"."poll_status" AS ENUM('open', 'proposed', 'no_date', 'confirmed', 'closed');--> statement-breakpoint
CREATE TYPE "public"."session_event_kind" AS ENUM('scheduled', 'rescheduled', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."session_status" AS ENUM('scheduled', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'date_poll_opened';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'session_proposed';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'session_scheduled';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'session_rescheduled';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'session_cancelled';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'session_reminder';--> statement-breakpoint
CREATE TABLE "availability_exceptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mediator_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"note" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "case_session_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" "session_event_kind" NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"previous_starts_at" timestamp with time zone,
	"sequence" integer NOT NULL,
	"by_user_id" uuid,
	"reason" text,
	"late" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "case_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"status" "session_status" DEFAULT 'scheduled' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"location" varchar(300),
	"meeting_link" varchar(500),
	"sequence" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_id" uuid,
	"cancel_reason" text,
	"late_cancellation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "date_polls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"session_id" uuid,
	"opened_by_id" uuid NOT NULL,
	"status" "poll_status" DEFAULT 'open' NOT NULL,
	"duration_minutes" smallint NOT NULL,
	"location" varchar(300),
	"meeting_link" varchar(500),
	"note" text,
	"confirm_within_hours" smallint DEFAULT 48 NOT NULL,
	"proposed_candidate_id" uuid,
	"auto_confirm_at" timestamp with time zone,
	"confirmed_candidate_id" uuid,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mediator_availability" (
	"mediator_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" varchar(64) NOT NULL,
	"weekly" jsonb NOT NULL,
	"session_minutes" smallint DEFAULT 240 NOT NULL,
	"cancellation_window_hours" smallint DEFAULT 48 NOT NULL,
	"meeting_link" varchar(500),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_answers" (
	"candidate_id" uuid NOT NULL,
	"attendee_id" uuid NOT NULL,
	"poll_id" uuid NOT NULL,
	"answer" "poll_answer" NOT NULL,
	"answered_by_id" uuid NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "poll_answers_candidate_id_attendee_id_pk" PRIMARY KEY("candidate_id","attendee_id")
);
--> statement-breakpoint
CREATE TABLE "poll_candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poll_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_attendees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"side" "case_side" NOT NULL,
	"user_id" uuid,
	"name" varchar(200) NOT NULL,
	"email" varchar(254) NOT NULL,
	"role" varchar(100) NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_reminders" (
	"session_id" uuid NOT NULL,
	"kind" varchar(8) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "session_reminders_session_id_kind_starts_at_pk" PRIMARY KEY("session_id","kind","starts_at")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" varchar(64);--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_mediator_id_users_id_fk" FOREIGN KEY ("mediator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_session_events" ADD CONSTRAINT "case_session_events_session_id_case_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."case_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_session_events" ADD CONSTRAINT "case_session_events_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_sessions" ADD CONSTRAINT "case_sessions_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "case_sessions" ADD CONSTRAINT "case_sessions_cancelled_by_id_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_polls" ADD CONSTRAINT "date_polls_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_polls" ADD CONSTRAINT "date_polls_session_id_case_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."case_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_polls" ADD CONSTRAINT "date_polls_opened_by_id_users_id_fk" FOREIGN KEY ("opened_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mediator_availability" ADD CONSTRAINT "mediator_availability_mediator_id_users_id_fk" FOREIGN KEY ("mediator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_answers" ADD CONSTRAINT "poll_answers_candidate_id_poll_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."poll_candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_answers" ADD CONSTRAINT "poll_answers_attendee_id_session_attendees_id_fk" FOREIGN KEY ("attendee_id") REFERENCES "public"."session_attendees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_answers" ADD CONSTRAINT "poll_answers_poll_id_date_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."date_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_answers" ADD CONSTRAINT "poll_answers_answered_by_id_users_id_fk" FOREIGN KEY ("answered_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_candidates" ADD CONSTRAINT "poll_candidates_poll_id_date_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."date_polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendees" ADD CONSTRAINT "session_attendees_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_attendees" ADD CONSTRAINT "session_attendees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_session_id_case_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."case_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_exceptions_mediator_idx" ON "availability_exceptions" USING btree ("mediator_id","start_date");--> statement-breakpoint
CREATE INDEX "case_session_events_session_idx" ON "case_session_events" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "case_sessions_request_idx" ON "case_sessions" USING btree ("request_id","starts_at");--> statement-breakpoint
CREATE INDEX "case_sessions_starts_idx" ON "case_sessions" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "date_polls_request_idx" ON "date_polls" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "date_polls_one_live_uq" ON "date_polls" USING btree ("request_id") WHERE status IN ('open', 'proposed', 'no_date');--> statement-breakpoint
CREATE INDEX "poll_answers_poll_idx" ON "poll_answers" USING btree ("poll_id");--> statement-breakpoint
CREATE UNIQUE INDEX "poll_candidates_start_uq" ON "poll_candidates" USING btree ("poll_id","starts_at");--> statement-breakpoint
CREATE INDEX "session_attendees_request_idx" ON "session_attendees" USING btree ("request_id","side");--> statement-breakpoint
CREATE UNIQUE INDEX "session_attendees_email_uq" ON "session_attendees" USING btree ("request_id",lower("email")) WHERE removed_at IS NULL;