import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { hasErrorCode } from '../../lib/api-client';
import { BackLink } from '../back-link';
import { Button } from '../ui/button';
import { QueryError } from '../ui/query-error';
import { Skeleton } from '../ui/skeleton';

/**
 * A receipt's page (a payment's, a subscription charge's): the way back and Print (kept off paper), then the receipt
 * once loaded, a skeleton while it loads, the error with 'Try again', or "Receipt not found" when it is not the
 * caller's (404).
 */
export function ReceiptPage({
  back,
  query,
  notFound,
  children,
}: {
  back: { to: string; label: string };
  query: { isLoading: boolean; error: Error | null; refetch: () => unknown; isRefetching: boolean };
  /** Why there is no receipt, under "Receipt not found". */
  notFound: string;
  /** The receipt, or null while there is nothing to show. */
  children: ReactNode;
}) {
  const { isLoading, error, refetch, isRefetching } = query;
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2" data-print-hidden>
        <BackLink to={back.to} label={back.label} />
        {children ? (
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
      ) : !children && error && !hasErrorCode(error, 'not_found') ? (
        <QueryError title="This receipt could not be loaded" error={error} onRetry={refetch} retrying={isRefetching} />
      ) : !children ? (
        <div className="grid gap-2">
          <h1 className="font-serif text-2xl font-semibold">Receipt not found</h1>
          <p className="text-muted-foreground">{notFound}</p>
        </div>
      ) : (
        children
      )}
    </div>
  );
}
