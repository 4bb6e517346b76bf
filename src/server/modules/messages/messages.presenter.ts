import type { MessageDto, ThreadSummary } from '../../../common/schemas/messages';
import type { ThreadMessageRow, ThreadSummaryRow } from './messages.repo';

export function presentMessage({ message, senderFirstName, senderLastName, attachmentName }: ThreadMessageRow): MessageDto {
  return {
    id: message.id,
    requestId: message.requestId,
    senderId: message.senderId,
    recipientId: message.recipientId,
    senderName: `${senderFirstName} ${senderLastName}`.trim(),
    content: message.content,
    attachmentUrl: message.attachmentUrl,
    attachmentName: message.attachmentUrl ? (attachmentName ?? 'attachment.pdf') : null,
    isRead: message.isRead,
    createdAt: message.createdAt.toISOString(),
    channel: message.channel,
  };
}

export function presentThreadSummary(row: ThreadSummaryRow): ThreadSummary {
  return {
    requestId: row.requestId,
    caseName: row.caseName,
    caseNumber: row.caseNumber,
    status: row.status,
    counterpart: {
      id: row.counterpartId,
      role: row.counterpartId === row.lawyerId ? 'lawyer' : 'mediator',
      firstName: row.counterpartFirstName,
      lastName: row.counterpartLastName,
      profileImageUrl: row.counterpartImageUrl,
    },
    lastMessage:
      row.lastId && row.lastSenderId && row.lastCreatedAt
        ? {
            id: row.lastId,
            senderId: row.lastSenderId,
            content: row.lastContent ?? '',
            hasAttachment: !!row.lastHasAttachment,
            createdAt: row.lastCreatedAt.toISOString(),
          }
        : null,
    unreadCount: row.unreadCount,
    lastActivityAt: row.activityAt.toISOString(),
    canSend: row.status !== 'cancelled',
    // Two-sided cases only: a one-sided thread answers exactly as the spec's (decision 046).
    ...(row.channels
      ? {
          channels: row.channels.map((c) => ({
            channel: c.channel,
            unreadCount: c.unreadCount,
            lastMessage: c.last ? { ...c.last, createdAt: c.last.createdAt.toISOString() } : null,
          })),
        }
      : {}),
  };
}
