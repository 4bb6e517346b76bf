// A case's invoice (issue 24, docs/decisions/053): once a mediator is selected (the budget is final), counsel of either
// side, the selected mediator and admins may download it. Numbered once per case; each side's share of the fee, what
// was paid toward it and by whom (a payment on the other side's behalf says so), from the ledger.
import { seatOf } from '../../../common/domain/case-access';
import { invoiceNumber, invoiceRows, type InvoiceCharge, type InvoiceSide } from '../../../common/domain/invoice';
import type { CaseSide } from '../../../common/enums';
import { displayMoney, parseCents } from '../../../common/money';
import type { AppContext } from '../../context';
import { conflict, forbidden } from '../../errors';
import type { SessionUser } from '../../plugins/session';
import { chargesStillHeld, findPaymentForRequest, ledgerFor } from '../payments/payments.api';
import { findVisibleRequest } from '../requests/requests.service';
import { findUserById } from '../users/users.repo';
import { agreedPercent } from './fee-split-writes';
import { renderInvoicePdf } from './invoice-pdf';
import { issueInvoice } from './invoice.repo';
import { personName } from '../../../common/domain/account';

const INVOICED = ['matched', 'in_progress', 'completed'];

/** GET /api/requests/{id}/invoice: the PDF and its file name. */
export async function invoiceFor(ctx: AppContext, user: SessionUser, requestId: string): Promise<{ fileName: string; body: Buffer }> {
  const request = await findVisibleRequest(ctx, user, requestId);
  if (user.role !== 'admin' && seatOf(request, user.id) === null) throw forbidden('Only counsel and the mediator of this case can download its invoice');
  const payment = await findPaymentForRequest(ctx.db, request.id);
  if (!INVOICED.includes(request.status) || !payment || !request.selectedMediatorId) {
    throw conflict('The invoice is issued once a mediator is selected and the fee is final');
  }
  const invoice = await issueInvoice(ctx.db, request.id, ctx.clock.now());
  const number = invoiceNumber(invoice.number, invoice.issuedAt);
  const [lawyer, opposing, mediator] = await Promise.all([
    findUserById(ctx.db, request.lawyerId),
    request.opposingLawyerId ? findUserById(ctx.db, request.opposingLawyerId) : undefined,
    findUserById(ctx.db, request.selectedMediatorId),
  ]);
  const percent = request.opposingLawyerId ? ((await agreedPercent(ctx.db, request.id)) ?? 100) : 100;
  const sides: InvoiceSide[] = [{ side: 'first', counsel: personName(lawyer), percent }];
  if (request.opposingLawyerId) sides.push({ side: 'second', counsel: personName(opposing), percent: 100 - percent });
  const entries = await ledgerFor(ctx.db, payment.id);
  const names = new Map<string, string>([
    [request.lawyerId, personName(lawyer)],
    ...(request.opposingLawyerId ? [[request.opposingLawyerId, personName(opposing)] as const] : []),
  ]);
  const sideOf = (payerId: string): CaseSide => (payerId === request.lawyerId ? 'first' : 'second');
  const charges: InvoiceCharge[] = (await chargesStillHeld(ctx.db, payment.id)).map((held) => ({
    at: entries.find((e) => e.providerRef === held.chargeId)?.createdAt ?? invoice.issuedAt,
    kind: held.kind === 'deposit_charge' ? 'deposit' : 'balance',
    net: held.amount,
    payerName: names.get(held.payerId) ?? 'Former user',
    payerSide: sideOf(held.payerId),
    shareSide: held.shareSide ?? 'first',
  }));
  const budget = parseCents(request.budget)!;
  const pricing =
    request.pricingModel === 'flat'
      ? `flat fee of ${displayMoney(request.budget)}`
      : `${displayMoney(request.hourlyRate)} per hour × ${request.hoursNeeded ?? 0} hours`;
  const body = await renderInvoicePdf({
    number,
    issuedAt: invoice.issuedAt,
    caseName: request.caseName,
    caseNumber: request.caseNumber,
    mediator: personName(mediator),
    pricing,
    budget,
    platformFee: parseCents(payment.platformFee) ?? 0,
    rows: invoiceRows(budget, sides, charges),
  });
  return { fileName: `${number}.pdf`, body };
}
