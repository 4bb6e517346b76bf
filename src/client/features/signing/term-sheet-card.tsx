import { lazy, Suspense } from 'react';
import type { RequestDto, UserDto } from '../../../common/api-types';
import { Skeleton } from '../../components/ui/skeleton';
import { TermSheetFrame } from './signing-card-frame';
import { signingSeat } from './view';

// The card's code (the editor, the comparison, the signing dialogs) loads only for those who see it, after the
// page's first paint.
const TermSheetPanel = lazy(() => import('./term-sheet-panel').then((m) => ({ default: m.TermSheetPanel })));

/**
 * The request page's term sheet (issue 26), id "term-sheet": for the case's counsel and its selected mediator (and
 * admins, who only read) once a mediator is selected; read-only once the case is completed.
 */
export function TermSheetCard({ request, user }: { request: RequestDto; user: Pick<UserDto, 'id' | 'role'> }) {
  const seat = signingSeat(request, user);
  if (!seat) return null;
  return (
    <Suspense
      fallback={
        <TermSheetFrame>
          <Skeleton className="h-24" />
        </TermSheetFrame>
      }
    >
      <TermSheetPanel requestId={request.id} seat={seat} closed={request.status === 'completed'} />
    </Suspense>
  );
}
