import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationEmailKind, type NotificationEmailKind } from '../../../common/schemas/email-preferences';
import { isUuid } from '../../../common/ids';

// An unsubscribe link needs no storage: the token is "<payload>.<signature>", payload = base64url("<userId>:<kind>"),
// signature = HMAC-SHA256 under a key derived from the app secret. It never expires (a mail read in a year still
// works) and it can only turn one kind off for one user; anything altered fails the signature.

const keyFor = (secret: string) => createHmac('sha256', secret).update('email-unsubscribe-v1').digest();
const sign = (secret: string, payload: string) => createHmac('sha256', keyFor(secret)).update(payload).digest('base64url');

export function createUnsubscribeToken(secret: string, userId: string, kind: NotificationEmailKind): string {
  const payload = Buffer.from(`${userId}:${kind}`, 'utf8').toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The user and kind a token names, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: NotificationEmailKind } | null {
  const parts = token.split('.');
  if (parts.length !== 2 || !/^[\w-]{1,200}$/.test(parts[0]) || !/^[\w-]{43}$/.test(parts[1])) return null;
  const [payload, signature] = parts;
  const expected = Buffer.from(sign(secret, payload), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [userId, kind, ...rest] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
  if (rest.length || !isUuid(userId) || !kind || !isNotificationEmailKind(kind)) return null;
  return { userId, kind };
}
