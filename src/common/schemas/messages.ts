// Per-request messaging (spec 2 `/messages/{requestId}`, spec 5 "Message", RULES.md 6-7): the send payload, the
// message and the thread summary as the API returns them. Shared by the server's routes and the client's forms.
import { z } from 'zod';
import { REQUEST_STATUSES } from '../enums';

export const MESSAGE_MAX_LENGTH = 5000;

export const MESSAGE_TEXTS = {
  empty: 'Message cannot be empty',
  tooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`,
  requestId: 'Choose the conversation to send this message to',
  attachment: 'Invalid attachment',
} as const;

/**
 * POST /api/messages. Content is trimmed; whitespace only is refused unless a file is attached (spec 5: whitespace is
 * never sent). Anything else in the body (`senderId`, `recipientId`, …) is dropped: the server works both out.
 */
export const SendMessageSchema = z
  .object({
    requestId: z.string(MESSAGE_TEXTS.requestId).min(1, MESSAGE_TEXTS.requestId).max(100, MESSAGE_TEXTS.requestId),
    content: z
      .string('Message must be text')
      .trim()
      .max(MESSAGE_MAX_LENGTH, MESSAGE_TEXTS.tooLong)
      .nullish()
      .transform((v) => v ?? ''),
    attachmentUrl: z
      .string(MESSAGE_TEXTS.attachment)
      .trim()
      .max(300, MESSAGE_TEXTS.attachment)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((value, issue) => {
    if (!value.content && !value.attachmentUrl) issue.addIssue({ code: 'custom', path: ['content'], message: MESSAGE_TEXTS.empty });
  });
export type SendMessageInput = z.output<typeof SendMessageSchema>;

const Id = z.guid();
const Timestamp = z.iso.datetime();

/** One message of a thread. `attachmentUrl` is an object path (download: `/api/files` + the path). */
export const MessageDtoSchema = z.object({
  id: Id,
  requestId: Id,
  senderId: Id,
  /** Null in a two-sided case's joint channel, which has no single recipient (decision 046). */
  recipientId: Id.nullable(),
  senderName: z.string(),
  content: z.string(),
  attachmentUrl: z.string().nullable(),
  /** The attached file's name as uploaded, when there is one. */
  attachmentName: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: Timestamp,
});
export type MessageDto = z.infer<typeof MessageDtoSchema>;

/** GET /api/messages: one entry per request whose thread the caller takes part in (from matched on). */
export const ThreadSummarySchema = z.object({
  requestId: Id,
  caseName: z.string(),
  caseNumber: z.string(),
  status: z.enum(REQUEST_STATUSES),
  /** The other participant: the selected mediator for the lawyer, the lawyer for the mediator. */
  counterpart: z.object({
    id: Id,
    role: z.enum(['lawyer', 'mediator']),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
  }),
  /** The newest message (content shortened to a preview), or null before the first one. */
  lastMessage: z
    .object({
      id: Id,
      senderId: Id,
      content: z.string(),
      hasAttachment: z.boolean(),
      createdAt: Timestamp,
    })
    .nullable(),
  /** Messages to the caller not read yet. */
  unreadCount: z.number().int(),
  /** The newest message's time, or the request's last change when there is none: the list's order. */
  lastActivityAt: Timestamp,
  /** False once the request is cancelled: the thread stays readable but takes no new messages. */
  canSend: z.boolean(),
});
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;
