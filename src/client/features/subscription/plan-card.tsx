import { Check } from 'lucide-react';
import type { SubscriptionTier } from '../../../common/enums';
import { tierChange } from '../../../common/domain/subscriptions';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import type { Plan } from './plans';

/**
 * One plan (spec /subscription): 'Current Plan' marks the mediator's own and its button is disabled; a higher plan
 * offers 'Upgrade'; a lower one says 'Contact Support', disabled (downgrades go through cancel or support).
 */
export function PlanCard({ plan, current, onUpgrade, busy }: { plan: Plan; current: SubscriptionTier; onUpgrade: () => void; busy: boolean }) {
  const change = tierChange(current, plan.tier);
  const headingId = `plan-${plan.tier}`;
  return (
    <li
      aria-labelledby={headingId}
      className={cn('relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm', change === 'same' && 'border-primary ring-1 ring-primary')}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {plan.name}
        </h2>
        {change === 'same' ? <Badge tone="primary">Current Plan</Badge> : null}
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="font-serif text-4xl font-semibold">{plan.price}</span>
        <span className="text-sm text-muted-foreground">per month</span>
      </p>
      <ul className="mt-5 grid flex-1 content-start gap-2.5 text-sm" aria-label={`${plan.name} features`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      {change === 'upgrade' ? (
        <Button className="mt-6 w-full" size="lg" onClick={onUpgrade} disabled={busy} aria-label={`Upgrade to ${plan.name}`}>
          Upgrade
        </Button>
      ) : (
        <Button className="mt-6 w-full" size="lg" variant="outline" disabled>
          {change === 'same' ? 'Current Plan' : 'Contact Support'}
        </Button>
      )}
    </li>
  );
}
