// A party signs by the personal link e-mailed to them (decision 055): no account, so the link says who they are and a
// one-time code e-mailed when they sign proves they still hold that inbox. Links and codes are stored as SHA-256; a
// wrong or expired code is refused and leaves its trace in the audit trail.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { emailHint } from '../../../common/domain/signing';
import { PartyRefuseInputSchema, PartySignInputSchema } from '../../../common/schemas/signing';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { AppError, conflict, fieldError, notFound, parseInput } from '../../errors';
import { hitRateLimit } from '../../plugins/rate-limit';
import { transaction } from '../../unit-of-work';
import { hashToken } from '../auth/tokens';
import { findRequest } from '../requests/requests.repo';
import { ENVELOPE_TEXTS, parseSignature, recordRefusal, recordSignature, type RequestMeta } from './envelopes.service';
import { sealSoon } from './sealing.service';
import { lockSignable } from './signing-access';
import { enqueuePartyMail } from './signing-mail';
import * as repo from './signing.repo';

export const PARTY_TEXTS = {
  invalid: 'This signing link is not valid',
  expired: 'This signing link has expired. Ask the mediator to send the document again.',
  noCode: 'Ask for a code first: “E-mail me a code”',
  wrongCode: 'That code is not right. Check the latest e-mail, or ask for a new code.',
  expiredCode: 'That code has expired. Ask for a new one.',
  tooManyTries: 'Too many wrong codes. Ask for a new one.',
} as const;

const CODE_MINUTES = 10;
const CODE_TRIES = 5;
/** Codes e-mailed per link and hour: enough for a slow inbox, not a way to flood one. */
const CODES_PER_HOUR = 5;

const codeHash = (signerId: string, code: string) => createHash('sha256').update(`${signerId}:${code}`).digest('hex');

/** The signer of a live link, and their envelope: 404 for an unknown link, 410 for one past its date. */
async function signerByToken(ctx: AppContext, token: string) {
  const hash = token.length <= 200 ? hashToken(token) : null;
  const signer = hash ? await repo.findSignerByTokenHash(ctx.db, hash) : undefined;
  const envelope = signer && (await repo.findEnvelope(ctx.db, signer.envelopeId));
  if (!signer || !envelope) throw notFound(PARTY_TEXTS.invalid);
  const expiresAt = hash === signer.tokenHash ? signer.tokenExpiresAt : signer.copyTokenExpiresAt;
  if (!expiresAt || expiresAt <= ctx.clock.now()) throw new AppError(410, PARTY_TEXTS.expired);
  return { signer, envelope, expiresAt };
}

async function view(ctx: AppContext, token: string, { signer, envelope, expiresAt }: Awaited<ReturnType<typeof signerByToken>>) {
  const request = await findRequest(ctx.db, envelope.requestId);
  return {
    signerName: signer.name,
    emailHint: emailHint(signer.email),
    title: envelope.title,
    caseName: request?.caseName ?? '',
    status: signer.status,
    envelopeStatus: envelope.status,
    documentUrl: `/api/sign/${encodeURIComponent(token)}/document`,
    expiresAt: expiresAt.toISOString(),
  };
}

const trail = (signer: repo.SignerRow, meta: RequestMeta) => ({
  envelopeId: signer.envelopeId,
  signerId: signer.id,
  actorName: signer.name,
  ip: meta.ip,
  userAgent: meta.userAgent.slice(0, 500),
});

/** GET /api/sign/{token}: what the party sees; each opening is in the audit trail. */
export async function partyView(ctx: AppContext, token: string, meta: RequestMeta) {
  const link = await signerByToken(ctx, token);
  await repo.insertEvents(ctx.db, [{ ...trail(link.signer, meta), kind: 'viewed', at: ctx.clock.now() }]);
  return view(ctx, token, link);
}

/** The document behind a live link: the file as it will be signed, or the sealed one. */
export async function partyDocument(ctx: AppContext, token: string) {
  const { envelope } = await signerByToken(ctx, token);
  return envelope;
}

