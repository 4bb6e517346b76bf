-- A subscription refund names the charge it gives back, so the mediator's list of charges shows what of each was
-- refunded (decision 038). Refunds recorded before this are linked where the record allows: a renewal's refund by its
-- key ('subscription-refund:' + the renewal's key), any refund the local provider made by the charge it names.
ALTER TABLE "subscription_charges" ADD COLUMN "refund_of" varchar(120);--> statement-breakpoint
UPDATE "subscription_charges" AS r SET "refund_of" = c."provider_ref"
  FROM "subscription_charges" AS c
  WHERE r."kind" = 'refund' AND c."kind" <> 'refund' AND c."provider_ref" IS NOT NULL
    AND r."idempotency_key" = 'subscription-refund:' || c."idempotency_key";--> statement-breakpoint
UPDATE "subscription_charges" AS r SET "refund_of" = (pc."metadata"::json ->> 'chargeId')
  FROM "provider_charges" AS pc
  WHERE r."kind" = 'refund' AND r."refund_of" IS NULL AND pc."id" = r."provider_ref" AND pc."kind" = 'refund'
    AND pc."metadata" LIKE '{%';
