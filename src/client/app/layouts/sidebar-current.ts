import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useMatch } from 'react-router';
import type { RequestDto, UserDto } from '../../../common/api-types';
import { requestPageNavPath } from '../../components/sidebar/nav-items';

/** The request page's query (features/requests' `requestKeys.one`: GET /api/requests/{id}, spec 7's key convention). */
const requestKey = (id: string) => ['/api/requests', id];

/**
 * Which sidebar link the shell marks as current: undefined leaves it to the URL; on a request's page, the link the
 * request belongs under for this viewer, read from the request the page has loaded (nothing is fetched for it).
 */
export function useSidebarCurrent(user: UserDto): string | null | undefined {
  const match = useMatch('/requests/:id');
  const id = match && match.params.id !== 'new' ? match.params.id : undefined;
  const client = useQueryClient();
  const request = useSyncExternalStore(
    (onChange) => client.getQueryCache().subscribe(onChange),
    () => (id ? client.getQueryData<RequestDto>(requestKey(id)) : undefined),
  );
  return id ? requestPageNavPath(user, request) : undefined;
}
