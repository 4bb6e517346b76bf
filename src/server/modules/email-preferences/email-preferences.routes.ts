import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmailPreferencesSchema,
  EmailPreferencesUpdateSchema,
  UnsubscribeInputSchema,
  UnsubscribeResultSchema,
} from '../../../common/schemas/email-preferences';
import type { AppContext } from '../../context';
import { ONE_CLICK_UNSUBSCRIBE_PATH } from '../../http-paths';
import { takeBody } from '../../plugins/error-handler';
import { requireUser } from '../../plugins/guards';
import { errorResponses, noBody, readErrors, writeErrors } from '../../route-responses';
import { getEmailPreferences, isValidUnsubscribeToken, unsubscribe, updateEmailPreferences } from './email-preferences.service';

const tags = ['E-mail preferences'];

/** The client page that confirms an unsubscribe before anything changes (RULES.md 7: no state-changing GET). */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';

const TokenQuerySchema = z.object({ token: z.string().max(500).optional() });
/** "List-Unsubscribe=One-Click", in whatever encoding, with room to spare; anything bigger is not a mail provider. */
const ONE_CLICK_BODY_LIMIT = 4096;

export function emailPreferencesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/profile/email-preferences',
    {
      schema: {
        tags,
        summary: 'The e-mails about my notifications, each on or off',
        response: { 200: EmailPreferencesSchema, ...readErrors(401) },
      },
    },
    async (request) => getEmailPreferences(ctx, requireUser(request)),
  );

  r.patch(
    '/api/profile/email-preferences',
    {
      // attachValidation: signed out is 401 before a bad body is 400 (RULES.md 6 precedence).
      attachValidation: true,
      schema: {
        tags,
        summary: 'Turn e-mail kinds on (true) or off (false): any subset of new_request, acceptance_received, mediator_selected, …',
        body: EmailPreferencesUpdateSchema,
        response: { 200: EmailPreferencesSchema, ...writeErrors(401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return updateEmailPreferences(ctx, user, takeBody(request));
    },
  );

  // The e-mail's link, and the List-Unsubscribe URL opened by a client without one-click: both only lead to the page.
  for (const url of ['/api/email/unsubscribe', ONE_CLICK_UNSUBSCRIBE_PATH]) {
    r.get(
      url,
      {
        schema: {
          tags,
          summary: "An e-mail's unsubscribe link: changes nothing, redirects to the page that confirms it (POST)",
          querystring: TokenQuerySchema,
          response: { 303: noBody(`To ${UNSUBSCRIBE_PAGE}?token=… (or ?invalid=true for a token that is not ours)`), ...readErrors(400) },
        },
      },
      async (request, reply) => {
        const token = request.query.token ?? '';
        const target = isValidUnsubscribeToken(ctx, token) ? `${UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(token)}` : `${UNSUBSCRIBE_PAGE}?invalid=true`;
        return reply.header('cache-control', 'no-store').redirect(target, 303);
      },
    );
  }
  r.post(
    '/api/email/unsubscribe',
    {
      schema: {
        tags,
        summary: "Turn off the e-mail kind an unsubscribe link names (the link's token is the authority; no sign-in needed)",
        body: UnsubscribeInputSchema,
        response: { 200: UnsubscribeResultSchema, ...writeErrors() },
      },
    },
    async (request) => unsubscribe(ctx, request.body.token),
  );
  oneClickUnsubscribeRoute(app, ctx);
}

/**
 * RFC 8058: the mail provider POSTs `List-Unsubscribe=One-Click` to the List-Unsubscribe URL, as a form
 * (urlencoded or multipart), with no cookie, session or Origin of ours. The token in the URL is the whole authority;
 * the body is read by nothing (a parser that only drains it, in this route's own scope: the rest of the API stays
 * JSON-only). Idempotent; 200 with what was turned off (never a redirect, which the RFC forbids).
 */
function oneClickUnsubscribeRoute(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    scope.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string' }, (_request, _body, done) =>
      done(null, undefined),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      ONE_CLICK_UNSUBSCRIBE_PATH,
      {
        bodyLimit: ONE_CLICK_BODY_LIMIT,
        schema: {
          tags,
          summary: 'One-click unsubscribe (RFC 8058) from the List-Unsubscribe header: turns off the kind the token names; no sign-in, any form body',
          querystring: TokenQuerySchema,
          response: { 200: UnsubscribeResultSchema, ...errorResponses(400, 413, 415, 429) },
        },
      },
      async (request) => unsubscribe(ctx, request.query.token ?? ''),
    );
  });
}
