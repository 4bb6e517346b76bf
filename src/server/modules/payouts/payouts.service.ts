import type { PayoutAccount } from '../../../common/schemas/payment-history';
import type { AppContext } from '../../context';
import { conflict } from '../../errors';
import { claimPayoutAccount, findPayoutAccountId } from './payouts.repo';

/** Where the provider's hosted onboarding sends the mediator back to: their Earnings page. */
const returnUrl = (ctx: AppContext) => `${ctx.publicUrl}/payments`;

/** The account's state as the provider reports it, with a fresh onboarding link while it is not ready (RULES.md 3). */
async function describeAccount(ctx: AppContext, accountId: string | null): Promise<PayoutAccount> {
  const provider = ctx.payments.name;
  if (!accountId) return { provider, accountId: null, ready: false, requirements: [], onboardingUrl: null };
  const status = await ctx.payments.payoutAccountStatus(accountId);
  const onboardingUrl = status.ready ? null : await ctx.payments.onboardingLink(accountId, returnUrl(ctx));
  return { provider, accountId, ready: status.ready, requirements: status.requirements, onboardingUrl };
}

/** GET /api/payouts/account: the mediator's payout account, or `accountId: null` when none was set up yet. */
export async function payoutAccountOf(ctx: AppContext, mediatorId: string): Promise<PayoutAccount> {
  return describeAccount(ctx, await findPayoutAccountId(ctx.db, mediatorId));
}

/**
 * POST /api/payouts/account: creates the account on demand. The provider is called with no transaction open (DESIGN
 * 4); the conditional update keeps the first account stored, and a set-up that lost the race reports the winner's.
 */
export async function setUpPayoutAccount(ctx: AppContext, mediatorId: string): Promise<PayoutAccount> {
  const existing = await findPayoutAccountId(ctx.db, mediatorId);
  if (existing) return describeAccount(ctx, existing);
  const created = await ctx.payments.ensurePayoutAccount(mediatorId, null);
  if (await claimPayoutAccount(ctx.db, mediatorId, created)) return describeAccount(ctx, created);
  const winner = await findPayoutAccountId(ctx.db, mediatorId);
  // No profile row at all: the guard's completed-profile check makes this unreachable, but never answer with nothing.
  if (!winner) throw conflict('Complete your mediator profile before setting up payouts');
  return describeAccount(ctx, winner);
}
