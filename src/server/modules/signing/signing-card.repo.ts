import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared-once';
import { withCompiledRows } from '../../db/compiled-rows';
import { mediationRequests } from '../../db/schema';
import type { TermSheetContent } from '../../../common/schemas/signing';
import { viewerSeatSql, type CardReader, type EnvelopeRow, type ProposalRow, type SignerRow, type VersionRow } from './signing.repo';

// The Signing card in one prepared statement (decision 063): what `GET /api/requests/{id}/signing` reads.

/** An envelope as the card's statement reads it: times as JSON strings, its signers in their order. */
export interface CardEnvelope {
  id: string;
  kind: EnvelopeRow['kind'];
  status: EnvelopeRow['status'];
  title: string;
  versionNumber: number | null;
  createdAt: string;
  sealedAt: string | null;
  sha256: string | null;
  signers: {
    id: string;
    name: string;
    role: SignerRow['role'];
    side: SignerRow['side'];
    status: SignerRow['status'];
    signedAt: string | null;
    method: SignerRow['method'];
    refusalReason: string | null;
    userId: string | null;
  }[];
}

export interface CardVersion {
  number: number;
  status: VersionRow['status'];
  content: TermSheetContent;
  note: string | null;
  createdById: string;
  /** The author's first and last name; null if the account is gone. */
  createdBy: string | null;
  createdAt: string;
}

export interface CardProposal {
  id: string;
  baseVersion: number;
  status: ProposalRow['status'];
  content: TermSheetContent;
  note: string | null;
  proposedById: string;
  proposedBy: string | null;
  side: ProposalRow['side'];
  decisionReason: string | null;
  acceptedAsVersion: number | null;
  createdAt: string;
}

/** The statuses in which a case has signing to show: from the selection on. */
const SIGNING_SEEN = sql`('matched', 'in_progress', 'completed', 'cancelled')`;

function signingCardQuery(db: DbOrTx) {
  const viewer = sql`${sql.placeholder('viewerId')}::uuid`;
  const seat = viewerSeatSql(viewer, sql`${sql.placeholder('mayMediate')}::boolean`, sql`${sql.placeholder('admin')}::boolean`);
  const name = (userId: SQL) => sql`(SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = ${userId})`;
  return db
    .select({
      id: sql<string>`r.id`,
      seat: sql<'first' | 'second' | 'mediator' | 'admin'>`s.seat`,
      status: sql<(typeof mediationRequests.$inferSelect)['status']>`r.status`,
      agreementPending: sql<boolean>`r.agreement_pending`,
      outcome: sql<(typeof mediationRequests.$inferSelect)['outcome']>`r.outcome`,
      outcomeDate: sql<string | null>`r.outcome_date`.mapWith(mediationRequests.outcomeDate),
      envelopes: sql<CardEnvelope[]>`(SELECT coalesce(json_agg(json_build_object('id', e.id, 'kind', e.kind, 'status', e.status, 'title', e.title,
          'versionNumber', e.version_number, 'createdAt', e.created_at, 'sealedAt', e.sealed_at, 'sha256', e.sha256,
          'signers', (SELECT coalesce(json_agg(json_build_object('id', es.id, 'name', es.name, 'role', es.role, 'side', es.side,
              'status', es.status, 'signedAt', es.signed_at, 'method', es.method, 'refusalReason', es.refusal_reason, 'userId', es.user_id)
              ORDER BY es.position), '[]') FROM envelope_signers es WHERE es.envelope_id = e.id)) ORDER BY e.seq), '[]')
        FROM signing_envelopes e WHERE e.request_id = r.id AND r.status IN ${SIGNING_SEEN})`,
      versions: sql<CardVersion[]>`(SELECT coalesce(json_agg(json_build_object('number', v.number, 'status', v.status, 'content', v.content,
          'note', v.note, 'createdById', v.created_by_id, 'createdBy', ${name(sql`v.created_by_id`)}, 'createdAt', v.created_at) ORDER BY v.number), '[]')
        FROM term_sheet_versions v WHERE v.request_id = r.id AND r.status IN ${SIGNING_SEEN})`,
      // A side's proposals are read by that side and the mediator; admins and the other side never.
      proposals: sql<CardProposal[]>`(SELECT coalesce(json_agg(json_build_object('id', p.id, 'baseVersion', p.base_version, 'status', p.status,
          'content', p.content, 'note', p.note, 'proposedById', p.proposed_by_id, 'proposedBy', ${name(sql`p.proposed_by_id`)}, 'side', p.side,
          'decisionReason', p.decision_reason, 'acceptedAsVersion', p.accepted_as_version, 'createdAt', p.created_at) ORDER BY p.seq), '[]')
        FROM term_sheet_proposals p WHERE p.request_id = r.id AND r.status IN ${SIGNING_SEEN} AND (s.seat = 'mediator' OR p.side::text = s.seat))`,
    })
    .from(sql`mediation_requests r CROSS JOIN LATERAL (SELECT ${seat} AS seat) s`)
    .where(sql`r.id = ${sql.placeholder('requestId')}::uuid AND s.seat IS NOT NULL`);
}

type PreparedSigningCard = ReturnType<ReturnType<typeof signingCardQuery>['prepare']>;
const preparedSigningCard = preparedOnce((db) => withCompiledRows(signingCardQuery(db).prepare('signing_card')));

/** The signing card's row (decision 063). */
export type SigningCardRow = Awaited<ReturnType<PreparedSigningCard['execute']>>[number];

/**
 * Everything the signing card shows `reader`, and the reader's seat, in one prepared statement (decision 063): the
 * request's row, every envelope with its signers, every version and the proposals the seat may read, with their
 * authors' names. Undefined when the request does not exist or the reader has no seat in it (the caller asks the
 * access check why).
 */
export async function signingCard(db: DbOrTx, requestId: string, reader: CardReader): Promise<SigningCardRow | undefined> {
  const [row] = await preparedSigningCard(db).execute({ requestId, viewerId: reader.id, mayMediate: reader.mayMediate, admin: reader.admin });
  return row;
}
