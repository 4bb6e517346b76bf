// The term sheet (decision 055): versions drafted by the mediator (counsel may write the first), edits a side proposes
// and the mediator accepts into a new version or declines, and a version marked final sent to every counsel and each
// party with an e-mail for signature. A new version replaces the one out for signature: its envelope is voided.
import { EditProposalInputSchema, ReasonInputSchema, TermSheetVersionInputSchema, type TermSheetContent } from '../../../common/schemas/signing';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { conflict, forbidden, notFound, parseInput } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { notify } from '../notifications/notifications.service';
import { announceRequestChange } from '../requests/request-events';
import type { RequestRow } from '../requests/requests.repo';
import { findUserById } from '../users/users.repo';
import { openEnvelope, sendPartyLinks, voidLiveEnvelope, type SignerSpec } from './envelopes.service';
import { lockSignable, requireSigningSeat, SIGNING_ACCESS_TEXTS, signingSeat } from './signing-access';
import * as repo from './signing.repo';
import { personName } from '../../../common/domain/account';

export const TERM_SHEET_TEXTS = {
  firstDraftOnly: 'Counsel write the first version only; propose edits to it instead',
  noVersion: 'There is no version to propose edits to yet',
  noSuchVersion: 'That version does not exist',
  notLatest: 'Only the latest version can be marked final',
  alreadyFinal: 'This version is already out for signature or signed',
  proposalNotFound: 'Proposal not found',
  proposalClosed: 'This proposal has already been answered',
  notAuthor: 'Only the counsel who proposed these edits can withdraw them',
  signed: 'The term sheet is signed by everyone: it can no longer change',
} as const;

const COUNSEL = ['first', 'second'] as const;
const TERM_SHEET_LINK = (request: RequestRow) => `/requests/${request.id}#term-sheet`;

/** Tells the case's other participants that the term sheet moved. */
async function tellOthers(tx: Tx, request: RequestRow, actorId: string, message: string): Promise<void> {
  const others = [request.lawyerId, request.opposingLawyerId, request.selectedMediatorId].filter((id): id is string => !!id && id !== actorId);
  await notify(
    tx,
    others.map((userId) => ({ userId, type: 'term_sheet_updated' as const, title: 'Term sheet updated', message, linkUrl: TERM_SHEET_LINK(request) })),
  );
}

/**
 * 409 once every signature of a version is in: the signed term sheet is the outcome, not a draft. Read from the
 * envelopes (sealing or sealed), which the last signature moves under the same request lock, so a new version racing
 * the last signature lands before it (voiding the envelope) or is refused, never beside a sealed version.
 */
async function requireUnsigned(tx: Tx, requestId: string): Promise<void> {
  const done = (await repo.envelopesOf(tx, requestId)).some((e) => e.kind === 'term_sheet' && (e.status === 'sealing' || e.status === 'sealed'));
  if (done) throw conflict(TERM_SHEET_TEXTS.signed);
}

/** Writes the next version; what it replaces is superseded, voided or declined. */
async function addVersion(tx: Tx, now: Date, request: RequestRow, userId: string, content: TermSheetContent, note: string | null) {
  await requireUnsigned(tx, request.id);
  const versions = await repo.versionsOf(tx, request.id);
  const number = (versions.at(-1)?.number ?? 0) + 1;
  const version = await repo.insertVersion(tx, { requestId: request.id, number, content, note, createdById: userId, createdAt: now });
  await repo.supersedeBefore(tx, request.id, number);
  await voidLiveEnvelope(tx, now, request.id, 'term_sheet', `Version ${number} replaced the version out for signature`);
  await repo.closeProposalsBefore(tx, request.id, number, now);
  return version;
}

/** POST /api/requests/{id}/term-sheet/versions. */
export async function draftVersion(ctx: AppContext, user: SessionUser, requestId: string, raw: unknown) {
  const { seat } = await signingSeat(ctx, user, requestId);
  const actor = requireSigningSeat(seat, ['mediator', ...COUNSEL], SIGNING_ACCESS_TEXTS.notInCase);
  const input = parseInput(TermSheetVersionInputSchema, raw);
  return transaction(ctx, async (tx) => {
    const request = await lockSignable(tx, requestId);
    if (actor !== 'mediator' && (await repo.versionsOf(tx, request.id)).length) throw forbidden(TERM_SHEET_TEXTS.firstDraftOnly);
    const version = await addVersion(tx, ctx.clock.now(), request, user.id, input.content, input.note ?? null);
    await tellOthers(tx, request, user.id, `Version ${version.number} of the term sheet for ${request.caseName} is ready to read.`);
    await announceRequestChange(tx, request);
    return version;
  });
}

