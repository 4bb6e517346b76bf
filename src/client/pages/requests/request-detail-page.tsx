import { FileQuestion } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { QueryError } from '../../components/ui/query-error';
import { Skeleton } from '../../components/ui/skeleton';
import { useCurrentUser } from '../../lib/current-user';
import { useRequest } from '../../features/requests/api';
import { hasErrorCode } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';

// The panels and cards (the state's next step, scheduling, signing, documents, payments: most of the page's code) are
// a chunk of their own, fetched as the page opens, side by side with the request itself (docs/decisions/058).
const loadView = () => import('./request-view');
const RequestView = lazy(() => loadView().then((m) => ({ default: m.RequestView })));

function NotFound() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 p-10 text-center">
        <FileQuestion className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="font-serif text-2xl font-semibold">Request not found</h1>
        <Button asChild>
          <Link to="/requests">Back to Requests</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export function RequestDetailPage() {
  const { id = '' } = useParams();
  const { user } = useCurrentUser();
  const { data: request, error, isLoading, refetch, isRefetching } = useRequest(id);
  useEffect(() => void loadView(), []);
  usePageTitle(request ? request.caseName : 'Request');
  if (isLoading) return <Skeleton className="h-96" />;
  if (!request && error && !hasErrorCode(error, 'not_found'))
    return <QueryError title="This request could not be loaded" error={error} onRetry={refetch} retrying={isRefetching} />;
  if (!request || !user) return <NotFound />;
  // The same skeleton while the view's code is still on its way, so the page does not jump between the two.
  return (
    <Suspense fallback={<Skeleton className="h-96" />}>
      <RequestView request={request} user={user} />
    </Suspense>
  );
}
