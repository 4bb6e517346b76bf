CREATE TABLE "user_activity_days" (
	"day" date NOT NULL,
	"user_id" uuid NOT NULL,
	"first_quarter" smallint NOT NULL,
	"last_quarter" smallint NOT NULL,
	"prev_day" date,
	"prev_last_quarter" smallint,
	CONSTRAINT "user_activity_days_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_activity_days" ADD CONSTRAINT "user_activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_activity_days_user_idx" ON "user_activity_days" USING btree ("user_id","day");--> statement-breakpoint
-- The admin analytics' active users, deduplicated as they are written (docs/decisions/031). A time's place in the
-- table: its UTC day and quarter-hour of that day (0–95).
CREATE FUNCTION user_activity_quarter(at timestamptz) RETURNS smallint LANGUAGE sql IMMUTABLE AS $fn$
  SELECT (extract(hour FROM at AT TIME ZONE 'UTC') * 4 + floor(extract(minute FROM at AT TIME ZONE 'UTC') / 15))::smallint
$fn$;--> statement-breakpoint
-- Notes one activity of a user. Most calls change nothing (the time lies between the day's first and last quarter
-- already on record) and take no lock. Otherwise it widens the day's row, or inserts it between the user's previous
-- and next rows, and keeps the copies of the previous row's day and last quarter that each row carries. One writer per
-- user at a time (an advisory lock, held to commit), so those copies cannot miss a row written at the same moment.
-- Every statement is a probe by key: sequential scans are off, so plans cached while statistics said the table was
-- empty (an ANALYZE in the same transaction as a bulk load, whose notes all run at its commit) cannot turn each note
-- into a scan of the table.
CREATE FUNCTION user_activity_note(who uuid, at timestamptz) RETURNS void LANGUAGE plpgsql SET enable_seqscan = off AS $fn$
DECLARE
  d date;
  q smallint;
  cur_first smallint;
  cur_last smallint;
  prev_d date;
  prev_q smallint;
BEGIN
  IF who IS NULL OR at IS NULL THEN
    RETURN;
  END IF;
  d := (at AT TIME ZONE 'UTC')::date;
  q := user_activity_quarter(at);
  PERFORM 1 FROM user_activity_days WHERE day = d AND user_id = who AND first_quarter <= q AND last_quarter >= q;
  IF FOUND THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(31, hashtext(who::text));
  SELECT first_quarter, last_quarter INTO cur_first, cur_last FROM user_activity_days WHERE day = d AND user_id = who;
  IF FOUND THEN
    IF cur_first <= q AND cur_last >= q THEN
      RETURN;
    END IF;
    UPDATE user_activity_days SET first_quarter = least(first_quarter, q), last_quarter = greatest(last_quarter, q)
     WHERE day = d AND user_id = who;
    IF q > cur_last THEN
      UPDATE user_activity_days SET prev_last_quarter = q
       WHERE user_id = who AND day = (SELECT min(n.day) FROM user_activity_days n WHERE n.user_id = who AND n.day > d);
    END IF;
  ELSE
    -- A user deleted later in the same transaction (their rows went with them): nothing to note.
    IF NOT EXISTS (SELECT 1 FROM users WHERE id = who) THEN
      RETURN;
    END IF;
    SELECT p.day, p.last_quarter INTO prev_d, prev_q FROM user_activity_days p WHERE p.user_id = who AND p.day < d
     ORDER BY p.day DESC LIMIT 1;
    INSERT INTO user_activity_days (day, user_id, first_quarter, last_quarter, prev_day, prev_last_quarter)
    VALUES (d, who, q, q, prev_d, prev_q);
    UPDATE user_activity_days SET prev_day = d, prev_last_quarter = q
     WHERE user_id = who AND day = (SELECT min(n.day) FROM user_activity_days n WHERE n.user_id = who AND n.day > d);
  END IF;
END
$fn$;--> statement-breakpoint
-- What counts as activity (docs/decisions/021's sources): a session begun (not an admin's impersonation), a request
-- created or submitted, an acceptance, a message sent, a review written.
CREATE FUNCTION user_activity_record() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'messages' THEN
      PERFORM user_activity_note(NEW.sender_id, NEW.created_at);
    WHEN 'mediation_requests' THEN
      IF TG_OP = 'INSERT' THEN
        PERFORM user_activity_note(NEW.lawyer_id, NEW.created_at);
      END IF;
      PERFORM user_activity_note(NEW.lawyer_id, NEW.submitted_at);
    WHEN 'mediator_acceptances' THEN
      PERFORM user_activity_note(NEW.mediator_id, NEW.accepted_at);
    WHEN 'reviews' THEN
      PERFORM user_activity_note(NEW.reviewer_id, NEW.created_at);
    WHEN 'session' THEN
      IF NEW.sess->>'impersonatorId' IS NULL THEN
        PERFORM user_activity_note((NEW.sess->>'userId')::uuid, (NEW.sess->>'createdAt')::timestamptz);
      END IF;
  END CASE;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
-- Deferred to commit: the row lock or advisory lock a note may take is then the transaction's last, after every lock
-- taken in the documented order (src/server/db/lock-order.ts), so it adds no deadlock; and a rolled-back action
-- notes nothing.
CREATE CONSTRAINT TRIGGER user_activity AFTER INSERT ON messages DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION user_activity_record();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_activity AFTER INSERT ON mediation_requests DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION user_activity_record();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_activity_submitted AFTER UPDATE OF submitted_at ON mediation_requests DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.submitted_at IS DISTINCT FROM OLD.submitted_at) EXECUTE FUNCTION user_activity_record();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_activity AFTER INSERT ON mediator_acceptances DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION user_activity_record();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_activity_accepted AFTER UPDATE OF accepted_at ON mediator_acceptances DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.accepted_at IS DISTINCT FROM OLD.accepted_at) EXECUTE FUNCTION user_activity_record();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_activity AFTER INSERT ON reviews DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION user_activity_record();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_activity AFTER INSERT OR UPDATE OF sess ON session DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION user_activity_record();--> statement-breakpoint
-- The whole table again from the sources, set-based: the backfill below, and loaders that insert with triggers off
-- (bench/seed.ts). Each row's copy of the previous one comes from a window over the user's days.
CREATE FUNCTION user_activity_rebuild() RETURNS void LANGUAGE sql AS $fn$
  DELETE FROM user_activity_days;
  INSERT INTO user_activity_days (day, user_id, first_quarter, last_quarter, prev_day, prev_last_quarter)
  SELECT g.day, g.user_id, g.first_quarter, g.last_quarter, lag(g.day) OVER w, lag(g.last_quarter) OVER w
    FROM (
      SELECT a.user_id, (a.at AT TIME ZONE 'UTC')::date AS day,
             min(user_activity_quarter(a.at)) AS first_quarter, max(user_activity_quarter(a.at)) AS last_quarter
        FROM (
          SELECT (s.sess->>'userId')::uuid AS user_id, (s.sess->>'createdAt')::timestamptz AS at
            FROM session s WHERE s.sess->>'impersonatorId' IS NULL
             AND EXISTS (SELECT 1 FROM users u WHERE u.id = (s.sess->>'userId')::uuid)
          UNION ALL SELECT r.lawyer_id, r.created_at FROM mediation_requests r
          UNION ALL SELECT r.lawyer_id, r.submitted_at FROM mediation_requests r
          UNION ALL SELECT c.mediator_id, c.accepted_at FROM mediator_acceptances c
          UNION ALL SELECT m.sender_id, m.created_at FROM messages m
          UNION ALL SELECT v.reviewer_id, v.created_at FROM reviews v
        ) a
       WHERE a.user_id IS NOT NULL AND a.at IS NOT NULL
       GROUP BY 1, 2
    ) g
  WINDOW w AS (PARTITION BY g.user_id ORDER BY g.day)
  ORDER BY g.day, g.user_id;
$fn$;--> statement-breakpoint
SELECT user_activity_rebuild();
