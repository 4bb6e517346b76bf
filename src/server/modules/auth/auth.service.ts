import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Login, Register } from '../../../common/schemas/auth';
import type { SelfChosenRole } from '../../../common/enums';
import type { AppContext } from '../../context';
import { enqueueMail } from '../../outbox/messages';
import { transaction } from '../../unit-of-work';
import { passwordResetTokens, users } from '../../db/schema';
import { AppError, conflict, fieldError } from '../../errors';
import { endUserSessions } from '../../plugins/session';
import { getSettings } from '../settings/settings.repo';
import { renderEmail, type EmailKind } from '../settings/email-templates';
import { findUserByEmail, findUserById, type UserRow } from '../users/users.repo';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords';
import { hashToken, newToken } from './tokens';

const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000; // RULES.md 7: reset tokens expire in 1 hour

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
  const inserted = await ctx.db
    .insert(users)
    .values({
      email: input.email,
      password: passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      verificationToken: hash,
      verificationTokenExpiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  const user = inserted[0];
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
  const now = ctx.clock.now();
  const updated = await ctx.db
    .update(users)
    .set({ emailVerified: true, verificationToken: null, verificationTokenExpiresAt: null, updatedAt: now })
    .where(and(eq(users.verificationToken, hashToken(token)), gt(users.verificationTokenExpiresAt, now)))
    .returning({ id: users.id });
  return updated.length === 1;
}

/** Sends a new link to an unverified account; says nothing about whether the address exists. */
export async function resendVerification(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.emailVerified || user.anonymizedAt) return;
  const { token, hash } = newToken();
  const now = ctx.clock.now();
  await ctx.db
    .update(users)
    .set({ verificationToken: hash, verificationTokenExpiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS) })
    .where(eq(users.id, user.id));
  await sendAccountEmail(ctx, user, 'verify_email', `/api/verify-email?token=${token}`);
}

export async function requestPasswordReset(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.anonymizedAt) return;
  const { token, hash } = newToken();
  const now = ctx.clock.now();
  await ctx.db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: hash, expiresAt: new Date(now.getTime() + RESET_TTL_MS) });
  await sendAccountEmail(ctx, user, 'reset_password', `/reset-password?token=${token}`);
}

/** The user a live reset token belongs to, if any (for rate limiting by e-mail before the reset). */
export async function findResetTokenOwner(ctx: AppContext, token: string): Promise<UserRow | undefined> {
  const [row] = await ctx.db
    .select({ user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row?.user;
}

export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(password);
  const userId = await ctx.db.transaction(async (tx) => {
    // Single use: the conditional update claims the token; a replay or a race finds it used.
    const [claimed] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!claimed) return null;
    // Following the e-mailed link proves the address, so it counts as verified too.
    await tx.update(users).set({ password: passwordHash, emailVerified: true, updatedAt: now }).where(eq(users.id, claimed.userId));
    return claimed.userId;
  });
  if (!userId) throw fieldError('token', RESET_LINK_INVALID);
  await endUserSessions(ctx, userId);
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
  await ctx.db
    .update(users)
    .set({ password: await hashPassword(newPassword), updatedAt: ctx.clock.now() })
    .where(eq(users.id, user.id));
  await endUserSessions(ctx, user.id, currentSessionId);
  await sendAccountEmail(ctx, user, 'password_changed', '/auth');
}

/** Role is chosen once (RULES.md 7): the conditional update makes a second choice, or a race, a 409. */
export async function chooseRole(ctx: AppContext, userId: string, role: SelfChosenRole): Promise<UserRow> {
  const [updated] = await ctx.db
    .update(users)
    .set({ role, updatedAt: ctx.clock.now() })
    .where(and(eq(users.id, userId), isNull(users.role)))
    .returning();
  if (!updated) throw conflict('Your role has already been chosen');
  return updated;
}

async function sendAccountEmail(ctx: AppContext, user: UserRow, kind: EmailKind, path: string): Promise<void> {
  const settings = await getSettings(ctx.db);
  const email = renderEmail(kind, settings.emailTemplates, { firstName: user.firstName, link: `${ctx.publicUrl}${path}` });
  // Through the outbox (docs/decisions/010): the request never waits on the mail server, and a failed or interrupted
  // delivery is retried by the relay.
  await transaction(ctx, (tx) => enqueueMail(tx, { to: user.email, subject: email.subject, text: email.body }));
}

export { findUserById };
