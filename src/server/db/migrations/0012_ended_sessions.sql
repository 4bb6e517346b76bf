-- Why a session the server ended (suspension, password change, expiry) ended, for the 401 its cookie gets next (decision 038).
CREATE TABLE "ended_sessions" (
	"sid" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"reason" varchar(20) NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ended_sessions" ADD CONSTRAINT "ended_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ended_sessions_ended_at_idx" ON "ended_sessions" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "ended_sessions_user_idx" ON "ended_sessions" USING btree ("user_id");