import { Users } from 'lucide-react';
import { useState } from 'react';
import { ListSkeleton } from '../../components/paged-list';
import { Card, CardContent } from '../../components/ui/card';
import { LoadMore } from '../../components/ui/load-more';
import { QueryError } from '../../components/ui/query-error';
import { useCurrentUser } from '../../lib/current-user';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useMediaQuery } from '../../lib/use-media-query';
import { useAdminUsers, type UserFilters as Filters } from './api';
import { UserCard, UserTable } from './user-table';
import { UserFilters } from './user-filters';

/** How long the search text must rest before the list asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const NO_FILTERS: Filters = { search: '', role: '', status: '' };

/**
 * The admins' Users tab (spec 7): search and filter, the accounts newest first with 'Load more', and per account its
 * status, impersonation and deletion. A table on wide screens, cards on narrow ones.
 */
export function UserList() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const search = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const list = useAdminUsers({ ...filters, search: search.trim() });
  const wide = useMediaQuery('(min-width: 1024px)');
  const { user: me } = useCurrentUser();
  const filtered = Boolean(filters.search.trim() || filters.role || filters.status);

  const failure = list.error && !list.isFetchNextPageError ? <QueryError error={list.error} onRetry={list.refetch} retrying={list.isRefetching} /> : null;
  let body;
  if (list.isLoading) body = <ListSkeleton label="Loading users" className="h-24" />;
  else if (!list.items.length)
    body = failure ?? (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-8 text-center text-muted-foreground">
          <Users className="size-8" aria-hidden="true" />
          <p>{filtered ? 'No users match these filters.' : 'No users yet.'}</p>
        </CardContent>
      </Card>
    );
  else
    body = (
      <div className="grid gap-4">
        {failure}
        {wide ? (
          <UserTable users={list.items} selfId={me?.id} />
        ) : (
          <ul className="grid gap-3" aria-label="Users">
            {list.items.map((user) => (
              <li key={user.id} className="min-w-0">
                <UserCard user={user} isSelf={user.id === me?.id} />
              </li>
            ))}
          </ul>
        )}
        <LoadMore
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          error={list.isFetchNextPageError ? list.error : undefined}
          onLoadMore={list.fetchNextPage}
        />
      </div>
    );

  return (
    <div className="grid min-w-0 gap-4">
      <UserFilters value={filters} onChange={setFilters} />
      {body}
    </div>
  );
}
