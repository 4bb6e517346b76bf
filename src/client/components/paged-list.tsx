import type { ReactNode } from 'react';
import type { PagedList } from '../lib/use-paged-list';
import { cn } from '../lib/utils';
import { LoadMore } from './ui/load-more';
import { QueryError } from './ui/query-error';
import { Skeleton } from './ui/skeleton';

export function ListSkeleton({ label, rows = 3, className = 'h-36' }: { label: string; rows?: number; className?: string }) {
  return (
    <div className="grid gap-4" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className={className} />
      ))}
    </div>
  );
}

/**
 * A growing list's states in one place: a skeleton while the first page loads, the error with 'Try again' when a load
 * fails (above the items already shown, if any), the empty text, the items, and 'Load more' while there is more.
 */
export function PagedListView<T>({
  list,
  itemKey,
  renderItem,
  empty,
  loadingLabel,
  skeletonClassName,
  className = 'grid gap-4',
}: {
  list: PagedList<T>;
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  empty: ReactNode;
  loadingLabel: string;
  skeletonClassName?: string;
  className?: string;
}) {
  if (list.isLoading) return <ListSkeleton label={loadingLabel} className={skeletonClassName} />;
  // A failed next page is reported beside 'Load more'; any other failure replaces or tops the list.
  const failure = list.error && !list.isFetchNextPageError ? <QueryError error={list.error} onRetry={list.refetch} retrying={list.isRefetching} /> : null;
  if (!list.items.length) return failure ?? empty;
  return (
    <div className="grid gap-4">
      {failure}
      <ul className={cn(className)}>
        {list.items.map((item) => (
          <li key={itemKey(item)} className="min-w-0">
            {renderItem(item)}
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        error={list.isFetchNextPageError ? list.error : undefined}
        onLoadMore={list.fetchNextPage}
      />
    </div>
  );
}
