// The SQL of the floor server (bench/floor.mjs): the main query of each hot path, written to be read off an index.
// The runner also times these with EXPLAIN ANALYZE at each seeded size.
// The mediator's Available list before decision 022's columns exist, newest first, a page of 20 (+1 to know there is more): RULES.md 5 as an index walk
// over the live requests in created_at order, each checked against the mediator's profile read once.
export const AVAILABLE_SQL = `
  WITH me AS (
    SELECT lower(btrim(jurisdiction)) AS jurisdiction, specializations, subscription_tier FROM mediator_profiles WHERE user_id = $1
  )
  SELECT r.* FROM mediation_requests r, me
   WHERE r.status IN ('pending_mediators', 'awaiting_selection')
     AND ((r.open_to_all_at <= now()
           AND NOT EXISTS (SELECT 1 FROM mediator_acceptances a
                            WHERE a.request_id = r.id AND a.status IN ('pending', 'selected') AND a.accepted_at < r.open_to_all_at))
       OR (lower(btrim(r.jurisdiction)) = me.jurisdiction
           AND EXISTS (SELECT 1 FROM unnest(me.specializations) s WHERE lower(btrim(s)) = lower(btrim(r.case_type)))
           AND (me.subscription_tier <> 'free' OR r.open_to_free_at <= now())))
     AND (SELECT count(*) FROM mediator_acceptances a WHERE a.request_id = r.id AND a.status IN ('pending', 'selected')) < 3
     AND NOT EXISTS (SELECT 1 FROM mediator_acceptances a WHERE a.request_id = r.id AND a.mediator_id = $1)
   ORDER BY r.created_at DESC, r.id DESC
   LIMIT 21`;

// The same list as the app reads it once the Available indexes of docs/decisions/022 exist (migration 0006:
// live_acceptance_count and accepted_before_open_to_all kept on the request row by triggers): the open-to-all walk
// and one walk per specialization, merged, cut to the page, then the whole rows. It mirrors availablePage in
// src/server/modules/requests/visibility.ts and listMediatorRequests in mediator-pages.repo.ts.
const OPEN = `r.status IN ('pending_mediators', 'awaiting_selection') AND r.live_acceptance_count < 3`;
// "Not accepted by me" as the app tests it on a page's walks: one hashed set of the mediator's accepted ids (decision 035).
const NOT_MINE = `r.id NOT IN (SELECT a.request_id FROM mediator_acceptances a WHERE a.mediator_id = $1)`;
export const AVAILABLE_INDEXED_SQL = `
  SELECT r.* FROM mediation_requests r
   WHERE r.id IN (
     SELECT w.id FROM (
       (SELECT r.id, r.created_at FROM mediation_requests r
         WHERE ${OPEN} AND NOT r.accepted_before_open_to_all AND r.open_to_all_at IS NOT NULL AND r.open_to_all_at <= now() AND ${NOT_MINE}
         ORDER BY r.created_at DESC, r.id DESC LIMIT 21)
       UNION
       (SELECT m.id, m.created_at
          FROM mediator_profiles mp
          CROSS JOIN LATERAL (SELECT DISTINCT lower(btrim(s)) AS case_type_key FROM unnest(mp.specializations) s) k
          CROSS JOIN LATERAL (
            SELECT r.id, r.created_at FROM mediation_requests r
             WHERE ${OPEN} AND lower(btrim(r.jurisdiction)) = lower(btrim(mp.jurisdiction)) AND lower(btrim(r.case_type)) = k.case_type_key
               AND (mp.subscription_tier <> 'free' OR (r.open_to_free_at IS NOT NULL AND r.open_to_free_at <= now())) AND ${NOT_MINE}
             ORDER BY r.created_at DESC, r.id DESC LIMIT 21
          ) m
         WHERE mp.user_id = $1)
     ) w
     ORDER BY w.created_at DESC, w.id DESC LIMIT 21)
   ORDER BY r.created_at DESC, r.id DESC`;

/** Which Available query the floor runs: the indexed one when the database has its columns (decision 022). */
export const AVAILABLE_COLUMNS_SQL = `SELECT count(*)::int = 2 AS indexed FROM information_schema.columns
  WHERE table_schema = 'public' AND table_name = 'mediation_requests' AND column_name IN ('live_acceptance_count', 'accepted_before_open_to_all')`;

