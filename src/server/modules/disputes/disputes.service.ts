import { partialRefundProblem, refundPerPayer, splitPartialRefund } from '../../../common/domain/dispute-resolution';
import { payoutDueAt } from '../../../common/domain/payout';
import { isUuid } from '../../../common/ids';
import { displayCents, displayMoney, formatCents, parseCents, type Cents } from '../../../common/money';
import { DisputeInputSchema, ResolveDisputeInputSchema, type AdminDisputeDto, type RequestDispute } from '../../../common/schemas/disputes';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { lockInOrder } from '../../db/lock-order';
import { conflict, fieldError, forbidden, notFound, parseInput } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { transaction } from '../../unit-of-work';
import { appendAudit } from '../../audit/audit.repo';
import { notify } from '../notifications/notifications.service';
import {
  chargesStillHeld,
  executeSteps,
  findPaymentForRequest,
  hasOpenDispute,
  hasPendingStep,
  recordPayoutSteps,
  recordPayoutTransfer,
  recordRefund,
  updateEscrow,
  type PaymentRow,
  type StepRow,
} from '../payments/payments.api';
import { announceRequestChange } from '../requests/request-events';
import type { RequestRow } from '../requests/requests.repo';
import { findVisibleRequest, REQUEST_NOT_FOUND } from '../requests/requests.service';
import { presentAdminDispute, presentRequestDispute } from './disputes.presenter';
import { activeAdminIds, findAdminDispute, findDispute, insertDispute, resolveOpenDispute, type AdminDisputeRow } from './disputes.repo';
import { findUserById } from '../users/users.repo';

export const DISPUTE_NOT_FOUND = 'Dispute not found';
export const DISPUTE_TEXTS_409 = {
  notCompleted: 'You can report a problem once the mediation is completed',
  alreadyOpen: 'A problem is already reported for this mediation',
  released: 'The payout has already been released',
  settled: 'The payment for this mediation has already been settled',
  tooLate: 'The time to report a problem has passed',
  resolved: 'This dispute has already been resolved',
} as const;

const caseLabel = (r: RequestRow) => `${r.caseName} (Case #${r.caseNumber})`;

/**
 * The lawyer reports a problem with a completed mediation (RULES.md 2.3): the owning lawyer (or, in a two-sided case,
 * either side's counsel: decision 049), while the payment is
 * held and the hold window runs, one open dispute at a time. Decided under the request and payment locks, the same
 * locks the payout job takes, so either the payout or the dispute wins, never both. The mediator and every admin are
 * told; the payout job then waits (payout.service.ts, hasOpenDispute). Refusals: 404 → 403 → 400 → 409 (RULES.md 6).
 */
export async function raiseDispute(ctx: AppContext, user: SessionUser, requestId: string, rawBody: unknown): Promise<RequestDispute> {
  const visible = await findVisibleRequest(ctx, user, requestId);
  // Either side of a two-sided case may report a problem: both paid toward the payout (decision 049).
  if (visible.lawyerId !== user.id && visible.opposingLawyerId !== user.id) throw forbidden('Only the lawyer who posted this request can report a problem');
  const input = parseInput(DisputeInputSchema, rawBody);

  const dispute = await transaction(ctx, async (tx) => {
    const { request, payment } = await lockInOrder(tx, { requestId: visible.id, payment: true });
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    // The time is read under the locks, as the payout job reads it: whichever holds them first decides.
    const now = ctx.clock.now();
    if (request.status !== 'completed') throw conflict(DISPUTE_TEXTS_409.notCompleted);
    if (await hasOpenDispute(tx, request.id)) throw conflict(DISPUTE_TEXTS_409.alreadyOpen);
    if (!payment || payment.status === 'released' || (payment.status === 'held' && (await hasPendingStep(tx, payment.id, ['transfer'])))) {
      throw conflict(DISPUTE_TEXTS_409.released);
    }
    if (payment.status !== 'held') throw conflict(DISPUTE_TEXTS_409.settled);
    if (now >= payoutDueAt(request)) throw conflict(DISPUTE_TEXTS_409.tooLate);
    const created = await insertDispute(tx, { requestId: request.id, raisedById: user.id, reason: input.reason, status: 'open', createdAt: now });
    const admins = await activeAdminIds(tx);
    const lawyerName = `${user.firstName} ${user.lastName}`.trim();
    const otherCounsel = [request.lawyerId, request.opposingLawyerId].filter((id): id is string => id !== null && id !== user.id);
    await notify(tx, [
      ...otherCounsel.map((userId) => ({
        userId,
        type: 'dispute_opened' as const,
        title: 'Problem reported',
        message: `${lawyerName}, the other side's counsel, reported a problem with ${caseLabel(request)}. The payout is paused while our team reviews it.`,
        linkUrl: `/requests/${request.id}`,
      })),
      ...(request.selectedMediatorId
        ? [
            {
              userId: request.selectedMediatorId,
              type: 'dispute_opened' as const,
              title: 'Problem reported',
              message: `${lawyerName} reported a problem with ${caseLabel(request)}. Your payout is paused while our team reviews it.`,
              linkUrl: `/requests/${request.id}`,
            },
          ]
        : []),
      ...admins.map((userId) => ({
        userId,
        type: 'dispute_opened' as const,
        title: 'New dispute',
        message: `${lawyerName} reported a problem with ${caseLabel(request)}: the payout is paused until it is resolved.`,
        // Admins act on it from their Disputes view, not from the request page.
        linkUrl: '/admin/disputes',
      })),
    ]);
    await announceRequestChange(tx, request);
    return created;
  });
  return presentRequestDispute(dispute);
}

