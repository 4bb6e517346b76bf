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
import { takeBody } from '../../plugins/error-handler';
import { requireUser } from '../../plugins/guards';
import { noBody, readErrors, writeErrors } from '../../route-responses';
import { getEmailPreferences, isValidUnsubscribeToken, unsubscribe, updateEmailPreferences } from './email-preferences.service';

const tags = ['E-mail preferences'];

/** The client page that confirms an unsubscribe before anything changes (RULES.md 7: no state-changing GET). */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';

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

  r.get(
    '/api/email/unsubscribe',
    {
      schema: {
        tags,
        summary: "An e-mail's unsubscribe link: changes nothing, redirects to the page that confirms it (POST)",
        querystring: z.object({ token: z.string().max(500).optional() }),
        response: { 303: noBody(`To ${UNSUBSCRIBE_PAGE}?token=… (or ?invalid=true for a token that is not ours)`), ...readErrors(400) },
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const target = isValidUnsubscribeToken(ctx, token) ? `${UNSUBSCRIBE_PAGE}?token=${encodeURIComponent(token)}` : `${UNSUBSCRIBE_PAGE}?invalid=true`;
      return reply.header('cache-control', 'no-store').redirect(target, 303);
    },
  );

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
}