// The request detail: the app's statement (requests.repo.ts findRequestDetail, docs/decisions/026), the same joins and
// subqueries, here for a viewer who is not a mediator: the row, the viewer's acceptance, the payment's status and
// its ledger summed (ledger-sums.repo.ts), whether a dispute exists, whether the case has more than its first side
// (issue 23), the first counsel and the counterpart's contact. $1 is the viewer, $2 the request.
export const REQUEST_SQL = `
  SELECT r.*, a.id AS my_acceptance_id, a.status AS my_acceptance_status, a.proposed_rate AS my_acceptance_rate,
         a.note AS my_acceptance_note, a.no_conflict_confirmed AS my_acceptance_confirmed, a.accepted_at AS my_accepted_at,
         false AS available, p.status AS payment_status, p.refund_reason,
         CASE WHEN p.id IS NULL THEN NULL ELSE (SELECT json_build_object(
           'charged', coalesce(sum(l.amount) FILTER (WHERE l.kind IN ('deposit_charge', 'balance_charge')), 0)::text,
           'refunded', coalesce(sum(l.amount) FILTER (WHERE l.kind = 'refund'), 0)::text,
           'platformFeeKept', coalesce(sum(l.platform_fee) FILTER (WHERE l.kind IN ('payout_transfer', 'cancellation_fee')), 0)::text,
           'paidToMediator', coalesce(sum(l.amount) FILTER (WHERE l.kind IN ('payout_transfer', 'cancellation_fee')), 0)::text,
           'refundedAt', max(l.created_at) FILTER (WHERE l.kind = 'refund')
         ) FROM ledger_entries l WHERE l.payment_id = p.id) END AS ledger,
         EXISTS (SELECT 1 FROM disputes d WHERE d.request_id = r.id) AS has_dispute,
         (r.opposing_lawyer_id IS NOT NULL OR EXISTS (SELECT 1 FROM case_invitations ci WHERE ci.request_id = r.id)
           OR EXISTS (SELECT 1 FROM case_parties cpt WHERE cpt.request_id = r.id)) AS has_case_extras,
         fc.id AS first_counsel_id, fc.first_name AS first_counsel_first_name, fc.last_name AS first_counsel_last_name,
         fc.email AS first_counsel_email, fcl.firm_name AS first_counsel_firm_name,
         cp.id AS cp_id, cp.role AS cp_role, cp.first_name AS cp_first_name, cp.last_name AS cp_last_name, cp.email AS cp_email,
         cpl.phone_number AS cp_lawyer_phone, cpl.firm_name AS cp_firm_name, cpm.phone_number AS cp_mediator_phone
    FROM mediation_requests r
    LEFT JOIN mediator_acceptances a ON a.request_id = r.id AND a.mediator_id = $1::uuid
    LEFT JOIN payments p ON p.request_id = r.id
    LEFT JOIN users cp ON cp.id = CASE WHEN r.lawyer_id = $1::uuid THEN r.selected_mediator_id
                                       WHEN r.selected_mediator_id = $1::uuid THEN r.lawyer_id
                                       WHEN r.opposing_lawyer_id = $1::uuid THEN r.selected_mediator_id END
    LEFT JOIN lawyer_profiles cpl ON cpl.user_id = cp.id
    LEFT JOIN mediator_profiles cpm ON cpm.user_id = cp.id
    JOIN users fc ON fc.id = r.lawyer_id
    LEFT JOIN lawyer_profiles fcl ON fcl.user_id = r.lawyer_id
   WHERE r.id = $2::uuid
   LIMIT 1`;

export const UNREAD_SQL = `SELECT count(*)::int AS count FROM notifications WHERE user_id = $1 AND is_read = false`;

// A participant's first page of a thread: the app's statement (messages.repo.ts, docs/decisions/034), the access
// check on the request's row included. $1 is the request, $2 the reader.
export const THREAD_SQL = `
  SELECT m.*, u.first_name AS sender_first_name, u.last_name AS sender_last_name, up.file_name AS attachment_name
    FROM messages m JOIN users u ON u.id = m.sender_id
    LEFT JOIN uploads up ON up.object_path = m.attachment_url
   WHERE m.request_id = $1::uuid
     AND EXISTS (SELECT 1 FROM mediation_requests r WHERE r.id = $1::uuid AND r.selected_mediator_id IS NOT NULL
                    AND r.status IN ('matched', 'in_progress', 'completed', 'cancelled')
                    AND (r.lawyer_id = $2::uuid OR r.selected_mediator_id = $2::uuid))
   ORDER BY m.created_at DESC, m.id DESC
   LIMIT 51`;

