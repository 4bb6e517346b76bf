// What a reader sees of a case's signing (decision 055): the agreement to mediate, the term sheet's versions, the
// proposals the reader may read (a side's own, or all for the mediator), every envelope with its signers, the outcome.
import type { CaseSigning, EditProposal, Envelope, TermSheetVersion } from '../../../common/schemas/signing';
import { isUuid } from '../../../common/ids';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../plugins/session';
import type { RequestRow } from '../requests/requests.repo';
import { usersByIds } from '../scheduling/scheduling.repo';
import { cardReader, signingSeat } from './signing-access';
import { signingCard } from './signing-card.repo';
import * as repo from './signing.repo';
import { personName } from '../../../common/domain/account';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The fields of an envelope and of its signers the card shows. */
type EnvelopeFields = Pick<repo.EnvelopeRow, 'id' | 'kind' | 'status' | 'title' | 'versionNumber' | 'createdAt' | 'sealedAt' | 'sha256'>;
type SignerFields = Pick<repo.SignerRow, 'id' | 'name' | 'role' | 'side' | 'status' | 'signedAt' | 'method' | 'refusalReason' | 'userId'>;

export function envelopeDto(envelope: EnvelopeFields, signers: SignerFields[], viewerId: string): Envelope {
  const mine = signers.find((s) => s.userId === viewerId);
  return {
    id: envelope.id,
    kind: envelope.kind,
    status: envelope.status,
    title: envelope.title,
    version: envelope.versionNumber,
    createdAt: envelope.createdAt.toISOString(),
    sealedAt: iso(envelope.sealedAt),
    sha256: envelope.sha256,
    signers: signers.map((s) => ({
      id: s.id,
      name: s.name,
      role: s.role,
      side: s.side,
      status: s.status,
      signedAt: iso(s.signedAt),
      method: s.method,
      refusalReason: s.refusalReason,
      isMe: s.userId === viewerId,
    })),
    canSign: envelope.status === 'open' && mine?.status === 'pending',
    documentUrl: `/api/signing/envelopes/${envelope.id}/document`,
    auditUrl: `/api/signing/envelopes/${envelope.id}/audit-certificate`,
  };
}

/** The envelope as the API answers after a write: with its signers as they now stand. */
export async function presentEnvelope(ctx: AppContext, envelopeId: string, viewerId: string): Promise<Envelope> {
  const envelope = (await repo.findEnvelope(ctx.db, envelopeId))!;
  return envelopeDto(envelope, await repo.signersOf(ctx.db, [envelope.id]), viewerId);
}

export async function presentVersion(ctx: AppContext, version: repo.VersionRow): Promise<TermSheetVersion> {
  const [author] = await usersByIds(ctx.db, [version.createdById]);
  return versionDto(version, new Map([[version.createdById, personName(author)]]));
}

export async function presentProposal(ctx: AppContext, proposal: repo.ProposalRow): Promise<EditProposal> {
  const [author] = await usersByIds(ctx.db, [proposal.proposedById]);
  return proposalDto(proposal, new Map([[proposal.proposedById, personName(author)]]));
}

function versionDto(
  v: Pick<repo.VersionRow, 'number' | 'status' | 'content' | 'note' | 'createdById' | 'createdAt'>,
  names: Map<string, string>,
): TermSheetVersion {
  return {
    number: v.number,
    status: v.status,
    content: v.content,
    note: v.note,
    createdBy: names.get(v.createdById) ?? 'Former user',
    createdAt: v.createdAt.toISOString(),
  };
}

function proposalDto(
  p: Pick<
    repo.ProposalRow,
    'id' | 'baseVersion' | 'status' | 'content' | 'note' | 'proposedById' | 'side' | 'decisionReason' | 'acceptedAsVersion' | 'createdAt'
  >,
  names: Map<string, string>,
): EditProposal {
  return {
    id: p.id,
    baseVersion: p.baseVersion,
    status: p.status,
    content: p.content,
    note: p.note,
    proposedBy: names.get(p.proposedById) ?? 'Former user',
    side: p.side,
    decisionReason: p.decisionReason,
    acceptedAsVersion: p.acceptedAsVersion,
    createdAt: p.createdAt.toISOString(),
  };
}

const dateOf = (json: string | null) => (json === null ? null : new Date(json));

/**
 * GET /api/requests/{id}/signing: the card in one statement (`signingCard`, decision 063), whose proposals are
 * those the seat may read (a side's own; all of them for the mediator; none for admins). A reader the statement finds
 * no seat for is refused by signingSeat, with its own 404 or 403.
 */
export async function getCaseSigning(ctx: AppContext, user: SessionUser, requestId: string): Promise<CaseSigning> {
  const card = isUuid(requestId) ? await signingCard(ctx.db, requestId, cardReader(user)) : undefined;
  if (!card) {
    await signingSeat(ctx, user, requestId);
    throw new Error('signing card: signingSeat admitted a reader the card statement found no seat for');
  }
  const { seat } = card;
  // Authors' names as personName writes them (a gone account: 'Former user', from the DTOs' fallback).
  const names = new Map<string, string>();
  for (const v of card.versions) if (v.createdBy !== null) names.set(v.createdById, v.createdBy.trim());
  for (const p of card.proposals) if (p.proposedBy !== null) names.set(p.proposedById, p.proposedBy.trim());
  const envelopes = card.envelopes.map((e) => ({
    envelope: { ...e, createdAt: new Date(e.createdAt), sealedAt: dateOf(e.sealedAt) },
    signers: e.signers.map((s) => ({ ...s, signedAt: dateOf(s.signedAt) })),
  }));
  const dto = ({ envelope, signers }: (typeof envelopes)[number]) => envelopeDto(envelope, signers, user.id);
  const agreements = envelopes.filter(({ envelope: e }) => e.kind === 'agreement' && e.status !== 'void');
  const counsel = seat === 'first' || seat === 'second';
  // The same rule as the hold (agreement-hold.ts): the latest agreement the reader was asked to sign is signed.
  const mine = agreements.flatMap(({ signers }) => signers.filter((s) => s.userId === user.id)).at(-1);
  const signedByMe = !counsel || !card.agreementPending || mine?.status === 'signed';
  const signed = envelopes.some(({ envelope: e }) => e.kind === 'term_sheet' && (e.status === 'sealing' || e.status === 'sealed'));
  const open = ['matched', 'in_progress'].includes(card.status) && !signed;
  return {
    agreement: { required: agreements.length > 0, signedByMe, envelopes: agreements.map(dto) },
    termSheet: {
      versions: card.versions.map((v) => versionDto({ ...v, createdAt: new Date(v.createdAt) }, names)),
      proposals: card.proposals.map((p) => proposalDto({ ...p, createdAt: new Date(p.createdAt) }, names)),
      envelopes: envelopes.filter(({ envelope: e }) => e.kind === 'term_sheet').map(dto),
      canDraft: open && (seat === 'mediator' || (counsel && card.versions.length === 0)),
      canPropose: open && counsel && card.versions.length > 0,
    },
    outcome: outcomeOf(card),
  };
}

function outcomeOf(request: Pick<RequestRow, 'id' | 'status' | 'outcome' | 'outcomeDate'>): CaseSigning['outcome'] {
  if (request.status !== 'completed' || !request.outcome || !request.outcomeDate) return null;
  return { outcome: request.outcome, outcomeDate: request.outcomeDate, certificateUrl: `/api/requests/${request.id}/outcome-certificate` };
}
