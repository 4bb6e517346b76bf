import { CalendarClock, Gauge } from 'lucide-react';
import { TIER_LABELS } from '../../../common/domain/tiers';
import type { SubscriptionDto } from '../../../common/schemas/subscription';
import { Card, CardContent } from '../../components/ui/card';
import { formatDate } from '../../lib/format';
import { CancelSubscriptionButton } from './cancel-subscription';
import { KeepPlanButton } from './keep-plan-button';

/** What the mediator's period says: when it renews, or when it ends and they return to Free. */
export function periodLine(subscription: SubscriptionDto): string | null {
  if (subscription.tier === 'free' || !subscription.currentPeriodEnd) return null;
  const end = formatDate(subscription.currentPeriodEnd);
  return subscription.cancelAtPeriodEnd ? `Ends on ${end} — you return to Free` : `Renews on ${end}`;
}

/** "N of M mediations this month" (the monthly cap as accept counts it; Unlimited has none). */
export function usageLine({ used, limit }: SubscriptionDto['monthlyMediations']): string {
  return limit === null ? `${used} mediation${used === 1 ? '' : 's'} this month (no monthly limit)` : `${used} of ${limit} mediations this month`;
}

/**
 * The plan in effect: its name, the period, this month's usage, and for paid plans the cancellation, or while a
 * cancelled plan still runs, the way to keep it.
 */
export function SubscriptionSummary({ subscription }: { subscription: SubscriptionDto }) {
  const period = periodLine(subscription);
  return (
    <Card>
      <CardContent className="grid gap-4 p-6 sm:grid-cols-[1fr_auto] sm:items-center">
        <div className="grid gap-2">
          <p className="text-lg font-semibold">You are on the {TIER_LABELS[subscription.tier]} plan</p>
          {period ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="subscription-period">
              <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
              {period}
            </p>
          ) : null}
          <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="subscription-usage">
            <Gauge className="size-4 shrink-0" aria-hidden="true" />
            {usageLine(subscription.monthlyMediations)}
          </p>
        </div>
        {subscription.tier !== 'free' && subscription.currentPeriodEnd ? (
          subscription.cancelAtPeriodEnd ? (
            <KeepPlanButton subscription={subscription} />
          ) : (
            <CancelSubscriptionButton subscription={subscription} />
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
