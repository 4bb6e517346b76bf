import { Skeleton } from './ui/skeleton';

/** Full-page loading state: a skeleton of the layout, announced to screen readers. */
export function PageLoading() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-6" role="status" aria-live="polite">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
      <Skeleton className="h-48" />
    </div>
  );
}
