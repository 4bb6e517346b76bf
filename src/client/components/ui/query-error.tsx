import { RotateCw, TriangleAlert } from 'lucide-react';
import { cn } from '../../lib/utils';
import { Button } from './button';

/**
 * A failed load: the server's message and a 'Try again' button that refetches. Pages show this instead of a skeleton
 * when a query fails, so nothing waits forever.
 */
export function QueryError({
  error,
  onRetry,
  retrying = false,
  title = 'Something went wrong',
  className,
}: {
  error: unknown;
  onRetry: () => unknown;
  retrying?: boolean;
  title?: string;
  className?: string;
}) {
  const message = error instanceof Error && error.message ? error.message : 'The page could not be loaded.';
  return (
    <div role="alert" className={cn('ui-query-error', className)}>
      <TriangleAlert className="size-5 shrink-0 text-destructive" aria-hidden="true" />
      <div className="min-w-0 flex-1 wrap-anywhere">
        <p className="font-semibold text-destructive">{title}</p>
        <p className="text-foreground">{message}</p>
      </div>
      <Button variant="outline" size="sm" onClick={() => void onRetry()} disabled={retrying} aria-busy={retrying}>
        <RotateCw className={cn(retrying && 'animate-spin')} aria-hidden="true" />
        {retrying ? 'Trying again...' : 'Try again'}
      </Button>
    </div>
  );
}
