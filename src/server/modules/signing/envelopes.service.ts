// Documents sent for signature (decision 055): opening an envelope with its signers, counsel signing or refusing with
// their password, and what a signature or refusal changes. Every write holds the case's request lock; the sealed file
// is made after the commit that took the last signature (sealing.service.ts), never inside a transaction.
import type { z } from 'zod';
import type { CaseSide, EnvelopeKind, SignerRole, SigningMethod } from '../../../common/enums';
import { CounselSignInputSchema, ReasonInputSchema, SIGNING_TEXTS, type SignatureInput, type TermSheetContent } from '../../../common/schemas/signing';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { conflict, fieldError, forbidden, notFound, parseInput } from '../../errors';
import { enqueueJob } from '../../outbox/messages';
import { hitRateLimit } from '../../plugins/rate-limit';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { newToken } from '../auth/tokens';
import { verifyPassword } from '../auth/passwords';
import { notify } from '../notifications/notifications.service';
import { announceRequestChange } from '../requests/request-events';
import type { RequestRow } from '../requests/requests.repo';
import { findVisibleRequest } from '../requests/requests.service';
import { drawablePng } from './pdf/signature-image';
import { sealSoon } from './sealing.service';
import { lockSignable } from './signing-access';
import { enqueuePartyMail, partySigningUrl } from './signing-mail';
import * as repo from './signing.repo';

export const ENVELOPE_TEXTS = {
  notFound: 'Document not found',
  notSigner: 'You are not asked to sign this document',
  notOpen: 'This document is no longer open for signature',
  already: 'You have already answered this document',
  wrongPassword: 'That is not your password',
} as const;

/** A party's link works for 14 days; the term sheet is signed on the day, or sent again. */
export const PARTY_LINK_DAYS = 14;
/** Attempts at signing per signer and minute: a password or code cannot be guessed through this page. */
const SIGN_ATTEMPTS_PER_MINUTE = 10;

export interface SignerSpec {
  role: SignerRole;
  side: CaseSide | null;
  userId: string | null;
  name: string;
  email: string;
}

export interface EnvelopeSpec {
  kind: EnvelopeKind;
  title: string;
  versionNumber: number | null;
  body: { text: string } | { termSheet: TermSheetContent };
  createdById: string | null;
  signers: SignerSpec[];
}

/** Who did something, from the HTTP request: kept in the audit trail. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
}

const caseLink = (request: RequestRow, anchor: string) => `/requests/${request.id}#${anchor}`;
const anchorOf = (kind: EnvelopeKind) => (kind === 'agreement' ? 'agreement' : 'term-sheet');

/** Voids the case's live envelope of a kind (a newer version replaces it); its pending signatures can no longer land. */
export async function voidLiveEnvelope(tx: Tx, now: Date, requestId: string, kind: EnvelopeKind, reason: string): Promise<void> {
  const live = (await repo.envelopesOf(tx, requestId)).find((e) => e.kind === kind && e.status === 'open');
  if (!live) return;
  await repo.moveEnvelope(tx, live.id, 'open', { status: 'void' });
  await repo.insertEvents(tx, [{ envelopeId: live.id, kind: 'voided', detail: reason, at: now }]);
  if (kind === 'agreement') await repo.setAgreementPending(tx, requestId, false);
}

/**
 * A case that ends (completed or cancelled, in that transaction) closes what is still out for signature: nothing can
 * be signed on a closed case, and the hold of an agreement ends with it.
 */
export async function endCaseSigning(tx: Tx, now: Date, requestId: string, reason: string): Promise<void> {
  await voidLiveEnvelope(tx, now, requestId, 'term_sheet', reason);
  await voidLiveEnvelope(tx, now, requestId, 'agreement', reason);
}

/**
 * Opens an envelope: its signers (counsel get a notification), and the trail's "created" and "sent" events. The caller
 * holds the request lock and has voided what this replaces. Parties' personal links are returned, for the caller to
 * e-mail with `sendPartyLinks` (only term sheets have parties).
 */
