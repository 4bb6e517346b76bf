// The two-sided cases of the seed (bench/seed.ts): in_progress requests with a second counsel seated, as an accepted
// invitation leaves them (docs/decisions/043, 049), and on each what the bench reads of the features of issues 23, 25
// and 26: the joint channel with each member's read mark (decision 046), an open date poll with its candidates and
// the attendees' answers (decision 054), and a term sheet whose latest version is out for signature (decision 055).
// Set-based SQL like the rest of the seed, run with the seed's session (triggers and foreign-key checks off).
// bench.cases lists them for the runner: both counsel of each case read the three new lines.
import type pg from 'pg';

export type Step = (label: string, text: string, params?: unknown[]) => Promise<pg.QueryResult>;

/** Requests and users of the seed the cases are drawn from (bench.req has pair_no, case_no and opposing_n filled). */
export async function seedTwoSidedCases(step: Step): Promise<void> {
  // Members of each case, when the second counsel joined (the selection was an hour after submission), how many
  // joint messages it has (a full page of 50 and more, as the pairs' threads) and how many of them each member has
  // not read yet.
  await step(
    'bench.cases',
    `CREATE TABLE bench.cases AS
       SELECT r.case_no, r.n, r.id, l.id AS lawyer_id, o.id AS opposing_id, m.id AS mediator_id,
              r.submitted_at + interval '2 hours' AS joined_at, 60 + floor(random() * 60)::int AS joint_count, 1 + floor(random() * 3)::int AS unread
         FROM bench.req r JOIN bench.lawyers l ON l.n = r.lawyer_n JOIN bench.lawyers o ON o.n = r.opposing_n JOIN bench.mediators m ON m.n = r.mediator_n
        WHERE r.case_no IS NOT NULL;
     ALTER TABLE bench.cases ADD PRIMARY KEY (case_no)`,
  );
  // The joining (invitations.service.ts acceptInvitation): the invitation closed as joined, the fee split agreed at
  // the offered half (fee-split.service.ts splitOnJoining), each side's party listed.
  await step(
    'case_invitations (joined)',
    `INSERT INTO case_invitations (request_id, invited_by_id, email, name, firm_name, token_hash, status, sent_at, send_count, expires_at,
                                   opened_at, responded_at, joined_user_id, first_side_percent, created_at)
     SELECT c.id, c.lawyer_id, u.email, u.first_name || ' ' || u.last_name, lp.firm_name, md5(random()::text) || md5(random()::text), 'joined',
            c.joined_at - interval '90 minutes', 1, c.joined_at - interval '90 minutes' + interval '14 days', c.joined_at - interval '10 minutes',
            c.joined_at, c.opposing_id, 50, c.joined_at - interval '90 minutes'
       FROM bench.cases c JOIN users u ON u.id = c.opposing_id LEFT JOIN lawyer_profiles lp ON lp.user_id = c.opposing_id`,
  );
  await step(
    'fee_splits (agreed)',
    `INSERT INTO fee_splits (request_id, first_side_percent, agreed_at, updated_at) SELECT id, 50, joined_at, joined_at FROM bench.cases`,
  );
  await step(
    'case_parties',
    `INSERT INTO case_parties (request_id, side, kind, name, created_at)
     SELECT c.id, s.side::case_side, 'party', 'Bench Party ' || s.letter || ' ' || c.case_no, c.joined_at
       FROM bench.cases c CROSS JOIN (VALUES ('first', 'A'), ('second', 'B')) s(side, letter)`,
  );

  // The joint channel: no single recipient (recipient_id NULL), the members in turn, strictly increasing times after
  // the join (the first channel keeps the messages from before it, already seeded).
  await step(
    'messages: joint channels',
    `INSERT INTO messages (request_id, sender_id, recipient_id, channel, content, is_read, created_at)
     SELECT c.id, (ARRAY[c.lawyer_id, c.opposing_id, c.mediator_id])[1 + i % 3], NULL, 'joint',
            (ARRAY['Welcome both. I have shared the agenda for our first joint session.', 'Our client can attend the morning sessions only.',
                   'We will circulate the revised damages figures by Friday.', 'Noted. Please send the exhibits you plan to rely on.',
                   'The insurer''s representative will join by video.', 'Thank you both for the productive discussion today.'])[1 + i % 6] || ' (' || i || ')',
            false, c.joined_at + interval '1 hour' + (now() - c.joined_at - interval '2 hours') * ((i + 0.5 * random()) / c.joint_count)
       FROM bench.cases c CROSS JOIN LATERAL generate_series(0, c.joint_count - 1) i`,
  );
  // Each member's read mark (channels.repo.ts markJointRead) at the message before the last `unread` ones, and one
  // unread new-message notification per member with others' messages after it, linked to the channel (decision 046).
  await step(
    'channel_reads (joint)',
    `INSERT INTO channel_reads (request_id, channel, user_id, read_at)
     SELECT c.id, 'joint', u.user_id, mk.created_at
       FROM bench.cases c
       JOIN (SELECT request_id, created_at, row_number() OVER (PARTITION BY request_id ORDER BY created_at DESC) AS k FROM messages WHERE channel = 'joint') mk
         ON mk.request_id = c.id AND mk.k = c.unread + 1
      CROSS JOIN LATERAL unnest(ARRAY[c.lawyer_id, c.opposing_id, c.mediator_id]) u(user_id)`,
  );
  await step(
    'notifications: unread joint messages',
    `INSERT INTO notifications (user_id, type, title, message, link_url, is_read, created_at, coalesced_count, email_handled_at)
     SELECT cr.user_id, 'new_message', CASE WHEN count(*) = 1 THEN 'New message' ELSE count(*) || ' new messages' END,
            'New message on your mediation (joint channel)', '/messages/' || cr.request_id || '?channel=joint', false, max(m.created_at), count(*)::int, max(m.created_at)
       FROM channel_reads cr
       JOIN messages m ON m.request_id = cr.request_id AND m.channel = 'joint' AND m.sender_id <> cr.user_id AND m.created_at > cr.read_at
      GROUP BY cr.user_id, cr.request_id`,
  );

  // Scheduling (decision 054): the mediators' saved hours, each side's counsel and a client as required attendees,
  // an open poll for the first session with four candidates; the first side answered for both its attendees, the
  // second for its counsel only, so the poll waits for one answer and stays open.
  await step(
    'mediator_availability',
    `INSERT INTO mediator_availability (mediator_id, time_zone, weekly, session_minutes, cancellation_window_hours, meeting_link, updated_at)
     SELECT DISTINCT mediator_id, 'America/New_York',
            '{"mon":[{"start":"09:00","end":"17:00"}],"tue":[{"start":"09:00","end":"17:00"}],"wed":[{"start":"09:00","end":"17:00"}],"thu":[{"start":"09:00","end":"17:00"}],"fri":[{"start":"09:00","end":"17:00"}],"sat":[],"sun":[]}'::jsonb,
            240, 48, 'https://meet.example.com/bench-' || left(mediator_id::text, 8), now() - interval '20 days'
       FROM bench.cases`,
  );
  await step(
    'session_attendees',
    `INSERT INTO session_attendees (request_id, side, user_id, name, email, role, required, created_at)
     SELECT c.id, a.side::case_side, a.user_id, a.name, a.email, a.role, true, c.joined_at + a.k * interval '1 minute'
       FROM bench.cases c JOIN users lu ON lu.id = c.lawyer_id JOIN users ou ON ou.id = c.opposing_id
      CROSS JOIN LATERAL (VALUES
        ('first', c.lawyer_id, lu.first_name || ' ' || lu.last_name, lu.email, 'Counsel', 0),
        ('first', NULL::uuid, 'Client A ' || c.case_no, 'client-a-' || c.case_no || '@bench.test', 'Client', 1),
        ('second', c.opposing_id, ou.first_name || ' ' || ou.last_name, ou.email, 'Counsel', 2),
        ('second', NULL::uuid, 'Client B ' || c.case_no, 'client-b-' || c.case_no || '@bench.test', 'Client', 3)) a(side, user_id, name, email, role, k)`,
  );
  await step(
    'date_polls (open)',
    `INSERT INTO date_polls (request_id, opened_by_id, status, duration_minutes, meeting_link, note, confirm_within_hours, created_at)
     SELECT id, mediator_id, 'open', 240, 'https://meet.example.com/bench-' || case_no, 'The first joint session: please answer for everyone on your side.', 48,
            now() - interval '1 day'
       FROM bench.cases`,
  );
  await step(
    'poll_candidates',
    `INSERT INTO poll_candidates (poll_id, starts_at, ends_at)
     SELECT p.id, date_trunc('day', now()) + (7 + 2 * k) * interval '1 day' + interval '14 hours',
            date_trunc('day', now()) + (7 + 2 * k) * interval '1 day' + interval '18 hours'
       FROM date_polls p JOIN bench.cases c ON c.id = p.request_id CROSS JOIN generate_series(0, 3) k`,
  );
  await step(
    'poll_answers',
    `INSERT INTO poll_answers (candidate_id, attendee_id, poll_id, answer, answered_by_id, answered_at)
     SELECT pc.id, sa.id, p.id, (ARRAY['yes', 'if_need_be', 'no'])[1 + abs(hashtext(pc.id::text || sa.id::text)) % 3]::poll_answer,
            CASE WHEN sa.side = 'first' THEN c.lawyer_id ELSE c.opposing_id END, p.created_at + interval '2 hours'
       FROM bench.cases c JOIN date_polls p ON p.request_id = c.id JOIN poll_candidates pc ON pc.poll_id = p.id
       JOIN session_attendees sa ON sa.request_id = c.id AND (sa.side = 'first' OR sa.user_id IS NOT NULL)`,
  );

  // The term sheet (decision 055): version 1 by the mediator, the second side's edits accepted as version 2, which
  // the mediator sent for signature (term-sheet.service.ts markFinal): both counsel and a party of each side sign it,
  // the first counsel already has. The trail (signing_events) as envelopes.service.ts openEnvelope and a signature
  // write it.
  const content = (amount: string) =>
    `jsonb_build_object(
       'parties', jsonb_build_array(
         jsonb_build_object('name', 'Bench Party A ' || c.case_no, 'side', 'first', 'email', 'party-a-' || c.case_no || '@bench.test'),
         jsonb_build_object('name', 'Bench Party B ' || c.case_no, 'side', 'second', 'email', 'party-b-' || c.case_no || '@bench.test')),
       'payments', jsonb_build_array(jsonb_build_object('amount', '${amount}', 'payer', 'Bench Party B ' || c.case_no, 'payee', 'Bench Party A ' || c.case_no,
         'dueDate', to_char(current_date + 60, 'YYYY-MM-DD'))),
       'releases', 'Mutual general releases of all claims arising from the dispute.',
       'confidentiality', 'The terms of this settlement stay confidential between the parties.',
       'dismissal', 'The action is dismissed with prejudice within ten days of the payment.',
       'otherTerms', '')`;
  // Fractions of the time since the join: the versions, the proposal and the envelope come in this order.
  const at = (fraction: number) => `c.joined_at + (now() - c.joined_at) * ${fraction}`;
  await step(
    'term_sheet_versions',
    `INSERT INTO term_sheet_versions (request_id, number, status, content, note, created_by_id, created_at)
     SELECT c.id, 1, 'superseded'::term_sheet_version_status, ${content('20000.00')}, 'A first draft from the joint session.', c.mediator_id, ${at(0.6)} FROM bench.cases c
     UNION ALL
     SELECT c.id, 2, 'final'::term_sheet_version_status, ${content('25000.00')}, 'The second side''s edits accepted.', c.mediator_id, ${at(0.8)} FROM bench.cases c`,
  );
  await step(
    'term_sheet_proposals',
    `INSERT INTO term_sheet_proposals (request_id, base_version, content, note, proposed_by_id, side, status, decided_by_id, accepted_as_version, decided_at, created_at)
     SELECT c.id, 1, ${content('25000.00')}, 'The payment should reflect the agreed figure.', c.opposing_id, 'second', 'accepted', c.mediator_id, 2, ${at(0.8)}, ${at(0.7)}
       FROM bench.cases c`,
  );
  await step(
    'signing_envelopes (open)',
    `INSERT INTO signing_envelopes (request_id, kind, status, title, version_number, body, created_by_id, created_at)
     SELECT c.id, 'term_sheet', 'open', 'Term sheet, version 2', 2, jsonb_build_object('termSheet', ${content('25000.00')}), c.mediator_id, ${at(0.85)}
       FROM bench.cases c`,
  );
  await step(
    'envelope_signers',
    `INSERT INTO envelope_signers (envelope_id, position, role, side, user_id, name, email, status, token_hash, token_expires_at,
                                   signed_at, method, signature_kind, signature_text, ip, user_agent)
     SELECT e.id, s.position, s.role::signer_role, s.side::case_side, s.user_id, s.name, s.email, s.status::signer_status,
            CASE WHEN s.role = 'party' THEN md5(random()::text) || md5(random()::text) END,
            CASE WHEN s.role = 'party' THEN e.created_at + interval '14 days' END,
            CASE WHEN s.status = 'signed' THEN ${at(0.9)} END, CASE WHEN s.status = 'signed' THEN 'password'::signing_method END,
            CASE WHEN s.status = 'signed' THEN 'typed'::signature_kind END, CASE WHEN s.status = 'signed' THEN s.name END,
            CASE WHEN s.status = 'signed' THEN '127.0.0.1' END, CASE WHEN s.status = 'signed' THEN 'bench' END
       FROM bench.cases c JOIN signing_envelopes e ON e.request_id = c.id
       JOIN users lu ON lu.id = c.lawyer_id JOIN users ou ON ou.id = c.opposing_id
      CROSS JOIN LATERAL (VALUES
        (0, 'counsel', 'first', c.lawyer_id, lu.first_name || ' ' || lu.last_name, lu.email, 'signed'),
        (1, 'counsel', 'second', c.opposing_id, ou.first_name || ' ' || ou.last_name, ou.email, 'pending'),
        (2, 'party', 'first', NULL::uuid, 'Bench Party A ' || c.case_no, 'party-a-' || c.case_no || '@bench.test', 'pending'),
        (3, 'party', 'second', NULL::uuid, 'Bench Party B ' || c.case_no, 'party-b-' || c.case_no || '@bench.test', 'pending')
      ) s(position, role, side, user_id, name, email, status)`,
  );
  await step(
    'signing_events',
    `INSERT INTO signing_events (envelope_id, signer_id, kind, actor_name, method, detail, at)
     SELECT e.id, NULL, 'created'::signing_event_kind, NULL, NULL::signing_method, e.title, e.created_at FROM signing_envelopes e JOIN bench.cases c ON c.id = e.request_id
     UNION ALL
     SELECT s.envelope_id, s.id, 'sent'::signing_event_kind, s.name, NULL, 'Sent to ' || s.email, e.created_at
       FROM envelope_signers s JOIN signing_envelopes e ON e.id = s.envelope_id JOIN bench.cases c ON c.id = e.request_id
     UNION ALL
     SELECT s.envelope_id, s.id, 'signed'::signing_event_kind, s.name, s.method, NULL, s.signed_at
       FROM envelope_signers s JOIN signing_envelopes e ON e.id = s.envelope_id JOIN bench.cases c ON c.id = e.request_id WHERE s.status = 'signed'`,
  );
}
