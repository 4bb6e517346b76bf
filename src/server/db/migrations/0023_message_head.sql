-- A thread's head (docs/decisions/057, option A): the time of the request's newest message, kept on the request's own
-- row by every send in the statement that writes the message. A send takes the next time from it with
-- `UPDATE … SET last_message_at = greatest(now, last_message_at + 1 ms)`, which, under READ COMMITTED, waits for the
-- row's lock and then reads its newest committed version: every message of a request gets a strictly later time than
-- the one committed before it, whatever the sending statement's snapshot saw. Not indexed, so the write is a HOT update.
ALTER TABLE "mediation_requests" ADD COLUMN "last_message_at" timestamp with time zone;--> statement-breakpoint
UPDATE "mediation_requests" r SET "last_message_at" = m.newest
  FROM (SELECT request_id, max(created_at) AS newest FROM messages GROUP BY request_id) m
 WHERE m.request_id = r.id;
