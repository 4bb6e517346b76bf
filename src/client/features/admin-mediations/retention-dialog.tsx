import type { AdminMediation } from '../../../common/schemas/admin-lists';
import type { RetentionDto } from '../../../common/schemas/account-data';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/use-toast';
import { formatDate } from '../../lib/format';
import { useRetention, useSetRetentionHold } from './retention-api';

/** The state in words: what happens to this case's documents, and when. */
function retentionWords(r: RetentionDto): string {
  if (r.purgedAt) return `Its documents were removed under the retention policy on ${formatDate(r.purgedAt)}.`;
  if (r.heldAt) return `Held from purging by ${r.heldBy?.name ?? 'an admin since removed'} on ${formatDate(r.heldAt)}: its documents are kept until released.`;
  if (!r.policyDays) return 'No retention policy is set: documents are kept for good.';
  if (!r.purgeDueAt) return `Documents are purged ${r.policyDays} days after a case is completed or cancelled; this one is not closed.`;
  const told = r.noticeSentAt ? ` The parties were told on ${formatDate(r.noticeSentAt)}.` : ' The parties are told a week before.';
  return `Its documents are due to be removed on ${formatDate(r.purgeDueAt)} (${r.policyDays} days after it closed).${told}`;
}

/** Hold a closed case's documents from purging under the retention policy, or release them (decision 061; audited). */
export function RetentionDialog({ mediation, onOpenChange }: { mediation: AdminMediation; onOpenChange: (open: boolean) => void }) {
  const retention = useRetention(mediation.id);
  const setHold = useSetRetentionHold(mediation.id);
  const held = Boolean(retention.data?.heldAt);

  const toggle = async () => {
    try {
      await setHold.mutateAsync({ hold: !held });
      toast({
        title: held ? 'Hold released' : 'Documents held',
        description: `${mediation.caseName}: ${held ? 'purged under the policy again' : 'kept until released'}.`,
      });
    } catch (error) {
      toastError('Could not change the hold', error);
    }
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Documents of {mediation.caseName}</DialogTitle>
          <DialogDescription>Closed cases' documents are purged under the retention policy unless an admin holds them.</DialogDescription>
        </DialogHeader>
        {retention.isPending ? (
          <div role="status" aria-label="Loading the retention">
            <Skeleton className="h-16" />
          </div>
        ) : retention.isError ? (
          <QueryError error={retention.error} onRetry={() => void retention.refetch()} />
        ) : (
          <p className="text-sm wrap-anywhere" role="status">
            {retentionWords(retention.data)}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          {retention.data && !retention.data.purgedAt ? (
            <Button type="button" disabled={setHold.isPending} onClick={toggle}>
              {held ? 'Release the hold' : 'Hold from purging'}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
