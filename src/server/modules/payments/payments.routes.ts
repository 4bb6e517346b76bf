import { desc, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LocalConfirmSchema } from '../../../common/schemas/payments';
import type { AppContext } from '../../context';
import { mediationRequests, payments } from '../../db/schema';
import { takeBody } from '../../plugins/error-handler';
import { requireUser } from '../../plugins/guards';
import { twoDecimals } from '../users/user.presenter';
import { confirmLocalPayment } from './confirm.service';
import { ledgerFor, ledgerTotals } from './payments.repo';
import { formatCents } from '../../../common/money';

const tags = ['Payments'];

export function paymentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // attachValidation: signed out is 401 before a bad body is 400 (RULES.md 6 precedence).
  r.post('/api/payments/local/confirm', { attachValidation: true, schema: { tags, summary: 'Pay with the built-in card form (local provider): 200 or 402', body: LocalConfirmSchema } }, async (request) => {
    const user = requireUser(request);
    const body = takeBody(request);
    return confirmLocalPayment(ctx, user, body.clientSecret, body.card);
  });

  r.get('/api/payments', { schema: { tags, summary: 'My payments (lawyer: paid; mediator: paid to me) with their ledger' } }, async (request) => {
    const user = requireUser(request);
    const rows = await ctx.db
      .select({ payment: payments, caseName: mediationRequests.caseName, caseNumber: mediationRequests.caseNumber })
      .from(payments)
      .innerJoin(mediationRequests, eq(mediationRequests.id, payments.requestId))
      .where(user.role === 'admin' ? undefined : or(eq(payments.lawyerId, user.id), eq(payments.mediatorId, user.id)))
      .orderBy(desc(payments.createdAt))
      .limit(100);
    return Promise.all(
      rows.map(async ({ payment, caseName, caseNumber }) => {
        const ledger = await ledgerFor(ctx.db, payment.id);
        const totals = ledgerTotals(ledger);
        return {
          id: payment.id,
          requestId: payment.requestId,
          caseName,
          caseNumber,
          lawyerId: payment.lawyerId,
          mediatorId: payment.mediatorId,
          depositAmount: twoDecimals(payment.depositAmount),
          amount: twoDecimals(payment.depositAmount),
          platformFee: twoDecimals(payment.platformFee),
          mediatorPayout: twoDecimals(payment.mediatorPayout),
          status: payment.status,
          refundAmount: twoDecimals(payment.refundAmount),
          refundReason: payment.refundReason,
          totalCharged: formatCents(totals.charged),
          totalRefunded: formatCents(totals.refunded),
          createdAt: payment.createdAt.toISOString(),
          updatedAt: payment.updatedAt.toISOString(),
          ledger: ledger.map((e) => ({ id: e.id, kind: e.kind, amount: twoDecimals(e.amount), platformFee: twoDecimals(e.platformFee), note: e.note, createdAt: e.createdAt.toISOString() })),
        };
      }),
    );
  });
}
