import { useState } from 'react';
import { TIER_LABELS } from '../../../common/domain/tiers';
import type { SubscriptionDto } from '../../../common/schemas/subscription';
import { lazyDialog } from '../../components/lazy-parts';
import { Button } from '../../components/ui/button';
import { toast, toastError } from '../../components/ui/use-toast';
import { formatDate } from '../../lib/format';
import { useCancelSubscription } from './api';

// The confirmation (Radix's dialog) loads when first opened (docs/decisions/058).
const CancelSubscriptionDialog = lazyDialog(() => import('./cancel-subscription-dialog').then((m) => m.CancelSubscriptionDialog));

/** 'Cancel subscription' with a confirmation: the paid plan runs to its period's end, then Free (RULES.md 7). */
export function CancelSubscriptionButton({ subscription }: { subscription: SubscriptionDto }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  const plan = TIER_LABELS[subscription.tier];
  const end = formatDate(subscription.currentPeriodEnd);
  const onConfirm = async () => {
    try {
      await cancel.mutateAsync();
      setOpen(false);
      toast({ title: 'Subscription cancelled', description: `Your ${plan} plan stays active until ${end}. Then you return to Free.` });
    } catch (error) {
      toastError('Cancellation Failed', error);
    }
  };
  return (
    <>
      <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => setOpen(true)}>
        Cancel subscription
      </Button>
      <CancelSubscriptionDialog
        open={open}
        onOpenChange={(o) => !cancel.isPending && setOpen(o)}
        plan={plan}
        end={end}
        pending={cancel.isPending}
        onConfirm={() => void onConfirm()}
      />
    </>
  );
}
