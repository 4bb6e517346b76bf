import { Paperclip } from 'lucide-react';
import { Link } from 'react-router';
import type { ThreadSummary } from '../../../common/schemas/messages';
import { UserAvatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { StatusBadge } from '../../components/ui/status-badge';
import { formatDateTime } from '../../lib/format';
import { cn } from '../../lib/utils';

/** One thread in /messages: case, counterpart, the latest message and its time, the unread badge. */
export function ThreadListItem({ thread, me }: { thread: ThreadSummary; me: string }) {
  const { counterpart, lastMessage, unreadCount } = thread;
  const name = `${counterpart.firstName} ${counterpart.lastName}`.trim();
  const preview = lastMessage
    ? `${lastMessage.senderId === me ? 'You: ' : ''}${lastMessage.content || (lastMessage.hasAttachment ? 'Sent a file' : '')}`
    : null;
  return (
    <Card className={cn('transition-colors hover:bg-accent/40', unreadCount > 0 && 'border-primary/40')}>
      <Link
        to={`/messages/${thread.requestId}`}
        className="flex items-start gap-3 rounded-xl p-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <span aria-hidden="true">
          <UserAvatar src={counterpart.profileImageUrl} firstName={counterpart.firstName} lastName={counterpart.lastName} className="size-10" />
        </span>
        <span className="grid min-w-0 flex-1 gap-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold wrap-anywhere">{thread.caseName}</span>
            <span className="text-sm text-muted-foreground wrap-anywhere">Case #{thread.caseNumber}</span>
            <StatusBadge status={thread.status} />
          </span>
          <span className="text-sm wrap-anywhere">
            {name} <span className="text-muted-foreground">· {counterpart.role === 'mediator' ? 'Mediator' : 'Lawyer'}</span>
          </span>
          <span className={cn('flex min-w-0 items-center gap-1 text-sm', unreadCount ? 'font-medium text-foreground' : 'text-muted-foreground')}>
            {lastMessage?.hasAttachment ? <Paperclip className="size-3.5 shrink-0" aria-hidden="true" /> : null}
            <span className="line-clamp-2 wrap-anywhere">{preview ?? 'No messages yet. Start the conversation!'}</span>
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-2">
          <time className="text-xs whitespace-nowrap text-muted-foreground" dateTime={lastMessage?.createdAt ?? thread.lastActivityAt}>
            {formatDateTime(lastMessage?.createdAt ?? thread.lastActivityAt)}
          </time>
          {unreadCount > 0 ? (
            <Badge tone="primary">
              {unreadCount}
              <span className="sr-only"> unread</span>
            </Badge>
          ) : null}
        </span>
      </Link>
    </Card>
  );
}