// A counsel's first page of a two-sided case's joint channel (decision 046): the app's page statement
// (channels.repo.ts listChannelMessages: the sender's and the attachment's names, the reader's read mark from
// channel_reads), with the access check the app makes on the request's row first (channels.ts resolveChannel: a
// member of the two-sided case, from matched on; the agreement's hold of agreement-hold.ts only applies while one is
// out) folded into the statement as the participant thread's is. $1 is the request, $2 the reader.
export const CHANNEL_SQL = `
  SELECT m.*, u.first_name AS sender_first_name, u.last_name AS sender_last_name, up.file_name AS attachment_name,
         (m.sender_id = $2::uuid OR m.created_at <= cr.read_at) IS TRUE AS read_by_viewer
    FROM messages m JOIN users u ON u.id = m.sender_id
    LEFT JOIN uploads up ON up.object_path = m.attachment_url
    LEFT JOIN channel_reads cr ON cr.request_id = m.request_id AND cr.channel = m.channel AND cr.user_id = $2::uuid
   WHERE m.request_id = $1::uuid AND m.channel = 'joint'
     AND EXISTS (SELECT 1 FROM mediation_requests r WHERE r.id = $1::uuid AND r.selected_mediator_id IS NOT NULL
                    AND r.opposing_lawyer_id IS NOT NULL AND NOT r.agreement_pending
                    AND r.status IN ('matched', 'in_progress', 'completed', 'cancelled')
                    AND $2::uuid IN (r.lawyer_id, r.opposing_lawyer_id, r.selected_mediator_id))
   ORDER BY m.created_at DESC, m.id DESC
   LIMIT 51`;

// The Session card of a case (decision 054): what scheduling.view.ts getScheduling reads in nine statements (the
// request and the reader's seat, the mediator's saved terms, the attendees, the live or latest poll, its candidates
// and answers, the sessions, their history, the poll opener's name; scheduling.repo.ts), read here in one, with the
// same privacy: counsel get their own side's attendees and answers, and whether each side has answered everything.
// $1 is the request, $2 the reader (counsel or the selected mediator).
export const SCHEDULING_SQL = `
  WITH r AS (
    SELECT r.id, r.status, r.case_name, r.selected_mediator_id,
           CASE WHEN r.lawyer_id = $2::uuid THEN 'first' WHEN r.opposing_lawyer_id = $2::uuid THEN 'second' ELSE 'mediator' END AS seat
      FROM mediation_requests r
     WHERE r.id = $1::uuid AND NOT r.agreement_pending AND $2::uuid IN (r.lawyer_id, r.opposing_lawyer_id, r.selected_mediator_id)
  ), p AS (
    SELECT dp.* FROM date_polls dp JOIN r ON dp.request_id = r.id
     ORDER BY dp.status IN ('open', 'proposed', 'no_date') DESC, dp.created_at DESC LIMIT 1
  ), a AS (
    SELECT sa.* FROM session_attendees sa JOIN r ON sa.request_id = r.id WHERE sa.removed_at IS NULL
  ), c AS (
    SELECT pc.* FROM poll_candidates pc JOIN p ON pc.poll_id = p.id
  ), ans AS (
    SELECT pa.* FROM poll_answers pa JOIN p ON pa.poll_id = p.id
  ), s AS (
    SELECT cs.* FROM case_sessions cs JOIN r ON cs.request_id = r.id
  )
  SELECT r.seat, r.status, r.case_name,
         (SELECT row_to_json(t) FROM (SELECT time_zone, session_minutes, cancellation_window_hours, meeting_link
                                        FROM mediator_availability WHERE mediator_id = r.selected_mediator_id) t) AS terms,
         (SELECT coalesce(json_agg(a ORDER BY a.side, a.created_at, a.id), '[]') FROM a WHERE r.seat = 'mediator' OR a.side::text = r.seat) AS attendees,
         (SELECT row_to_json(p) FROM p) AS poll,
         (SELECT u.first_name || ' ' || u.last_name FROM p JOIN users u ON u.id = p.opened_by_id) AS opened_by,
         (SELECT coalesce(json_agg(json_build_object('id', c.id, 'startsAt', c.starts_at, 'endsAt', c.ends_at, 'answers',
                   (SELECT coalesce(json_agg(json_build_object('attendeeId', ans.attendee_id, 'answer', ans.answer)), '[]')
                      FROM ans JOIN a ON a.id = ans.attendee_id WHERE ans.candidate_id = c.id AND (r.seat = 'mediator' OR a.side::text = r.seat)))
                 ORDER BY c.starts_at, c.id), '[]') FROM c) AS candidates,
         (SELECT json_object_agg(sd.side, NOT EXISTS (SELECT 1 FROM a CROSS JOIN c WHERE a.side::text = sd.side AND a.required
                   AND NOT EXISTS (SELECT 1 FROM ans WHERE ans.candidate_id = c.id AND ans.attendee_id = a.id)))
            FROM (VALUES ('first'), ('second')) sd(side)) AS sides_answered,
         (SELECT coalesce(json_agg(s ORDER BY s.starts_at, s.id), '[]') FROM s) AS sessions,
         (SELECT coalesce(json_agg(e ORDER BY e.id), '[]') FROM case_session_events e JOIN s ON s.id = e.session_id) AS history
    FROM r`;

