import { Loader2 } from 'lucide-react';
import { Button } from './button';

/**
 * The end of a paginated list (DESIGN 5: long lists paginate): 'Load more' while there is a next page. While loading
 * it says so and is busy; if the next page failed, the server's message is shown and the button tries again.
 */
export function LoadMore({
  hasMore,
  loading,
  error,
  onLoadMore,
  label = 'Load more',
}: {
  hasMore: boolean;
  loading: boolean;
  error?: unknown;
  onLoadMore: () => unknown;
  label?: string;
}) {
  if (!hasMore) return null;
  const failed = !loading && error instanceof Error;
  return (
    <div className="flex flex-col items-center gap-2">
      {failed ? (
        <p role="alert" className="text-center text-sm font-medium text-destructive">
          {error.message || 'The next page could not be loaded.'}
        </p>
      ) : null}
      <Button variant="outline" onClick={() => void onLoadMore()} disabled={loading} aria-busy={loading}>
        {loading ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {loading ? 'Loading...' : failed ? 'Try again' : label}
      </Button>
    </div>
  );
}
