import { MessagesSquare } from 'lucide-react';
import { PagedListView } from '../../components/paged-list';
import { Card, CardContent } from '../../components/ui/card';
import { useThreads } from '../../features/messages/api';
import { ThreadListItem } from '../../features/messages/thread-list-item';
import { useCurrentUser } from '../../lib/current-user';
import { usePageTitle } from '../../lib/use-page-title';

/** /messages: one thread per matched request I take part in, latest activity first. */
export function MessagesPage() {
  usePageTitle('Messages');
  const { user } = useCurrentUser();
  const list = useThreads();
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="font-serif text-3xl font-semibold">Messages</h1>
        <p className="mt-1 text-muted-foreground">Conversations with the other side of each matched mediation.</p>
      </div>
      <PagedListView
        list={list}
        itemKey={(thread) => thread.requestId}
        loadingLabel="Loading conversations"
        skeletonClassName="h-24"
        className="grid gap-3"
        renderItem={(thread) => <ThreadListItem thread={thread} me={user?.id ?? ''} />}
        empty={
          <Card>
            <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
              <MessagesSquare className="size-10 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium">No conversations yet.</p>
              <p className="max-w-md text-sm text-muted-foreground">
                {user?.role === 'mediator'
                  ? 'A conversation opens with the lawyer when you are selected for a mediation.'
                  : user?.role === 'admin'
                    ? 'Admins can read any mediation’s conversation from its request page.'
                    : 'A conversation opens with your mediator as soon as you select one for a request.'}
              </p>
            </CardContent>
          </Card>
        }
      />
    </div>
  );
}
