import { Bell, Check, CheckCheck } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { NotificationDto } from '../../../common/api-types';
import { PagedListView } from '../../components/paged-list';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { toast, toastError } from '../../components/ui/use-toast';
import { formatDateTime } from '../../lib/format';
import { safeNextPath } from '../../lib/safe-redirect';
import { cn } from '../../lib/utils';
import { useMarkAllRead, useMarkRead, useNotifications, useUnreadCount } from './api';

/**
 * Where clicking a notification goes: only a path inside the app (`/requests/…`), never another site, a
 * protocol-relative or `javascript:` address. Null when there is nowhere safe to go.
 */
export function notificationTarget(linkUrl: string | null | undefined, origin = window.location.origin): string | null {
  if (!linkUrl) return null;
  const path = safeNextPath(linkUrl, origin, '');
  return path || null;
}

export const unreadLine = (count: number) => (count ? `${count} unread notification${count === 1 ? '' : 's'}` : 'All caught up!');

function NotificationItem({ notification: n, onOpen, onMarkRead }: { notification: NotificationDto; onOpen: () => void; onMarkRead: () => void }) {
  return (
    <Card className={cn('transition-colors', !n.isRead && 'border-primary/40 bg-primary/[0.03]')}>
      <CardContent className="flex items-start gap-3 p-4">
        <button
          type="button"
          onClick={onOpen}
          className="min-w-0 flex-1 rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <span className="flex flex-wrap items-center gap-2">
            <span className="wrap-anywhere font-semibold">{n.title}</span>
            {!n.isRead ? <Badge tone="primary">New</Badge> : null}
          </span>
          <span className="mt-1 block wrap-anywhere text-sm text-muted-foreground">{n.message}</span>
          <time dateTime={n.createdAt} className="mt-1 block text-xs text-muted-foreground">
            {formatDateTime(n.createdAt)}
          </time>
        </button>
        {!n.isRead ? (
          <Button variant="ghost" size="icon" className="shrink-0" aria-label={`Mark "${n.title}" as read`} title="Mark as read" onClick={onMarkRead}>
            <Check />
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The /notifications screen of spec 2: the unread line, 'Mark All Read', and the list, newest first. */
export function NotificationsView() {
  const navigate = useNavigate();
  const list = useNotifications();
  // The count is the server's, not the loaded pages': older unread items may not be loaded yet.
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  // Nothing is said about the count until both it and the list are in: never 'All caught up!' over a list to come.
  const loading = unread === undefined || list.isLoading;

  const open = async (n: NotificationDto) => {
    try {
      if (!n.isRead) await markRead.mutateAsync(n.id);
      const target = notificationTarget(n.linkUrl);
      if (target) navigate(target);
    } catch (error) {
      toastError('Error', error);
    }
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-serif text-3xl font-semibold">Notifications</h1>
          {loading ? (
            <Skeleton className="mt-2 h-5 w-48" data-testid="unread-line-loading" />
          ) : (
            <p className="mt-1 text-muted-foreground" aria-live="polite">
              {unreadLine(unread)}
            </p>
          )}
        </div>
        <Button
          variant="outline"
          disabled={loading || !unread || markAll.isPending}
          onClick={() =>
            markAll
              .mutateAsync()
              .then(() => toast({ title: 'All notifications marked as read' }))
              .catch((e) => toastError('Error', e))
          }
        >
          <CheckCheck aria-hidden="true" />
          Mark All Read
        </Button>
      </div>

      <PagedListView
        list={list}
        itemKey={(n) => n.id}
        loadingLabel="Loading notifications"
        skeletonClassName="h-20"
        className="grid gap-3"
        renderItem={(n) => (
          <NotificationItem
            notification={n}
            onOpen={() => void open(n)}
            onMarkRead={() => void markRead.mutateAsync(n.id).catch((e) => toastError('Error', e))}
          />
        )}
        empty={
          <Card>
            <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
              <Bell className="size-10 text-muted-foreground" aria-hidden="true" />
              <p className="text-muted-foreground">No notifications yet. You'll be notified about important updates here.</p>
            </CardContent>
          </Card>
        }
      />
    </div>
  );
}
