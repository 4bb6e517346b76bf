// POST /api/admin/broadcast-notification (spec 7; RULES.md 7 adds the `broadcast` notification type).
import { z } from 'zod';

export const BROADCAST_TEXTS = {
  notification: 'notification must be an object with a title and a message',
  title: 'Title is required',
  titleTooLong: 'Title must be at most 120 characters',
  message: 'Message is required',
  messageTooLong: 'Message must be at most 1000 characters',
  type: 'A broadcast notification has the type broadcast',
  linkUrl: 'The link must be a path on this site, starting with /',
  userIds: 'userIds must be a list of user ids',
  noUsers: 'Choose at least one user, or leave userIds out to reach everyone',
  unknownUsers: 'Some of these users do not exist',
} as const;

/** A path of ours ("/requests"), never another site ("//evil", "https://…"). */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

export const BroadcastInputSchema = z.strictObject(
  {
    notification: z.strictObject(
      {
        type: z.literal('broadcast', BROADCAST_TEXTS.type).default('broadcast'),
        title: z.string(BROADCAST_TEXTS.title).trim().min(1, BROADCAST_TEXTS.title).max(120, BROADCAST_TEXTS.titleTooLong),
        message: z.string(BROADCAST_TEXTS.message).trim().min(1, BROADCAST_TEXTS.message).max(1000, BROADCAST_TEXTS.messageTooLong),
        linkUrl: z.string(BROADCAST_TEXTS.linkUrl).trim().max(300, BROADCAST_TEXTS.linkUrl).regex(SITE_PATH, BROADCAST_TEXTS.linkUrl).nullish(),
      },
      { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown field' : BROADCAST_TEXTS.notification) },
    ),
    /** Absent: every active user. Present: exactly these (an unknown id is a 400). */
    userIds: z.array(z.guid(BROADCAST_TEXTS.userIds), BROADCAST_TEXTS.userIds).min(1, BROADCAST_TEXTS.noUsers).max(10_000, BROADCAST_TEXTS.userIds).optional(),
  },
  'Unknown field',
);
export type BroadcastInput = z.infer<typeof BroadcastInputSchema>;

export const BroadcastResultSchema = z.object({ sent: z.number().int() });
