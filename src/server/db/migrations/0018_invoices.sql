CREATE TABLE "invoices" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"number" bigserial NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_request_id_mediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."mediation_requests"("id") ON DELETE cascade ON UPDATE no action;