export async function openEnvelope(tx: Tx, now: Date, request: RequestRow, spec: EnvelopeSpec) {
  const envelope = await repo.insertEnvelope(tx, {
    requestId: request.id,
    kind: spec.kind,
    title: spec.title,
    versionNumber: spec.versionNumber,
    body: spec.body,
    createdById: spec.createdById,
    createdAt: now,
  });
  if (spec.kind === 'agreement') await repo.setAgreementPending(tx, request.id, true);
  const tokens = new Map<number, string>();
  const signers = await repo.insertSigners(
    tx,
    spec.signers.map((s, position) => {
      if (s.role !== 'party') return { envelopeId: envelope.id, position, ...s };
      const { token, hash } = newToken();
      tokens.set(position, token);
      return { envelopeId: envelope.id, position, ...s, tokenHash: hash, tokenExpiresAt: new Date(now.getTime() + PARTY_LINK_DAYS * 86_400_000) };
    }),
  );
  await repo.insertEvents(tx, [
    { envelopeId: envelope.id, kind: 'created', detail: spec.title, at: now },
    ...signers.map((s) => ({ envelopeId: envelope.id, signerId: s.id, kind: 'sent' as const, actorName: s.name, detail: `Sent to ${s.email}`, at: now })),
  ]);
  await notify(
    tx,
    signers.flatMap((s) =>
      s.userId
        ? [
            {
              userId: s.userId,
              type: 'signature_requested' as const,
              title: 'A document awaits your signature',
              message: `${spec.title} for ${request.caseName} (Case #${request.caseNumber}) is ready for your signature.`,
              linkUrl: caseLink(request, anchorOf(spec.kind)),
            },
          ]
        : [],
    ),
  );
  const partyLinks = signers.flatMap((s) => {
    const token = tokens.get(s.position);
    return token ? [{ signer: s, token }] : [];
  });
  return { envelope, partyLinks };
}

/** E-mails each party their personal link, in the transaction that opened the envelope. */
export async function sendPartyLinks(
  tx: Tx,
  app: { publicUrl: string },
  request: RequestRow,
  title: string,
  partyLinks: Awaited<ReturnType<typeof openEnvelope>>['partyLinks'],
): Promise<void> {
  for (const { signer, token } of partyLinks) {
    await enqueuePartyMail(tx, {
      kind: 'party_signature_request',
      to: signer,
      values: { caseName: request.caseName, documentTitle: title, link: partySigningUrl(app.publicUrl, token) },
    });
  }
}

interface Answer {
  signer: repo.SignerRow;
  /** How the signer proved who they were; a counsel's refusal asks for no password (refusing commits no one). */
  method: SigningMethod | null;
  meta: RequestMeta;
  now: Date;
}

/**
 * Records a signature under the request lock. When it is the last, the envelope moves to `sealing` and the seal job
 * is due at once (the caller also seals right after its commit; whichever runs first seals, the other finds it done).
 */
export async function recordSignature(
  tx: Tx,
  request: RequestRow,
  envelope: repo.EnvelopeRow,
  answer: Answer & { method: SigningMethod; signature: SignatureInput },
) {
  const { signer, signature, method, meta, now } = answer;
  const signed = await repo.closeSigner(tx, signer.id, {
    status: 'signed',
    signedAt: now,
    method,
    signatureKind: signature.kind,
    signatureText: signature.kind === 'typed' ? signature.text : null,
    signaturePng: signature.kind === 'drawn' ? Buffer.from(signature.image.split(',')[1], 'base64') : null,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 500),
  });
  if (!signed) throw conflict(ENVELOPE_TEXTS.already);
  await repo.insertEvents(tx, [
    {
      envelopeId: envelope.id,
      signerId: signer.id,
      kind: 'signed',
      actorName: signer.name,
      method,
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 500),
      at: now,
    },
  ]);
  const signers = await repo.signersOf(tx, [envelope.id]);
  const complete = signers.every((s) => s.status === 'signed');
  if (complete) {
    await repo.moveEnvelope(tx, envelope.id, 'open', { status: 'sealing', completedAt: now });
    await enqueueJob(tx, 'signing.seal', { envelopeId: envelope.id, requestId: request.id }, now, `signing-seal:${envelope.id}`);
  }
  await announceRequestChange(tx, request);
  return { complete };
}

/** Records a refusal: the envelope closes as refused, a term sheet's version goes back to drafting, everyone is told. */
export async function recordRefusal(tx: Tx, request: RequestRow, envelope: repo.EnvelopeRow, answer: Answer & { reason: string }): Promise<void> {
  const { signer, reason, method, meta, now } = answer;
  const refused = await repo.closeSigner(tx, signer.id, { status: 'refused', refusalReason: reason, ip: meta.ip, userAgent: meta.userAgent.slice(0, 500) });
  if (!refused) throw conflict(ENVELOPE_TEXTS.already);
  await repo.moveEnvelope(tx, envelope.id, 'open', { status: 'refused' });
  await repo.insertEvents(tx, [
    {
      envelopeId: envelope.id,
      signerId: signer.id,
      kind: 'refused',
      actorName: signer.name,
      method,
      detail: reason,
      ip: meta.ip,
      userAgent: meta.userAgent.slice(0, 500),
      at: now,
    },
  ]);
  if (envelope.kind === 'term_sheet' && envelope.versionNumber !== null) await repo.setVersionStatus(tx, request.id, envelope.versionNumber, 'draft');
  const told = [request.lawyerId, request.opposingLawyerId, request.selectedMediatorId].filter((id): id is string => !!id && id !== signer.userId);
  await notify(
    tx,
    told.map((userId) => ({
      userId,
      type: 'signature_refused' as const,
      title: 'A signer refused to sign',
      message: `${signer.name} refused to sign ${envelope.title} for ${request.caseName}: ${reason}`,
      linkUrl: caseLink(request, anchorOf(envelope.kind)),
    })),
  );
  await announceRequestChange(tx, request);
}

