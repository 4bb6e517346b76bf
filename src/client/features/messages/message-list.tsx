import { FileText, MessageSquare } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import type { MessageDto } from '../../../common/schemas/messages';
import { ListSkeleton } from '../../components/paged-list';
import { LoadMore } from '../../components/ui/load-more';
import { QueryError } from '../../components/ui/query-error';
import { formatDateTime } from '../../lib/format';
import type { PagedList } from '../../lib/use-paged-list';
import { cn } from '../../lib/utils';
import { downloadUrl } from './api';

function MessageBubble({ message, mine }: { message: MessageDto; mine: boolean }) {
  const initial = message.senderName.trim().charAt(0).toUpperCase() || '?';
  return (
    <li className={cn('flex items-end gap-2', mine && 'flex-row-reverse')} data-side={mine ? 'right' : 'left'}>
      <span
        aria-hidden="true"
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
          mine ? 'bg-primary text-primary-foreground' : 'bg-primary/10 text-primary',
        )}
      >
        {initial}
      </span>
      <div
        className={cn(
          'min-w-0 max-w-[85%] rounded-2xl px-3 py-2 shadow-xs sm:max-w-[70%]',
          mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        <p className={cn('flex flex-wrap items-baseline gap-x-2 text-xs', mine ? 'justify-end text-primary-foreground/85' : 'text-muted-foreground')}>
          <span className="font-semibold wrap-anywhere">{message.senderName}</span>
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        </p>
        {message.content ? <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-sm">{message.content}</p> : null}
        {message.attachmentUrl ? (
          <a
            href={downloadUrl(message.attachmentUrl)}
            download={message.attachmentName ?? undefined}
            className={cn(
              'mt-2 flex items-center gap-2 rounded-md border px-2 py-1.5 text-sm underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring',
              mine ? 'border-primary-foreground/30' : 'border-border bg-background',
            )}
          >
            <FileText className="size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 wrap-anywhere">
              <span className="sr-only">Download attachment </span>
              {message.attachmentName ?? 'attachment.pdf'}
            </span>
          </a>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The thread, oldest at the top, newest at the bottom (own messages on the right). Scrolls to the newest on load
 * and whenever a newer message arrives; loading earlier messages keeps the reader where they were.
 */
/** `canSend`: whether the viewer may write here; the empty thread invites them to start only then (spec 2's text). */
export function MessageList({ list, me, canSend = true }: { list: PagedList<MessageDto>; me: string; canSend?: boolean }) {
  const scroller = useRef<HTMLDivElement>(null);
  const seen = useRef<{ newest?: string; oldest?: string; height: number }>({ height: 0 });
  const messages = list.items;

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const newest = messages.at(-1)?.id;
    const oldest = messages[0]?.id;
    const before = seen.current;
    if (newest !== before.newest) el.scrollTop = el.scrollHeight;
    else if (oldest !== before.oldest) el.scrollTop += el.scrollHeight - before.height;
    seen.current = { newest, oldest, height: el.scrollHeight };
  }, [messages]);

  if (list.isLoading) return <ListSkeleton label="Loading messages" rows={3} className="h-14" />;
  const failure = list.error && !list.isFetchNextPageError ? <QueryError error={list.error} onRetry={list.refetch} retrying={list.isRefetching} /> : null;
  return (
    <div
      ref={scroller}
      // Focusable so the thread scrolls by keyboard too (axe: scrollable-region-focusable).
      tabIndex={0}
      role="log"
      aria-label="Messages"
      className="flex h-[min(60dvh,36rem)] min-h-64 flex-col gap-3 overflow-y-auto p-3 focus-visible:outline-2 focus-visible:outline-ring sm:p-4"
    >
      {failure}
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        error={list.isFetchNextPageError ? list.error : undefined}
        onLoadMore={list.fetchNextPage}
        label="Load earlier messages"
      />
      {messages.length ? (
        <ul className="mt-auto grid gap-3">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} mine={message.senderId === me} />
          ))}
        </ul>
      ) : failure ? null : (
        <div className="m-auto flex flex-col items-center gap-2 p-6 text-center text-muted-foreground">
          <MessageSquare className="size-10" aria-hidden="true" />
          <p>{canSend ? 'No messages yet. Start the conversation!' : 'No messages yet.'}</p>
        </div>
      )}
    </div>
  );
}