/** POST /api/requests/{id}/term-sheet/proposals: counsel propose edits to a version. */
export async function proposeEdits(ctx: AppContext, user: SessionUser, requestId: string, raw: unknown) {
  const { seat } = await signingSeat(ctx, user, requestId);
  const side = requireSigningSeat(seat, COUNSEL, SIGNING_ACCESS_TEXTS.counselOnly);
  const input = parseInput(EditProposalInputSchema, raw);
  return transaction(ctx, async (tx) => {
    const request = await lockSignable(tx, requestId);
    const versions = await repo.versionsOf(tx, request.id);
    if (!versions.length) throw conflict(TERM_SHEET_TEXTS.noVersion);
    await requireUnsigned(tx, request.id);
    if (!versions.some((v) => v.number === input.baseVersion)) throw notFound(TERM_SHEET_TEXTS.noSuchVersion);
    const proposal = await repo.insertProposal(tx, {
      requestId: request.id,
      baseVersion: input.baseVersion,
      content: input.content,
      note: input.note ?? null,
      proposedById: user.id,
      side,
      createdAt: ctx.clock.now(),
    });
    if (request.selectedMediatorId) {
      await notify(tx, [
        {
          userId: request.selectedMediatorId,
          type: 'term_sheet_updated',
          title: 'Edits proposed to the term sheet',
          message: `${user.firstName} ${user.lastName} proposed edits to version ${input.baseVersion} of the term sheet for ${request.caseName}.`,
          linkUrl: TERM_SHEET_LINK(request),
        },
      ]);
    }
    await announceRequestChange(tx, request);
    return proposal;
  });
}

/** A proposal and its case, for its mediator or its author: 404 when the user may not see the case. */
async function proposalFor(ctx: AppContext, user: SessionUser, proposalId: string) {
  const proposal = await repo.findProposal(ctx.db, proposalId);
  if (!proposal) throw notFound(TERM_SHEET_TEXTS.proposalNotFound);
  const { seat } = await signingSeat(ctx, user, proposal.requestId).catch(() => {
    throw notFound(TERM_SHEET_TEXTS.proposalNotFound);
  });
  // The other side never reads a side's proposal (it is that side's position, put to the mediator).
  if (seat !== 'mediator' && proposal.proposedById !== user.id && seat !== proposal.side) throw notFound(TERM_SHEET_TEXTS.proposalNotFound);
  return { proposal, seat };
}

/** POST /api/term-sheet-proposals/{id}/accept: the mediator makes the proposal the next version. */
export async function acceptProposal(ctx: AppContext, user: SessionUser, proposalId: string) {
  const { proposal, seat } = await proposalFor(ctx, user, proposalId);
  requireSigningSeat(seat, ['mediator'], SIGNING_ACCESS_TEXTS.mediatorOnly);
  return transaction(ctx, async (tx) => {
    const request = await lockSignable(tx, proposal.requestId);
    const current = await repo.findProposal(tx, proposal.id);
    if (current?.status !== 'open') throw conflict(TERM_SHEET_TEXTS.proposalClosed);
    const now = ctx.clock.now();
    // Decided first: the new version declines the proposals still open against older versions, and this is one.
    const next = ((await repo.versionsOf(tx, request.id)).at(-1)?.number ?? 0) + 1;
    await repo.decideProposal(tx, current.id, { status: 'accepted', decidedById: user.id, decisionReason: null, acceptedAsVersion: next, decidedAt: now });
    const note = current.note ? `Edits proposed: ${current.note}` : 'Edits proposed by counsel';
    const version = await addVersion(tx, now, request, user.id, current.content, note);
    await tellOthers(tx, request, user.id, `The mediator accepted proposed edits: version ${version.number} of the term sheet for ${request.caseName}.`);
    await announceRequestChange(tx, request);
    return version;
  });
}

