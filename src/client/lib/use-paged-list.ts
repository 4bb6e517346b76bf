import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiGetPage } from './api-client';

/** Items per page the client asks for (the API allows 1 to 100, default 50). */
export const PAGE_SIZE = 20;

/** `url` with the page's `limit` and, after the first page, its `cursor` (other query parameters are kept). */
export function pageUrl(url: string, cursor: string | null, limit = PAGE_SIZE): string {
  const [path, query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  else params.delete('cursor');
  return `${path}?${params.toString()}`;
}

/** What a page needs to show a growing list: the items so far, its states, and how to get more. */
export interface PagedList<T> {
  items: T[];
  /** The first page is on its way (not merely waiting: a disabled list is not loading). */
  isLoading: boolean;
  /** The last fetch failed (the first page, a refetch or the next page). */
  error: Error | null;
  /** The failure was fetching the next page: the items so far are still good. */
  isFetchNextPageError: boolean;
  refetch: () => unknown;
  isRefetching: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  isFetchingNextPage: boolean;
}

/**
 * A list endpoint read page by page (RULES.md 7: a JSON array per page, the next cursor in X-Next-Cursor, absent on
 * the last page). Invalidating `queryKey` (or a prefix of it) refetches every page loaded so far.
 */
export function usePagedList<T>({
  queryKey,
  url,
  enabled = true,
  pageSize = PAGE_SIZE,
}: {
  queryKey: QueryKey;
  url: string;
  enabled?: boolean;
  pageSize?: number;
}): PagedList<T> {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => apiGetPage<T>(pageUrl(url, pageParam, pageSize)),
    initialPageParam: null as string | null,
    // null ends the list: TanStack Query treats null and undefined alike as "no next page".
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    staleTime: 0,
  });
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  return {
    items,
    isLoading: query.isLoading,
    error: query.error,
    isFetchNextPageError: query.isFetchNextPageError,
    refetch: query.refetch,
    isRefetching: query.isRefetching,
    hasNextPage: query.hasNextPage,
    fetchNextPage: query.fetchNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
  };
}
