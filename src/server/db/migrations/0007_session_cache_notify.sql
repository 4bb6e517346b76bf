-- The session cache (docs/decisions/023-session-cache.md): every instance keeps the sessions it served lately in
-- memory and must drop one the moment it ends or its user changes, whatever code path made the change. So the
-- database says so itself: on commit, PostgreSQL delivers these notifications to every instance listening on
-- mediatehub_session_cache ('s:' || sid for a session row, 'u:' || id for a user row, '*' for a TRUNCATE).
CREATE OR REPLACE FUNCTION session_cache_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mediatehub_session_cache', 's:' || OLD.sid);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION session_cache_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mediatehub_session_cache', 'u:' || OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION session_cache_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mediatehub_session_cache', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER session_cache_notify AFTER UPDATE OR DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION session_cache_notify_session();
--> statement-breakpoint
CREATE TRIGGER session_cache_notify_truncate AFTER TRUNCATE ON "session" FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify_all();
--> statement-breakpoint
CREATE TRIGGER session_cache_notify AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION session_cache_notify_user();
--> statement-breakpoint
CREATE TRIGGER session_cache_notify_truncate AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION session_cache_notify_all();
