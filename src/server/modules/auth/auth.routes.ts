import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { monthStartUtc } from '../../../common/domain/tiers';
import { ChangePasswordSchema, ChooseRoleSchema, EmailOnlySchema, LoginSchema, RegisterSchema, ResetPasswordSchema } from '../../../common/schemas/auth';
import { MessageSchema, UserDtoSchema } from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import { requireUser } from '../../plugins/guards';
import { hitRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import { endSession, startSession } from '../../plugins/session';
import { noBody, readErrors, writeErrors } from '../../route-responses';
import { presentUser } from '../users/user.presenter';
import { currentUserDto } from '../users/current-user';
import { findProfiles } from '../users/users.repo';
import * as auth from './auth.service';

const tags = ['Accounts'];
const OK_MESSAGE = { message: 'OK' };

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/register',
    { schema: { tags, summary: 'Create an account', body: RegisterSchema, response: { 201: UserDtoSchema, ...writeErrors(409) } } },
    async (request, reply) => {
      await hitRateLimit(ctx, `register:ip:${request.ip}`, RATE_LIMITS.registerPerIp);
      const user = await auth.registerUser(ctx, request.body);
      return reply.status(201).send(presentUser(user, { lawyerProfile: null, mediatorProfile: null }));
    },
  );

  r.post(
    '/api/login',
    { schema: { tags, summary: 'Sign in', body: LoginSchema, response: { 200: UserDtoSchema, ...writeErrors(401) } } },
    async (request, reply) => {
      await hitRateLimit(ctx, `login:ip:${request.ip}`, RATE_LIMITS.loginPerIp);
      await hitRateLimit(ctx, `login:email:${request.body.email}`, RATE_LIMITS.loginPerEmail);
      const user = await auth.authenticate(ctx, request.body);
      await startSession(ctx, request, reply, { userId: user.id });
      return reply.send(presentUser(user, await findProfiles(ctx.db, user.id, monthStartUtc(ctx.clock.now()))));
    },
  );

  r.post('/api/logout', { schema: { tags, summary: 'Sign out', response: { 200: MessageSchema, ...writeErrors() } } }, async (request, reply) => {
    await endSession(ctx, request, reply);
    return reply.send(OK_MESSAGE);
  });

  // Sign Out in the sidebar is a plain navigation (spec 7): end the session and go home. A GET carries no Origin, so
  // another site could sign our users out with an image or a link; the browser says where the request came from
  // (Sec-Fetch-Site), and from another site it only goes home, the session untouched.
  r.get(
    '/api/logout',
    {
      schema: {
        tags,
        summary: 'Sign out by browser navigation (redirects to /; from another site, only redirects)',
        response: { 302: noBody('Signed out; redirects to /'), ...readErrors() },
      },
    },
    async (request, reply) => {
      if (!isFromAnotherSite(request.headers['sec-fetch-site'])) await endSession(ctx, request, reply);
      return reply.redirect('/');
    },
  );

  r.get(
    '/api/user',
    { schema: { tags, summary: 'The signed-in user with both profiles (401 when signed out)', response: { 200: UserDtoSchema, ...readErrors(401) } } },
    async (request) => currentUserDto(ctx, request),
  );

  r.patch(
    '/api/user/role',
    { schema: { tags, summary: 'Choose lawyer or mediator, once', body: ChooseRoleSchema, response: { 200: UserDtoSchema, ...writeErrors(401, 409) } } },
    async (request) => {
      const user = requireUser(request);
      request.user = await auth.chooseRole(ctx, user.id, request.body.role);
      return currentUserDto(ctx, request);
    },
  );

  r.get(
    '/api/verify-email',
    {
      schema: {
        tags,
        summary: 'Follow the e-mailed verification link',
        response: { 302: noBody('Redirects to /auth?verified=true, or /auth?verified=false for an invalid or expired token'), ...readErrors() },
      },
    },
    async (request, reply) => {
      const { token } = request.query as { token?: string };
      const verified = await auth.verifyEmail(ctx, typeof token === 'string' ? token : '');
      return reply.redirect(verified ? '/auth?verified=true' : '/auth?verified=false');
    },
  );

  r.post(
    '/api/verify-email/resend',
    { schema: { tags, summary: 'Send a new verification link', body: EmailOnlySchema, response: { 200: MessageSchema, ...writeErrors() } } },
    async (request) => {
      await hitRateLimit(ctx, `resend:${request.body.email}`, RATE_LIMITS.perEmailMail);
      await auth.resendVerification(ctx, request.body.email);
      return { message: 'If an unverified account exists for this address, a new verification link is on its way.' };
    },
  );

  r.post(
    '/api/password/forgot',
    { schema: { tags, summary: 'E-mail a password reset link', body: EmailOnlySchema, response: { 200: MessageSchema, ...writeErrors() } } },
    async (request) => {
      await hitRateLimit(ctx, `forgot:${request.body.email}`, RATE_LIMITS.perEmailMail);
      await auth.requestPasswordReset(ctx, request.body.email);
      return { message: 'If an account exists for this address, a reset link is on its way.' };
    },
  );

  r.post(
    '/api/password/reset',
    { schema: { tags, summary: 'Set a new password with a reset token', body: ResetPasswordSchema, response: { 200: MessageSchema, ...writeErrors() } } },
    async (request) => {
      const owner = await auth.findResetTokenOwner(ctx, request.body.token);
      await hitRateLimit(ctx, owner ? `reset:${owner.email}` : `reset:ip:${request.ip}`, RATE_LIMITS.perEmailMail);
      await auth.resetPassword(ctx, request.body.token, request.body.password);
      return { message: 'Your password has been reset. You can now sign in.' };
    },
  );

  r.post(
    '/api/password/change',
    { schema: { tags, summary: 'Change password (ends other sessions)', body: ChangePasswordSchema, response: { 200: MessageSchema, ...writeErrors(401) } } },
    async (request) => {
      const user = requireUser(request);
      await auth.changePassword(ctx, user, request.sessionId, request.body.currentPassword, request.body.newPassword);
      return { message: 'Password changed' };
    },
  );
}

/** Sec-Fetch-Site as browsers send it: `same-origin` and `none` (typed, bookmarked) are ours; absent = not a browser. */
const isFromAnotherSite = (site: string | string[] | undefined) => site === 'cross-site' || site === 'same-site';