/**
 * What a held payment still holds, per source charge (deposit first, then balance), in cents: a charge refunded
 * earlier (a late balance, refunded on arrival) holds nothing and is left out, whichever position it has.
 */
async function heldCharges(db: DbOrTx, payment: PaymentRow) {
  // The inviting lawyer's charges first (a refund's odd cent goes to them), each payer's deposit before its balance.
  const held = (await chargesStillHeld(db, payment.id)).filter((c) => c.amount > 0);
  return [...held.filter((c) => c.payerId === payment.lawyerId), ...held.filter((c) => c.payerId !== payment.lawyerId)].map(
    ({ chargeId, amount, payerId }) => ({
      chargeId,
      amount,
      payerId,
    }),
  );
}

/** An admin's view of a dispute, with who paid what is still held (decision 052). */
export async function withPayers(db: DbOrTx, row: AdminDisputeRow): Promise<AdminDisputeDto> {
  const dto = presentAdminDispute(row);
  if (!row.payment || row.payment.status !== 'held') return { ...dto, payers: [] };
  const parts = refundPerPayer(await heldCharges(db, row.payment), 0);
  const payers: AdminDisputeDto['payers'] = [];
  for (const part of parts) {
    const user = await findUserById(db, part.payerId!);
    const side = row.request.opposingLawyerId ? (part.payerId === row.request.opposingLawyerId ? 'second' : 'first') : null;
    payers.push({ id: part.payerId!, name: user ? `${user.firstName} ${user.lastName}`.trim() : 'Former user', side, held: formatCents(part.held) });
  }
  return { ...dto, payers };
}

const heldOf = (payment: PaymentRow | undefined): Cents =>
  payment?.status === 'held' ? parseCents(payment.platformFee)! + parseCents(payment.mediatorPayout)! : 0;

/**
 * An admin resolves an open dispute (RULES.md 2.5 + 7): release (the planned payout, at once), refund_full (every
 * charge refunded, nothing to the mediator) or refund_partial (0 < refundAmount < held; the rest to the mediator
 * less the commission percentage). One transaction under the request and payment locks resolves the dispute
 * (conditionally: a second resolution is 409), records the money steps, audits and notifies; the provider calls run
 * after commit (docs/decisions/011, 016).
 */