// The signing card of a case (decision 055): what signing.view.ts getCaseSigning reads in six statements (the request
// and the reader's seat, the envelopes, the term sheet's versions, the proposals, the envelopes' signers, the authors'
// names; signing.repo.ts), read here in one: every envelope with its signers, every version, and the proposals the
// reader may read (their own side's; all of them for the mediator). $1 is the request, $2 the reader.
export const SIGNING_SQL = `
  WITH r AS (
    SELECT r.id, r.status, r.agreement_pending, r.outcome, r.outcome_date,
           CASE WHEN r.lawyer_id = $2::uuid THEN 'first' WHEN r.opposing_lawyer_id = $2::uuid THEN 'second' ELSE 'mediator' END AS seat
      FROM mediation_requests r
     WHERE r.id = $1::uuid AND $2::uuid IN (r.lawyer_id, r.opposing_lawyer_id, r.selected_mediator_id)
       AND r.status IN ('matched', 'in_progress', 'completed', 'cancelled')
  )
  SELECT r.seat, r.status, r.agreement_pending, r.outcome, r.outcome_date,
         (SELECT coalesce(json_agg(json_build_object('id', e.id, 'kind', e.kind, 'status', e.status, 'title', e.title, 'version', e.version_number,
                   'createdAt', e.created_at, 'sealedAt', e.sealed_at, 'sha256', e.sha256, 'signers',
                   (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'role', s.role, 'side', s.side, 'status', s.status,
                             'signedAt', s.signed_at, 'method', s.method, 'refusalReason', s.refusal_reason,
                             'isMe', coalesce(s.user_id = $2::uuid, false)) ORDER BY s.position), '[]')
                      FROM envelope_signers s WHERE s.envelope_id = e.id)) ORDER BY e.seq), '[]')
            FROM signing_envelopes e WHERE e.request_id = r.id) AS envelopes,
         (SELECT coalesce(json_agg(json_build_object('number', v.number, 'status', v.status, 'content', v.content, 'note', v.note,
                   'createdBy', u.first_name || ' ' || u.last_name, 'createdAt', v.created_at) ORDER BY v.number), '[]')
            FROM term_sheet_versions v JOIN users u ON u.id = v.created_by_id WHERE v.request_id = r.id) AS versions,
         (SELECT coalesce(json_agg(json_build_object('id', p.id, 'baseVersion', p.base_version, 'status', p.status, 'content', p.content,
                   'note', p.note, 'proposedBy', u.first_name || ' ' || u.last_name, 'side', p.side, 'decisionReason', p.decision_reason,
                   'acceptedAsVersion', p.accepted_as_version, 'createdAt', p.created_at) ORDER BY p.seq), '[]')
            FROM term_sheet_proposals p JOIN users u ON u.id = p.proposed_by_id
           WHERE p.request_id = r.id AND (r.seat = 'mediator' OR p.side::text = r.seat)) AS proposals
    FROM r`;

