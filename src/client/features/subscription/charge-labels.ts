import { TIER_LABELS } from '../../../common/domain/tiers';
import type { SubscriptionChargeDto, SubscriptionChargeStatus } from '../../../common/schemas/subscription-charges';
import { formatDate } from '../../lib/format';

/** A subscription charge's status in the mediator's words, and its badge's tone. */
export const CHARGE_STATUS: Record<SubscriptionChargeStatus, { label: string; tone: 'green' | 'blue' | 'muted' | 'yellow' }> = {
  paid: { label: 'Paid', tone: 'green' },
  partly_refunded: { label: 'Partly refunded', tone: 'blue' },
  refunded: { label: 'Refunded', tone: 'muted' },
  declined: { label: 'Declined', tone: 'yellow' },
};

/** "Pro plan, first month", "Pro plan, monthly renewal", "Refund, Pro plan". */
export function chargeDescription(charge: Pick<SubscriptionChargeDto, 'kind' | 'tier'>): string {
  const plan = `${TIER_LABELS[charge.tier]} plan`;
  if (charge.kind === 'upgrade') return `${plan}, first month`;
  if (charge.kind === 'renewal') return `${plan}, monthly renewal`;
  return `Refund, ${plan}`;
}

/** "Mar 02, 2026 – Apr 02, 2026", or null when the charge paid for no period (declined, or given back). */
export function chargePeriod(charge: Pick<SubscriptionChargeDto, 'periodStart' | 'periodEnd'>): string | null {
  if (!charge.periodStart || !charge.periodEnd) return null;
  return `${formatDate(charge.periodStart)} – ${formatDate(charge.periodEnd)}`;
}

/** Whether any of the charge came back to the mediator. */
export const hasRefund = (charge: Pick<SubscriptionChargeDto, 'refundedAmount'>) => charge.refundedAmount !== '0.00';
