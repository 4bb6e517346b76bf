// Per-request messaging (spec 2 `/messages/{requestId}`, spec 5 "Message", RULES.md 6-7): the send payload, the
// message and the thread summary as the API returns them. Shared by the server's routes and the client's forms.
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH } from '../constants';
import { MESSAGE_CHANNELS, REQUEST_STATUSES } from '../enums';

export const MESSAGE_TEXTS = {
  empty: 'Message cannot be empty',
  tooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`,
  requestId: 'Choose the conversation to send this message to',
  attachment: 'Invalid attachment',
  channel: 'Channel must be one of: joint, first, second',
} as const;

/**
 * A conversation of a request (decision 046): the spec's one thread is `first`; a two-sided case adds the second side's
 * private channel with the mediator (`second`) and the `joint` one. Omitted, the server picks the caller's default.
 */
export const ChannelSchema = z.enum(MESSAGE_CHANNELS, MESSAGE_TEXTS.channel);

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
    channel: ChannelSchema.optional(),
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
  /** In the joint channel: whether the caller has read it (their own messages count as read). */
  isRead: z.boolean(),
  createdAt: Timestamp,
  /** The conversation it belongs to (decision 046); always `first` in a one-sided case. */
  channel: z.enum(MESSAGE_CHANNELS),
});
export type MessageDto = z.infer<typeof MessageDtoSchema>;

/** The newest message of a thread or channel, its content shortened to a preview. */
const LastMessageSchema = z.object({
  id: Id,
  senderId: Id,
  content: z.string(),
  hasAttachment: z.boolean(),
  createdAt: Timestamp,
});

/** One channel of a two-sided case's thread, as the caller may read it (decision 046). */
export const ChannelSummarySchema = z.object({
  channel: z.enum(MESSAGE_CHANNELS),
  /** Messages to the caller not read yet (in the joint channel: others' messages after the caller's read mark). */
  unreadCount: z.number().int(),
  lastMessage: LastMessageSchema.nullable(),
});
export type ChannelSummary = z.infer<typeof ChannelSummarySchema>;

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
  lastMessage: LastMessageSchema.nullable(),
  /** Messages to the caller not read yet (in a two-sided case: in every channel the caller may read). */
  unreadCount: z.number().int(),
  /** The newest message's time, or the request's last change when there is none: the list's order. */
  lastActivityAt: Timestamp,
  /** False once the request is cancelled: the thread stays readable but takes no new messages. */
  canSend: z.boolean(),
  /** Two-sided cases only (absent otherwise): the channels the caller may read, joint first (decision 046). */
  channels: z.array(ChannelSummarySchema).optional(),
});
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;