// A message: the row, the recipient's coalesced notification and, when that notification is fresh, its e-mail job in
// the outbox (written as delivered, so the app's relay, polling the same table, does not run the floor's jobs), in one
// statement under the request's row lock, as the app's one-statement send does; the realtime event goes after the
// commit (ANNOUNCE_SQL), as the app's does.
export const SEND_SQL = `
  WITH r AS (
    SELECT id, lawyer_id, selected_mediator_id FROM mediation_requests
     WHERE id = $1 AND status IN ('matched', 'in_progress', 'completed') AND $2 IN (lawyer_id, selected_mediator_id)
     FOR UPDATE
  ), m AS (
    INSERT INTO messages (request_id, sender_id, recipient_id, content, created_at)
    SELECT r.id, $2, CASE WHEN r.lawyer_id = $2 THEN r.selected_mediator_id ELSE r.lawyer_id END, $3,
           greatest(now(), (SELECT max(x.created_at) + interval '1 millisecond' FROM messages x WHERE x.request_id = r.id))
      FROM r RETURNING *
  ), n AS (
    INSERT INTO notifications (user_id, type, title, message, link_url)
    SELECT recipient_id, 'new_message', 'New message', left($3, 100), '/messages/' || request_id FROM m
    ON CONFLICT (user_id, link_url) WHERE type = 'new_message' AND is_read = false
    DO UPDATE SET coalesced_count = notifications.coalesced_count + 1, message = excluded.message, created_at = now()
    RETURNING id, (xmax = 0) AS inserted
  ), o AS (
    INSERT INTO outbox (topic, payload, delivered_at)
    SELECT 'job', jsonb_build_object('name', 'message.email-if-unread', 'data', jsonb_build_object('notificationId', n.id),
                                     'runAt', (now() + interval '10 minutes')::text, 'key', 'message-email:' || n.id), now()
      FROM n WHERE n.inserted RETURNING id
  )
  SELECT m.*, (SELECT count(*) FROM n)::int AS notified, (SELECT count(*) FROM o)::int AS jobs FROM m`;

// An acceptance: lock the request, then (a fresh snapshot after the lock) insert while fewer than three are live, with
// the same durable work as the app: the lawyer's notification, its e-mail job in the outbox (written as delivered, so
// the app's relay, polling the same table, does not send the floor's e-mails); the realtime event after the commit.
export const LOCK_SQL = `SELECT id, lawyer_id FROM mediation_requests WHERE id = $1 AND status IN ('pending_mediators', 'awaiting_selection') FOR UPDATE`;
export const ACCEPT_SQL = `
  WITH ins AS (
    INSERT INTO mediator_acceptances (request_id, mediator_id, status, no_conflict_confirmed)
    SELECT $1, $2, 'pending', true
     WHERE (SELECT count(*) FROM mediator_acceptances a WHERE a.request_id = $1 AND a.status IN ('pending', 'selected')) < 3
    ON CONFLICT DO NOTHING RETURNING *
  ), upd AS (
    UPDATE mediation_requests SET status = 'awaiting_selection', updated_at = now() WHERE id IN (SELECT request_id FROM ins) RETURNING id
  ), n AS (
    INSERT INTO notifications (user_id, type, title, message, link_url)
    SELECT $3, 'acceptance_received', 'A mediator accepted your request', 'A mediator accepted your request.', '/requests/' || request_id FROM ins
    RETURNING id, user_id
  ), o AS (
    INSERT INTO outbox (topic, payload, delivered_at)
    SELECT 'job', json_build_object('name', 'notification.email', 'data', json_build_object('ids', json_build_array(n.id)),
                                    'runAt', '1970-01-01T00:00:00.000Z', 'key', 'notification-email:' || n.id), now()
      FROM n RETURNING id
  )
  SELECT ins.*, (SELECT count(*) FROM upd)::int AS updated, (SELECT count(*) FROM n)::int AS notified,
         (SELECT count(*) FROM o)::int AS jobs
    FROM ins`;

// The realtime event of a committed write, as the app sends it (decision 057): after the commit, in a statement of its
// own that does not wait for the disk. $1 is the payload.
export const ANNOUNCE_SQL = `SELECT set_config('synchronous_commit', 'off', true), pg_notify('bench_floor', $1)`;
