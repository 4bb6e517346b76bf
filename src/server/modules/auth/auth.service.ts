import type { Login, Register } from '../../../common/schemas/auth';
import type { SelfChosenRole } from '../../../common/enums';
import type { AppContext } from '../../context';
import { enqueueMail } from '../../outbox/messages';
import { transaction } from '../../unit-of-work';
import { AppError, conflict, fieldError } from '../../errors';
import { endUserSessions } from '../../plugins/session';
import { getSettings } from '../settings/settings.repo';
import { composeEmail, type EmailKind } from '../settings/email-templates';
import {
  findUserByEmail,
  insertUserUnlessEmailTaken,
  setPasswordHash,
  setRoleOnce,
  setVerificationToken,
  verifyEmailByTokenHash,
  type UserRow,
} from '../users/users.repo';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { claimResetToken, findResetTokenOwner as findTokenOwner, insertResetTokenForLiveUser, revokeResetTokens } from './reset-tokens.repo';
import { hashToken, newToken } from './tokens';

const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000; // RULES.md 7: reset tokens expire in 1 hour
/** Names no account: the forgot-password request for an unknown address runs its statement with this id. */
const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

export const LOGIN_MESSAGES = {
  invalid: 'Invalid email or password',
  unverified: 'Please verify your email before signing in. Check your inbox for the verification link.',
  suspended: 'Your account has been suspended. Please contact support.',
} as const;
export const DUPLICATE_EMAIL = 'An account with this email already exists';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Please request a new one.';

export async function registerUser(ctx: AppContext, input: Register): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password);
  const { token, hash } = newToken();
  const now = ctx.clock.now();
  const user = await insertUserUnlessEmailTaken(ctx.db, {
    email: input.email,
    password: passwordHash,
    firstName: input.firstName,
    lastName: input.lastName,
    verificationToken: hash,
    verificationTokenExpiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
    createdAt: now,
    updatedAt: now,
  });
  if (!user) throw new AppError(409, DUPLICATE_EMAIL, { fieldErrors: { email: DUPLICATE_EMAIL } });
  await sendAccountEmail(ctx, user, 'verify_email', `/api/verify-email?token=${token}`);
  return user;
}

/** Checks the credentials; the caller starts the session. 401 for wrong credentials, 403 for blocked accounts. */
export async function authenticate(ctx: AppContext, input: Login): Promise<UserRow> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user || user.anonymizedAt) {
    await burnPasswordCheck(input.password);
    throw new AppError(401, LOGIN_MESSAGES.invalid, { code: 'invalid_credentials' });
  }
  if (!(await verifyPassword(user.password, input.password))) throw new AppError(401, LOGIN_MESSAGES.invalid, { code: 'invalid_credentials' });
  if (!user.emailVerified) throw new AppError(403, LOGIN_MESSAGES.unverified, { code: 'email_not_verified' });
  if (user.status === 'suspended') throw new AppError(403, LOGIN_MESSAGES.suspended, { code: 'account_suspended' });
  return user;
}

/** True when the token was valid and the address is now verified. */
export async function verifyEmail(ctx: AppContext, token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  return verifyEmailByTokenHash(ctx.db, hashToken(token), ctx.clock.now());
}

/** Sends a new link to an unverified account; says nothing about whether the address exists. */
export async function resendVerification(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.emailVerified || user.anonymizedAt) return;
  const { token, hash } = newToken();
  await setVerificationToken(ctx.db, user.id, hash, new Date(ctx.clock.now().getTime() + VERIFICATION_TTL_MS));
  await sendAccountEmail(ctx, user, 'verify_email', `/api/verify-email?token=${token}`);
}

/**
 * Answers the same, in the same time, whether or not the address has an account: both paths look the address up, make
 * a token and hash it, and run the same insert statement (which stores a row only for a live account). Only the e-mail
 * itself differs.
 */
export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const found = await findUserByEmail(ctx.db, email);
  const user = found && !found.anonymizedAt ? found : undefined;
  const { token, hash } = newToken();
  const expiresAt = new Date(ctx.clock.now().getTime() + RESET_TTL_MS);
  const stored = await insertResetTokenForLiveUser(ctx.db, user?.id ?? NO_USER_ID, hash, expiresAt);
  if (!user || !stored) return;
  await sendAccountEmail(ctx, user, 'reset_password', `/reset-password?token=${token}`);
}

/** The user a reset token belongs to, if any (for rate limiting by e-mail before the reset). */
export async function findResetTokenOwner(ctx: AppContext, token: string): Promise<UserRow | undefined> {
  return findTokenOwner(ctx.db, hashToken(token));
}

export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(password);
  const userId = await transaction(ctx, async (tx) => {
    // Single use: the conditional update claims the token; a replay or a race finds it used.
    const claimedBy = await claimResetToken(tx, hashToken(token), now);
    if (!claimedBy) return null;
    // Every other link of that user dies with it: an older e-mail must not reset the password chosen now. (Two links
    // used at once may deadlock here; the transaction is retried, and the retry finds its own link revoked.)
    await revokeResetTokens(tx, claimedBy, now);
    // Following the e-mailed link proves the address, so it counts as verified too.
    await setPasswordHash(tx, claimedBy, passwordHash, now, { verifyEmail: true });
    return claimedBy;
  });
  if (!userId) throw fieldError('token', RESET_LINK_INVALID);
  await endUserSessions(ctx, userId, null, 'password_changed');
}

export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  currentSessionId: string | null,
  currentPassword: string,
  newPassword: string,
): Promise<void> {
  if (!(await verifyPassword(user.password, currentPassword))) {
    throw fieldError('currentPassword', 'Current password is incorrect');
  }
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.clock.now();
  await transaction(ctx, async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash, now);
    // A reset link asked for before the change must not undo it.
    await revokeResetTokens(tx, user.id, now);
  });
  await endUserSessions(ctx, user.id, currentSessionId, 'password_changed');
  await sendAccountEmail(ctx, user, 'password_changed', '/auth');
}

/** Role is chosen once (RULES.md 7): the conditional update makes a second choice, or a race, a 409. */
export async function chooseRole(ctx: AppContext, userId: string, role: SelfChosenRole): Promise<UserRow> {
  const updated = await setRoleOnce(ctx.db, userId, role, ctx.clock.now());
  if (!updated) throw conflict('Your role has already been chosen');
  return updated;
}

async function sendAccountEmail(ctx: AppContext, user: UserRow, kind: EmailKind, path: string): Promise<void> {
  const settings = await getSettings(ctx.db);
  const email = composeEmail(kind, settings.emailTemplates, { firstName: user.firstName, link: `${ctx.publicUrl}${path}` });
  // Through the outbox (docs/decisions/010): the request never waits on the mail server, and a failed or interrupted
  // delivery is retried by the relay. Transactional: no List-Unsubscribe (decision 060).
  await transaction(ctx, (tx) => enqueueMail(tx, { to: user.email, subject: email.subject, text: email.text, html: email.html }));
}
