// What a reader sees of a case's signing (decision 055): the agreement to mediate, the term sheet's versions, the
// proposals the reader may read (a side's own, or all for the mediator), every envelope with its signers, the outcome.
import type { CaseSigning, EditProposal, Envelope, TermSheetVersion } from '../../../common/schemas/signing';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../plugins/session';
import type { RequestRow } from '../requests/requests.repo';
import { usersByIds } from '../scheduling/scheduling.repo';
import { signingSeat, type SigningActor } from './signing-access';
import * as repo from './signing.repo';
import { personName } from '../../../common/domain/account';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function envelopeDto(envelope: repo.EnvelopeRow, signers: repo.SignerRow[], viewerId: string): Envelope {
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

function versionDto(v: repo.VersionRow, names: Map<string, string>): TermSheetVersion {
  return {
    number: v.number,
    status: v.status,
    content: v.content,
    note: v.note,
    createdBy: names.get(v.createdById) ?? 'Former user',
    createdAt: v.createdAt.toISOString(),
  };
}

function proposalDto(p: repo.ProposalRow, names: Map<string, string>): EditProposal {
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

/** A side's proposals are read by that side and the mediator; admins and the other side never. */
const readsProposal = (seat: SigningActor, proposal: repo.ProposalRow) => seat === 'mediator' || seat === proposal.side;

const SIGNABLE_SEEN = ['matched', 'in_progress', 'completed', 'cancelled'];

/** GET /api/requests/{id}/signing. */
export async function getCaseSigning(ctx: AppContext, user: SessionUser, requestId: string): Promise<CaseSigning> {
  const { request, seat } = await signingSeat(ctx, user, requestId);
  const [envelopes, versions, proposals] = SIGNABLE_SEEN.includes(request.status)
    ? await Promise.all([repo.envelopesOf(ctx.db, request.id), repo.versionsOf(ctx.db, request.id), repo.proposalsOf(ctx.db, request.id)])
    : [[], [], []];
  const signers = await repo.signersOf(
    ctx.db,
    envelopes.map((e) => e.id),
  );
  const readable = proposals.filter((p) => readsProposal(seat, p));
  const authors = await usersByIds(ctx.db, [...new Set([...versions.map((v) => v.createdById), ...readable.map((p) => p.proposedById)])]);
  const names = new Map(authors.map((u) => [u.id, personName(u)]));
  const dto = (e: repo.EnvelopeRow) =>
    envelopeDto(
      e,
      signers.filter((s) => s.envelopeId === e.id),
      user.id,
    );
  const agreements = envelopes.filter((e) => e.kind === 'agreement' && e.status !== 'void');
  const counsel = seat === 'first' || seat === 'second';
  // The same rule as the hold (agreement-hold.ts): the latest agreement the reader was asked to sign is signed.
  const mine = agreements.flatMap((e) => signers.filter((s) => s.envelopeId === e.id && s.userId === user.id)).at(-1);
  const signedByMe = !counsel || !request.agreementPending || mine?.status === 'signed';
  const signed = envelopes.some((e) => e.kind === 'term_sheet' && (e.status === 'sealing' || e.status === 'sealed'));
  const open = ['matched', 'in_progress'].includes(request.status) && !signed;
  return {
    agreement: { required: agreements.length > 0, signedByMe, envelopes: agreements.map(dto) },
    termSheet: {
      versions: versions.map((v) => versionDto(v, names)),
      proposals: readable.map((p) => proposalDto(p, names)),
      envelopes: envelopes.filter((e) => e.kind === 'term_sheet').map(dto),
      canDraft: open && (seat === 'mediator' || (counsel && versions.length === 0)),
      canPropose: open && counsel && versions.length > 0,
    },
    outcome: outcomeOf(request),
  };
}

function outcomeOf(request: RequestRow): CaseSigning['outcome'] {
  if (request.status !== 'completed' || !request.outcome || !request.outcomeDate) return null;
  return { outcome: request.outcome, outcomeDate: request.outcomeDate, certificateUrl: `/api/requests/${request.id}/outcome-certificate` };
}