export async function resolveDispute(ctx: AppContext, admin: SessionUser, disputeId: string, rawBody: unknown): Promise<AdminDisputeDto> {
  const found = isUuid(disputeId) ? await findDispute(ctx.db, disputeId) : undefined;
  if (!found) throw notFound(DISPUTE_NOT_FOUND);
  const input = parseInput(ResolveDisputeInputSchema, rawBody);
  let refundCents: Cents | null = null;
  if (input.outcome === 'refund_partial') {
    refundCents = input.refundAmount === null || input.refundAmount === undefined ? null : parseCents(input.refundAmount);
    const unlocked = await findPaymentForRequest(ctx.db, found.requestId);
    const problem =
      input.refundAmount !== null && input.refundAmount !== undefined && refundCents === null
        ? 'Enter an amount such as 150.00'
        : unlocked?.status === 'held'
          ? partialRefundProblem(refundCents, heldOf(unlocked))
          : null;
    if (problem) throw fieldError('refundAmount', problem);
  }
  const now = ctx.clock.now();

  const steps = await transaction(ctx, async (tx): Promise<StepRow[]> => {
    const { request, payment } = await lockInOrder(tx, { requestId: found.requestId, payment: true });
    if (!request) throw notFound(DISPUTE_NOT_FOUND);
    const current = await findDispute(tx, found.id);
    if (current?.status !== 'open') throw conflict(DISPUTE_TEXTS_409.resolved);
    if (!payment || payment.status !== 'held' || !payment.mediatorId) throw conflict(DISPUTE_TEXTS_409.settled);

    const charges = await heldCharges(tx, payment);
    const held = charges.reduce((s, c) => s + c.amount, 0);
    const refund = (chargeId: string, amount: Cents) =>
      recordRefund(tx, { paymentId: payment.id, requestId: request.id, chargeId, amount, reason: 'Dispute resolved by our team', at: now });
    let recorded: StepRow[] = [];
    let refunded = 0;
    // What the partial outcome pays the mediator and keeps as commission, for the notices' figures.
    let paidToMediator = 0;
    let feeKept = 0;
    if (input.outcome === 'release') {
      recorded = await recordPayoutSteps(tx, request, payment, now);
    } else if (input.outcome === 'refund_full') {
      for (const c of charges) recorded.push(await refund(c.chargeId, c.amount));
      refunded = held;
      await updateEscrow(tx, payment.id, { status: 'refunded_full', refundReason: 'Dispute resolved: full refund', updatedAt: now });
    } else {
      const problem = partialRefundProblem(refundCents, held);
      if (problem) throw fieldError('refundAmount', problem);
      const commission = parseCents(request.terms?.commissionPercentage ?? '10.00')!;
      const split = splitPartialRefund(charges, refundCents!, commission);
      for (const r of split.refunds) recorded.push(await refund(r.chargeId, r.amount));
      for (const part of split.transfers) {
        paidToMediator += part.transfer;
        feeKept += part.platformFee;
        if (part.transfer + part.platformFee === 0) continue;
        recorded.push(await recordPayoutTransfer(tx, payment, request.id, part, 'Payout after dispute resolution', now));
      }
      refunded = split.refundTotal;
      await updateEscrow(tx, payment.id, { status: 'refunded_partial', refundReason: 'Dispute resolved: partial refund', updatedAt: now });
    }

    const resolved = await resolveOpenDispute(tx, found.id, {
      outcome: input.outcome,
      refundAmount: input.outcome === 'release' ? null : formatCents(refunded),
      resolutionNote: input.note,
      resolvedById: admin.id,
      resolvedAt: now,
    });
    if (!resolved) throw conflict(DISPUTE_TEXTS_409.resolved);
    await appendAudit(tx, {
      actorId: admin.id,
      action: 'dispute.resolve',
      targetType: 'dispute',
      targetId: found.id,
      details: { requestId: request.id, outcome: input.outcome, refundAmount: resolved.refundAmount, note: input.note },
      at: now,
    });
    // The same figures and words as the request page (issue 21), each side addressed as "you".
    const outcomeText = (reader: 'lawyer' | 'mediator') => {
      const lawyer = reader === 'lawyer' ? 'you' : 'the lawyer';
      const mediator = reader === 'mediator' ? 'you' : 'the mediator';
      if (input.outcome === 'release') return `the payout of ${displayMoney(payment.mediatorPayout)} is released to ${mediator}`;
      if (input.outcome === 'refund_full') return `${displayCents(refunded)} is refunded to ${lawyer} in full`;
      return `${displayCents(refunded)} is refunded to ${lawyer}; of the remaining ${displayCents(held - refunded)}, ${displayCents(paidToMediator)} is paid to ${mediator} after the ${displayCents(feeKept)} platform fee`;
    };
    // A two-sided case (decision 052): each counsel is told its own part of the refund, whoever reported the problem.
    const refundedTo = new Map<string, Cents>();
    const payerOf = new Map(charges.map((c) => [c.chargeId, c.payerId]));
    for (const step of recorded) {
      if (step.kind !== 'refund') continue;
      const payerId = payerOf.get(step.params.chargeId as string)!;
      refundedTo.set(payerId, (refundedTo.get(payerId) ?? 0) + parseCents(step.amount)!);
    }
    const counselText = (userId: string) => {
      const reported = found.raisedById === userId ? 'the problem you reported' : 'the problem reported';
      if (input.outcome === 'release') return `Our team resolved ${reported} with ${caseLabel(request)}: the payout is released to the mediator.`;
      const mine = refundedTo.get(userId) ?? 0;
      return `Our team resolved ${reported} with ${caseLabel(request)}: ${displayCents(mine)} is refunded to you (your part of the ${displayCents(refunded)} refunded to the payers).`;
    };
    const counsel = request.opposingLawyerId
      ? [request.lawyerId, request.opposingLawyerId].map((userId) => ({ userId, message: counselText(userId) }))
      : [{ userId: request.lawyerId, message: `Our team resolved the problem you reported with ${caseLabel(request)}: ${outcomeText('lawyer')}.` }];
    await notify(tx, [
      ...counsel.map(({ userId, message }) => ({
        userId,
        type: 'dispute_resolved' as const,
        title: 'Problem resolved',
        message,
        linkUrl: `/requests/${request.id}`,
      })),
      {
        userId: payment.mediatorId,
        type: 'dispute_resolved',
        title: 'Problem resolved',
        message: `Our team resolved the problem reported with ${caseLabel(request)}: ${outcomeText('mediator')}.`,
        linkUrl: `/requests/${request.id}`,
      },
    ]);
    await announceRequestChange(tx, request);
    return recorded.filter((s) => s.status === 'pending');
  });
  await executeSteps(ctx, steps);
  return getAdminDispute(ctx, found.id);
}

export async function getAdminDispute(ctx: AppContext, id: string): Promise<AdminDisputeDto> {
  const row = isUuid(id) ? await findAdminDispute(ctx.db, id) : undefined;
  if (!row) throw notFound(DISPUTE_NOT_FOUND);
  return withPayers(ctx.db, row);
}