/** POST /api/sign/{token}/code: a fresh 6-digit code by e-mail, valid 10 minutes; the previous one stops working. */
export async function sendPartyCode(ctx: AppContext, token: string, meta: RequestMeta): Promise<{ sent: true }> {
  const { signer, envelope } = await signerByToken(ctx, token);
  if (envelope.status !== 'open') throw conflict(ENVELOPE_TEXTS.notOpen);
  if (signer.status !== 'pending') throw conflict(ENVELOPE_TEXTS.already);
  await hitRateLimit(ctx, `sign-code:${signer.id}`, CODES_PER_HOUR, 3_600_000);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = ctx.clock.now();
  await transaction(ctx, async (tx) => {
    await repo.updateSigner(tx, signer.id, {
      codeHash: codeHash(signer.id, code),
      codeExpiresAt: new Date(now.getTime() + CODE_MINUTES * 60_000),
      codeAttempts: 0,
    });
    await repo.insertEvents(tx, [
      { ...trail(signer, meta), kind: 'code_sent', method: 'email_code', detail: `Code sent to ${emailHint(signer.email)}`, at: now },
    ]);
    await enqueuePartyMail(tx, { kind: 'signing_code', to: signer, values: { documentTitle: envelope.title, code } });
  });
  return { sent: true };
}

/** Which of the code's problems, if any: checked against the row as it is under the lock. */
function codeProblem(signer: repo.SignerRow, code: string, now: Date): string | null {
  if (!signer.codeHash || !signer.codeExpiresAt) return PARTY_TEXTS.noCode;
  if (signer.codeAttempts >= CODE_TRIES) return PARTY_TEXTS.tooManyTries;
  if (signer.codeExpiresAt <= now) return PARTY_TEXTS.expiredCode;
  const given = Buffer.from(codeHash(signer.id, code), 'hex');
  return timingSafeEqual(given, Buffer.from(signer.codeHash, 'hex')) ? null : PARTY_TEXTS.wrongCode;
}

/**
 * Runs a party's answer (sign or refuse) under the request lock once their code checks out. A wrong code commits
 * only its failed attempt (and the count of tries) and is then refused: the trail keeps it, nothing else changes.
 */
async function answerWithCode(
  ctx: AppContext,
  token: string,
  code: string,
  meta: RequestMeta,
  act: (tx: Tx, locked: { request: Awaited<ReturnType<typeof lockSignable>>; envelope: repo.EnvelopeRow; signer: repo.SignerRow }) => Promise<void>,
) {
  const { signer } = await signerByToken(ctx, token);
  await hitRateLimit(ctx, `sign:${signer.id}`, 10);
  const problem = await transaction(ctx, async (tx) => {
    const envelopeRow = await repo.findEnvelope(tx, signer.envelopeId);
    const request = await lockSignable(tx, envelopeRow!.requestId);
    const envelope = (await repo.findEnvelope(tx, signer.envelopeId))!;
    const current = (await repo.findSigner(tx, signer.id))!;
    if (envelope.status !== 'open') throw conflict(ENVELOPE_TEXTS.notOpen);
    if (current.status !== 'pending') throw conflict(ENVELOPE_TEXTS.already);
    const now = ctx.clock.now();
    const wrong = codeProblem(current, code, now);
    if (wrong) {
      await repo.updateSigner(tx, current.id, { codeAttempts: current.codeAttempts + 1 });
      await repo.insertEvents(tx, [{ ...trail(current, meta), kind: 'failed_attempt', method: 'email_code', detail: wrong, at: now }]);
      return wrong;
    }
    await repo.updateSigner(tx, current.id, { codeHash: null, codeExpiresAt: null }); // a code signs once
    await act(tx, { request, envelope, signer: current });
    return null;
  });
  if (problem) throw fieldError('code', problem);
}

/** POST /api/sign/{token}: the party signs with intent, a signature and their code; the last signature seals at once. */
export async function partySign(ctx: AppContext, token: string, raw: unknown, meta: RequestMeta) {
  await signerByToken(ctx, token); // 404 / 410 before the body is read
  const input = parseSignature(PartySignInputSchema, raw);
  let sealing = false;
  await answerWithCode(ctx, token, input.code, meta, async (tx, locked) => {
    const { complete } = await recordSignature(tx, locked.request, locked.envelope, {
      signer: locked.signer,
      signature: input.signature,
      method: 'email_code',
      meta,
      now: ctx.clock.now(),
    });
    sealing = complete;
  });
  const link = await signerByToken(ctx, token);
  if (sealing) await sealSoon(ctx, link.envelope.id);
  return view(ctx, token, sealing ? await signerByToken(ctx, token) : link);
}

/** POST /api/sign/{token}/refuse: the party refuses with a reason and their code. */
export async function partyRefuse(ctx: AppContext, token: string, raw: unknown, meta: RequestMeta) {
  await signerByToken(ctx, token);
  const input = parseInput(PartyRefuseInputSchema, raw);
  await answerWithCode(ctx, token, input.code, meta, (tx, locked) =>
    recordRefusal(tx, locked.request, locked.envelope, { signer: locked.signer, reason: input.reason, method: 'email_code', meta, now: ctx.clock.now() }),
  );
  return view(ctx, token, await signerByToken(ctx, token));
}