/** The envelope, and the case it belongs to if the user may see it (404 otherwise: RULES.md 6). */
export async function visibleEnvelope(ctx: AppContext, user: SessionUser, envelopeId: string) {
  const envelope = await repo.findEnvelope(ctx.db, envelopeId);
  if (!envelope) throw notFound(ENVELOPE_TEXTS.notFound);
  const request = await findVisibleRequest(ctx, user, envelope.requestId).catch(() => {
    throw notFound(ENVELOPE_TEXTS.notFound);
  });
  return { envelope, request };
}

/** The user's own pending row on an open envelope, under the request lock: 403 when not a signer, 409 when closed. */
async function lockedSignerOf(tx: Tx, envelopeId: string, requestId: string, userId: string) {
  const request = await lockSignable(tx, requestId);
  const envelope = await repo.findEnvelope(tx, envelopeId);
  if (!envelope) throw notFound(ENVELOPE_TEXTS.notFound);
  const signer = (await repo.signersOf(tx, [envelope.id])).find((s) => s.userId === userId);
  if (!signer) throw forbidden(ENVELOPE_TEXTS.notSigner);
  if (envelope.status !== 'open') throw conflict(ENVELOPE_TEXTS.notOpen);
  if (signer.status !== 'pending') throw conflict(ENVELOPE_TEXTS.already);
  return { request, envelope, signer };
}

/** 403 before the body is read (RULES.md 6's order): only a signer of the envelope goes further. */
async function requireSigner(ctx: AppContext, user: SessionUser, envelopeId: string) {
  const { envelope } = await visibleEnvelope(ctx, user, envelopeId);
  const signer = (await repo.signersOf(ctx.db, [envelope.id])).find((s) => s.userId === user.id);
  if (!signer) throw forbidden(ENVELOPE_TEXTS.notSigner);
  return { envelope, signer };
}

/** A signing body: parsed, and a drawn signature checked drawable now, not when the last signature is in. */
export function parseSignature<T extends z.ZodType<{ signature: SignatureInput }>>(schema: T, raw: unknown): z.output<T> {
  const input = parseInput(schema, raw);
  if (input.signature.kind === 'drawn' && !drawablePng(input.signature.image)) throw fieldError('signature', SIGNING_TEXTS.drawnSignature);
  return input;
}

/** POST /api/signing/envelopes/{id}/sign: counsel sign with intent, a signature and their password. */
export async function counselSign(ctx: AppContext, user: SessionUser, envelopeId: string, raw: unknown, meta: RequestMeta): Promise<void> {
  const { envelope, signer } = await requireSigner(ctx, user, envelopeId);
  const input = parseSignature(CounselSignInputSchema, raw);
  await hitRateLimit(ctx, `sign:${signer.id}`, SIGN_ATTEMPTS_PER_MINUTE);
  // Checked before the transaction: a hash check is slow, and a wrong password must leave its trace (which a rolled
  // back transaction would not).
  if (!(await verifyPassword(user.password, input.password))) {
    await repo.insertEvents(ctx.db, [
      {
        envelopeId: envelope.id,
        signerId: signer.id,
        kind: 'failed_attempt',
        actorName: signer.name,
        method: 'password',
        detail: 'Wrong password',
        ip: meta.ip,
        userAgent: meta.userAgent.slice(0, 500),
        at: ctx.clock.now(),
      },
    ]);
    throw fieldError('password', ENVELOPE_TEXTS.wrongPassword);
  }
  const { complete } = await transaction(ctx, async (tx) => {
    const locked = await lockedSignerOf(tx, envelope.id, envelope.requestId, user.id);
    return recordSignature(tx, locked.request, locked.envelope, { ...locked, signature: input.signature, method: 'password', meta, now: ctx.clock.now() });
  });
  // The last signature seals now (the job `signing.seal` is the backstop), so the answer shows the sealed document.
  if (complete) await sealSoon(ctx, envelope.id);
}

/** POST /api/signing/envelopes/{id}/refuse: counsel refuse with a reason. */
export async function counselRefuse(ctx: AppContext, user: SessionUser, envelopeId: string, raw: unknown, meta: RequestMeta): Promise<void> {
  const { envelope } = await requireSigner(ctx, user, envelopeId);
  const { reason } = parseInput(ReasonInputSchema, raw);
  await transaction(ctx, async (tx) => {
    const locked = await lockedSignerOf(tx, envelope.id, envelope.requestId, user.id);
    await recordRefusal(tx, locked.request, locked.envelope, { ...locked, reason, method: null, meta, now: ctx.clock.now() });
  });
}
