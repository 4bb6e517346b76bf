import { Printer } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '../../components/back-link';
import { Button } from '../../components/ui/button';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useSubscriptionCharge } from '../../features/subscription/api';
import { SubscriptionReceipt } from '../../features/subscription/charge-receipt';
import { hasErrorCode } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../lib/use-page-title';

/** /subscription/charges/:id/receipt (mediators): one subscription charge's receipt, with a Print button. */
export function ChargeReceiptPage() {
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const { data, isLoading, error, refetch, isRefetching } = useSubscriptionCharge(id);
  // The issue date is when the page was opened, not each render.
  const [issuedAt] = useState(() => new Date());
  usePageTitle('Subscription receipt');
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2" data-print-hidden>
        <BackLink to="/subscription" label="Back to subscription" />
        {data ? (
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print
          </Button>
        ) : null}
      </div>
      {isLoading ? (
        <div role="status" aria-label="Loading the receipt">
          <Skeleton className="h-96" />
        </div>
      ) : !data && error && !hasErrorCode(error, 'not_found') ? (
        <QueryError title="This receipt could not be loaded" error={error} onRetry={refetch} retrying={isRefetching} />
      ) : !data || !user ? (
        <div className="grid gap-2">
          <h1 className="font-serif text-2xl font-semibold">Receipt not found</h1>
          <p className="text-muted-foreground">This charge does not exist, or it is not one of yours.</p>
        </div>
      ) : (
        <SubscriptionReceipt charge={data} billedTo={{ name: `${user.firstName} ${user.lastName}`, email: user.email }} issuedAt={issuedAt} />
      )}
    </div>
  );
}
