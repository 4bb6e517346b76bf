import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { FILE_LIMITS } from '../../../common/constants';
import type { MessageChannel } from '../../../common/enums';
import type { MessageDto, ThreadSummary } from '../../../common/schemas/messages';
import { apiRequest } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';
import { usePagedList, type PagedList } from '../../lib/use-paged-list';

// Every key starts with '/api/messages': the realtime socket refreshes them on `new_message` and after a reconnect.
export const threadsKey = ['/api/messages'] as const;
export const threadKey = (requestId: string, channel?: MessageChannel) =>
  channel ? (['/api/messages', requestId, channel] as const) : (['/api/messages', requestId] as const);

/** `?channel=` for a two-sided case's channel (decision 046); nothing for the server's default (the spec's thread). */
const channelQuery = (channel?: MessageChannel) => (channel ? `?channel=${channel}` : '');

/** How many messages one page of a thread holds ("Load earlier messages" fetches the next). */
export const THREAD_PAGE_SIZE = 50;

/** Keeps the first copy of each item by key (a page boundary that moved while loading may repeat one). */
function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** My threads, latest activity first. */
export function useThreads(enabled = true): PagedList<ThreadSummary> {
  const list = usePagedList<ThreadSummary>({ queryKey: threadsKey, url: '/api/messages', enabled });
  const items = useMemo(() => uniqueBy(list.items, (t) => t.requestId), [list.items]);
  return { ...list, items };
}

/**
 * A thread, oldest → newest for display. The API pages newest first (the next cursor goes back in time), so the
 * pages loaded so far are flattened, each message kept once (by id), and reversed.
 */
export function useThread(requestId: string, enabled = true, channel?: MessageChannel): PagedList<MessageDto> {
  const list = usePagedList<MessageDto>({
    queryKey: threadKey(requestId, channel),
    url: `/api/messages/${requestId}${channelQuery(channel)}`,
    enabled,
    pageSize: THREAD_PAGE_SIZE,
  });
  const items = useMemo(() => uniqueBy(list.items, (m) => m.id).reverse(), [list.items]);
  return { ...list, items };
}

export const downloadUrl = (attachmentUrl: string) => `/api/files${attachmentUrl.startsWith('/') ? '' : '/'}${attachmentUrl}`;

const MB = 1024 * 1024;

/** Spec 5 file rules for an attachment, checked in the browser too (the server checks again). */
export function attachmentProblem(file: File): string | null {
  if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) return `${file.name} is not a PDF file. Only PDF files are accepted.`;
  if (file.size > FILE_LIMITS.documentMaxBytes) return `${file.name} is too large. Maximum file size is ${FILE_LIMITS.documentMaxBytes / MB}MB.`;
  return null;
}

/**
 * Sends a message (uploading its PDF first, if any). The thread and the list are then re-read, so the server's copy
 * is what shows, once (the list is keyed by message id).
 */
export function useSendMessage(requestId: string, onProgress?: (percent: number) => void, channel?: MessageChannel) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ content, file }: { content: string; file?: File | null }) => {
      const attachmentUrl = file ? await uploadFile(file, 'attachment', onProgress) : undefined;
      return apiRequest<MessageDto>('POST', '/api/messages', {
        requestId,
        content,
        ...(attachmentUrl ? { attachmentUrl } : {}),
        ...(channel ? { channel } : {}),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: threadsKey }),
  });
}

/**
 * Marks what the other side sent as read once it is on screen (a POST: reading a thread never writes). The bell's
 * count follows through the socket; the thread list is refreshed here. In a joint channel `isRead` is the reader's own.
 */
export function useMarkThreadRead(requestId: string, messages: MessageDto[], me: string, enabled: boolean, channel?: MessageChannel) {
  const queryClient = useQueryClient();
  const unreadFromOthers = messages
    .filter((m) => (m.recipientId === me || (m.channel === 'joint' && m.senderId !== me)) && !m.isRead)
    .map((m) => m.id)
    .join(',');
  useEffect(() => {
    if (!enabled || !unreadFromOthers) return;
    void apiRequest('POST', `/api/messages/${requestId}/read${channelQuery(channel)}`)
      .then(() =>
        Promise.all([queryClient.invalidateQueries({ queryKey: threadsKey }), queryClient.invalidateQueries({ queryKey: ['/api/notifications/unread'] })]),
      )
      .catch(() => undefined); // unread stays unread; the next message or visit tries again
  }, [enabled, requestId, unreadFromOthers, queryClient, channel]);
}
