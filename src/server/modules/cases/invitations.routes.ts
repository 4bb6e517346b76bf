import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptInvitationSchema,
  DeclineInvitationSchema,
  InvitationDtoSchema,
  InvitationLandingSchema,
  InviteCounselSchema,
  JoinedCaseSchema,
} from '../../../common/schemas/cases';
import { MessageSchema } from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import { takeBody } from '../../plugins/error-handler';
import { requireActiveMember } from '../../plugins/guards';
import { hitRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import { readErrors, writeErrors } from '../../route-responses';
import * as service from './invitations.service';

const tags = ['Cases'];
const IdParams = z.object({ id: z.string() });
const TokenParams = z.object({ token: z.string() });

export function invitationsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/requests/:id/invitation',
    {
      schema: {
        tags,
        summary: "The request's latest invitation of opposing counsel, with its state (the inviting lawyer; null if none)",
        params: IdParams,
        response: { 200: InvitationDtoSchema.nullable(), ...readErrors(401, 403, 404) },
      },
    },
    async (request) => service.currentInvitation(ctx, requireActiveMember(request), request.params.id),
  );

  // The body is checked after visibility (404) and ownership (403): RULES.md 6's order.
  r.post(
    '/api/requests/:id/invitation',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Invite opposing counsel by e-mail: a single-use link that works for 14 days',
        params: IdParams,
        body: InviteCounselSchema,
        response: { 201: InvitationDtoSchema, ...writeErrors(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = requireActiveMember(request);
      await hitRateLimit(ctx, `invite:${user.id}`, RATE_LIMITS.invitations);
      await service.ownedRequest(ctx, user, request.params.id); // 404 / 403 before 400, without reading the invitation
      const body = takeBody(request);
      return reply.status(201).send(await service.inviteCounsel(ctx, user, request.params.id, body));
    },
  );

  r.post(
    '/api/requests/:id/invitation/resend',
    {
      schema: {
        tags,
        summary: 'Send the invitation again with a new link (the old one stops working)',
        params: IdParams,
        response: { 200: InvitationDtoSchema, ...writeErrors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      await hitRateLimit(ctx, `invite:${user.id}`, RATE_LIMITS.invitations);
      return service.resendInvitation(ctx, user, request.params.id);
    },
  );

  r.delete(
    '/api/requests/:id/invitation',
    {
      schema: { tags, summary: 'Revoke the open invitation', params: IdParams, response: { 200: InvitationDtoSchema, ...writeErrors(401, 403, 404, 409) } },
    },
    async (request) => service.revokeInvitation(ctx, requireActiveMember(request), request.params.id),
  );

  // The invitation page: no session needed, the link is the credential.
  r.get(
    '/api/invitations/:token',
    {
      schema: {
        tags,
        summary: 'What an invitation link is for, and whether it still works (marks it opened)',
        params: TokenParams,
        response: { 200: InvitationLandingSchema, ...readErrors(404) },
      },
    },
    async (request) => {
      await hitRateLimit(ctx, `invitation-link:${request.ip}`, RATE_LIMITS.invitationLinks);
      return service.openInvitation(ctx, request.params.token);
    },
  );

  r.post(
    '/api/invitations/:token/accept',
    {
      schema: {
        tags,
        summary: 'Join the case as opposing counsel (a signed-in lawyer), accepting the offered fee split or answering another',
        params: TokenParams,
        body: AcceptInvitationSchema.nullish(),
        response: { 200: JoinedCaseSchema, ...writeErrors(400, 401, 403, 404, 409) },
      },
      attachValidation: true,
    },
    async (request) => {
      if (!request.user) throw service.signInToJoin();
      const user = requireActiveMember(request);
      await hitRateLimit(ctx, `invitation-link:${request.ip}`, RATE_LIMITS.invitationLinks);
      return service.acceptInvitation(ctx, user, request.params.token, takeBody(request));
    },
  );

  r.post(
    '/api/invitations/:token/decline',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Decline the invitation (with an optional reason the inviting lawyer sees)',
        params: TokenParams,
        body: DeclineInvitationSchema,
        response: { 200: MessageSchema, ...writeErrors(404, 409) },
      },
    },
    async (request) => {
      await hitRateLimit(ctx, `invitation-link:${request.ip}`, RATE_LIMITS.invitationLinks);
      await service.findInvitation(ctx, request.params.token); // an unknown link is 404 before its body is read
      const body = takeBody(request);
      return service.declineInvitation(ctx, request.params.token, body.reason);
    },
  );
}
