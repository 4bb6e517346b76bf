import { useState } from 'react';
import { TIER_LABELS } from '../../../common/domain/tiers';
import type { SubscriptionDto } from '../../../common/schemas/subscription';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { toast, toastError } from '../../components/ui/use-toast';
import { formatDate } from '../../lib/format';
import { useCancelSubscription } from './api';

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
      <Button variant="outline" className="text-destructive" onClick={() => setOpen(true)}>
        Cancel subscription
      </Button>
      <Dialog open={open} onOpenChange={(o) => !cancel.isPending && setOpen(o)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel your {plan} subscription?</DialogTitle>
            <DialogDescription>
              You keep {plan} until {end}; you are not charged again. After that you return to the Free plan: up to 3 mediations a month and no counteroffers.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={cancel.isPending}>
              Keep {plan}
            </Button>
            <Button variant="destructive" onClick={() => void onConfirm()} disabled={cancel.isPending}>
              {cancel.isPending ? 'Cancelling...' : 'Cancel subscription'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
