// The agreement to mediate (decision 055): each mediator keeps a text (the default until they write their own) and
// chooses whether their cases need it (off by default: the spec's flow unchanged). When they do, the selection opens
// an envelope for every counsel of the case; a counsel who joins later signs one of their own.
import { DEFAULT_AGREEMENT_TEMPLATE, fillAgreement } from '../../../common/domain/signing';
import { AgreementSettingsInputSchema } from '../../../common/schemas/signing';
import { displayMoney } from '../../../common/money';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { forbidden, parseInput } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import type { RequestRow } from '../requests/requests.repo';
import { mediatorTerms } from '../scheduling/availability.service';
import { notify } from '../notifications/notifications.service';
import { findUserById } from '../users/users.repo';
import { openEnvelope, voidLiveEnvelope, type SignerSpec } from './envelopes.service';
import * as repo from './signing.repo';
import { personName } from '../../../common/domain/account';

const MEDIATORS_ONLY = 'Only mediators keep an agreement to mediate';
export const AGREEMENT_TITLE = 'Agreement to mediate';

function requireMediator(user: SessionUser): void {
  if (user.role !== 'mediator') throw forbidden(MEDIATORS_ONLY);
}

async function settingsOf(ctx: AppContext, mediatorId: string) {
  const row = await repo.findAgreementSettings(ctx.db, mediatorId);
  return { required: row?.required ?? false, template: row?.template ?? null, defaultTemplate: DEFAULT_AGREEMENT_TEMPLATE };
}

/** GET /api/agreement-template. */
export async function getAgreementSettings(ctx: AppContext, user: SessionUser) {
  requireMediator(user);
  return settingsOf(ctx, user.id);
}

/** PUT /api/agreement-template: applies to cases selected from now on; a case's envelope keeps the text it was sent. */
export async function saveAgreementSettings(ctx: AppContext, user: SessionUser, raw: unknown) {
  requireMediator(user);
  const input = parseInput(AgreementSettingsInputSchema, raw);
  await repo.saveAgreementSettings(ctx.db, user.id, input, ctx.clock.now());
  return settingsOf(ctx, user.id);
}

async function counselOf(tx: Tx, userIds: (string | null)[]): Promise<SignerSpec[]> {
  const signers: SignerSpec[] = [];
  for (const [i, id] of userIds.entries()) {
    const user = id ? await findUserById(tx, id) : undefined;
    if (user) signers.push({ role: 'counsel', side: i === 0 ? 'first' : 'second', userId: user.id, name: personName(user), email: user.email });
  }
  return signers;
}

async function agreementText(tx: Tx, request: RequestRow, mediatorId: string, template: string | null, counsel: SignerSpec[]): Promise<string> {
  const [mediator, terms] = await Promise.all([findUserById(tx, mediatorId), mediatorTerms(tx, mediatorId)]);
  return fillAgreement(template ?? DEFAULT_AGREEMENT_TEMPLATE, {
    mediatorName: mediator ? personName(mediator) : 'The mediator',
    caseName: request.caseName,
    caseNumber: request.caseNumber,
    fee: displayMoney(request.budget),
    cancellationWindowHours: terms.cancellationWindowHours,
    counsel: counsel.map((c) => c.name).join(' and '),
  });
}

/**
 * At the selection (and an admin's reassignment), in its transaction: when the selected mediator requires an
 * agreement, one envelope for the case's counsel. A case already holding one for that mediator keeps it.
 */
export async function openAgreementIfRequired(tx: Tx, now: Date, request: RequestRow): Promise<void> {
  const mediatorId = request.selectedMediatorId;
  if (!mediatorId) return;
  const settings = await repo.findAgreementSettings(tx, mediatorId);
  if (!settings?.required) return;
  const signers = await counselOf(tx, [request.lawyerId, request.opposingLawyerId]);
  await openEnvelope(tx, now, request, {
    kind: 'agreement',
    title: AGREEMENT_TITLE,
    versionNumber: null,
    body: { text: await agreementText(tx, request, mediatorId, settings.template, signers) },
    createdById: mediatorId,
    signers,
  });
}

/**
 * A counsel joining a case that has an agreement (the second side, after the selection): they sign it too. While the
 * envelope is open they are added to it; once it is sealed, they get one of their own, with the same text.
 */
export async function addCounselToAgreement(tx: Tx, now: Date, request: RequestRow, userId: string): Promise<void> {
  const agreements = (await repo.envelopesOf(tx, request.id)).filter((e) => e.kind === 'agreement' && e.status !== 'void' && e.status !== 'refused');
  const latest = agreements.at(-1);
  if (!latest || !request.selectedMediatorId) return;
  const [joiner] = await counselOf(tx, [null, userId]);
  if (!joiner) return;
  if (latest.status === 'open') {
    const signers = await repo.signersOf(tx, [latest.id]);
    if (signers.some((s) => s.userId === userId)) return;
    const [added] = await repo.insertSigners(tx, [{ envelopeId: latest.id, position: signers.length, ...joiner }]);
    await repo.insertEvents(tx, [
      { envelopeId: latest.id, signerId: added.id, kind: 'sent', actorName: added.name, detail: `Sent to ${added.email}`, at: now },
    ]);
    await notify(tx, [
      {
        userId,
        type: 'signature_requested',
        title: 'A document awaits your signature',
        message: `${AGREEMENT_TITLE} for ${request.caseName} (Case #${request.caseNumber}) is ready for your signature.`,
        linkUrl: `/requests/${request.id}#agreement`,
      },
    ]);
    return;
  }
  const text = 'text' in latest.body ? latest.body.text : '';
  await openEnvelope(tx, now, request, {
    kind: 'agreement',
    title: AGREEMENT_TITLE,
    versionNumber: null,
    body: { text },
    createdById: null,
    signers: [joiner],
  });
}

/**
 * An admin's reassignment (in its transaction): an agreement still open was the previous mediator's and is voided;
 * the new mediator's is sent if they require one. Sealed agreements stay as signed.
 */
export async function agreementOnReassign(tx: Tx, now: Date, request: RequestRow): Promise<void> {
  await voidLiveEnvelope(tx, now, request.id, 'agreement', 'The case was reassigned to another mediator');
  await openAgreementIfRequired(tx, now, request);
}