async function closeProposal(ctx: AppContext, user: SessionUser, proposalId: string, status: 'declined' | 'withdrawn', reason: string | null) {
  const { proposal } = await proposalFor(ctx, user, proposalId);
  if (status === 'withdrawn' && proposal.proposedById !== user.id) throw forbidden(TERM_SHEET_TEXTS.notAuthor);
  return transaction(ctx, async (tx) => {
    const request = await lockSignable(tx, proposal.requestId);
    const closed = await repo.decideProposal(tx, proposal.id, {
      status,
      decidedById: user.id,
      decisionReason: reason,
      acceptedAsVersion: null,
      decidedAt: ctx.clock.now(),
    });
    if (!closed) throw conflict(TERM_SHEET_TEXTS.proposalClosed);
    if (status === 'declined') {
      await notify(tx, [
        {
          userId: proposal.proposedById,
          type: 'term_sheet_updated',
          title: 'Proposed edits declined',
          message: `The mediator declined your proposed edits to the term sheet for ${request.caseName}: ${reason}`,
          linkUrl: TERM_SHEET_LINK(request),
        },
      ]);
    }
    await announceRequestChange(tx, request);
    return closed;
  });
}

/** POST /api/term-sheet-proposals/{id}/decline (the mediator, with a reason). */
export async function declineProposal(ctx: AppContext, user: SessionUser, proposalId: string, raw: unknown) {
  const { seat } = await proposalFor(ctx, user, proposalId);
  requireSigningSeat(seat, ['mediator'], SIGNING_ACCESS_TEXTS.mediatorOnly); // 403 before the body's 400 (RULES.md 6)
  const { reason } = parseInput(ReasonInputSchema, raw);
  return closeProposal(ctx, user, proposalId, 'declined', reason);
}

/** POST /api/term-sheet-proposals/{id}/withdraw (its author). */
export function withdrawProposal(ctx: AppContext, user: SessionUser, proposalId: string) {
  return closeProposal(ctx, user, proposalId, 'withdrawn', null);
}

/** Every counsel of the case, then each party the term sheet gives an e-mail. */
async function termSheetSigners(tx: Tx, request: RequestRow, content: TermSheetContent): Promise<SignerSpec[]> {
  const signers: SignerSpec[] = [];
  for (const [side, id] of [
    ['first', request.lawyerId],
    ['second', request.opposingLawyerId],
  ] as const) {
    const user = id ? await findUserById(tx, id) : undefined;
    if (user) signers.push({ role: 'counsel', side, userId: user.id, name: personName(user), email: user.email });
  }
  for (const party of content.parties) {
    if (party.email) signers.push({ role: 'party', side: party.side, userId: null, name: party.name, email: party.email });
  }
  return signers;
}

/** POST /api/requests/{id}/term-sheet/versions/{number}/final: the mediator sends the latest version for signature. */
export async function markFinal(ctx: AppContext, user: SessionUser, requestId: string, number: number) {
  const { seat } = await signingSeat(ctx, user, requestId);
  requireSigningSeat(seat, ['mediator'], SIGNING_ACCESS_TEXTS.mediatorOnly);
  return transaction(ctx, async (tx) => {
    const request = await lockSignable(tx, requestId);
    await requireUnsigned(tx, request.id);
    const versions = await repo.versionsOf(tx, request.id);
    const version = versions.find((v) => v.number === number);
    if (!version) throw notFound(TERM_SHEET_TEXTS.noSuchVersion);
    if (version !== versions.at(-1)) throw conflict(TERM_SHEET_TEXTS.notLatest);
    if (version.status !== 'draft') throw conflict(TERM_SHEET_TEXTS.alreadyFinal);
    const now = ctx.clock.now();
    await repo.setVersionStatus(tx, request.id, number, 'final');
    await voidLiveEnvelope(tx, now, request.id, 'term_sheet', `Version ${number} was sent for signature`);
    const title = `Term sheet, version ${number}`;
    const { envelope, partyLinks } = await openEnvelope(tx, now, request, {
      kind: 'term_sheet',
      title,
      versionNumber: number,
      body: { termSheet: version.content },
      createdById: user.id,
      signers: await termSheetSigners(tx, request, version.content),
    });
    await sendPartyLinks(tx, ctx, request, title, partyLinks);
    await announceRequestChange(tx, request);
    return envelope;
  });
}
