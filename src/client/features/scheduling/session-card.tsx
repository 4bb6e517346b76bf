import { lazy, Suspense } from 'react';
import type { RequestDto, UserDto } from '../../../common/api-types';
import { seatOf } from '../../../common/domain/case-access';
import type { RequestStatus } from '../../../common/enums';
import { Skeleton } from '../../components/ui/skeleton';
import { SessionCardFrame } from './session-card-frame';

// The card's code (the poll grid, its dialogs) loads only for those who see it, after the page's first paint.
const SchedulingCard = lazy(() => import('./scheduling-card').then((m) => ({ default: m.SchedulingCard })));

/** Sessions exist once a mediator is selected; after completion or cancellation they are only read. */
const SHOWN: readonly RequestStatus[] = ['matched', 'in_progress', 'completed', 'cancelled'];
const CLOSED: readonly RequestStatus[] = ['completed', 'cancelled'];

/**
 * The request page's Session card (issue 25, decision 054), id "session": for the case's counsel and its selected
 * mediator, and admins (read-only), once a mediator is selected.
 */
export function SessionCard({ request, user }: { request: RequestDto; user: Pick<UserDto, 'id' | 'role'> }) {
  const seat = seatOf(request, user.id) ?? (user.role === 'admin' ? 'admin' : null);
  if (!seat || !request.selectedMediatorId || !SHOWN.includes(request.status)) return null;
  return (
    <Suspense
      fallback={
        <SessionCardFrame>
          <Skeleton className="h-24" />
        </SessionCardFrame>
      }
    >
      <SchedulingCard requestId={request.id} seat={seat} closed={CLOSED.includes(request.status)} />
    </Suspense>
  );
}
