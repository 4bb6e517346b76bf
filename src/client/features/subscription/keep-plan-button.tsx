import { RotateCcw } from 'lucide-react';
import { TIER_LABELS } from '../../../common/domain/tiers';
import type { SubscriptionDto } from '../../../common/schemas/subscription';
import { Button } from '../../components/ui/button';
import { toast, toastError } from '../../components/ui/use-toast';
import { formatDate } from '../../lib/format';
import { useResumeSubscription } from './api';

/**
 * 'Keep my plan' while a cancelled plan still runs (decision 038): takes the cancellation back, so the plan renews at
 * the end of its period on the same card instead of returning to Free.
 */
export function KeepPlanButton({ subscription }: { subscription: SubscriptionDto }) {
  const resume = useResumeSubscription();
  const plan = TIER_LABELS[subscription.tier];
  const onKeep = async () => {
    try {
      const kept = await resume.mutateAsync();
      toast({ title: 'Plan kept', description: `Your ${plan} plan renews on ${formatDate(kept.currentPeriodEnd)}.` });
    } catch (error) {
      toastError('Could not keep your plan', error);
    }
  };
  return (
    <Button onClick={() => void onKeep()} disabled={resume.isPending}>
      <RotateCcw aria-hidden="true" />
      {resume.isPending ? 'Keeping your plan...' : 'Keep my plan'}
    </Button>
  );
}
