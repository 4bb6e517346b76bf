import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ReviewDtoSchema, ReviewInputSchema } from '../../../common/schemas/after-match';
import type { AppContext } from '../../context';
import { decodeCursor, PageQuerySchema, sendPage } from '../../pagination';
import { takeBody } from '../../plugins/error-handler';
import { requireActiveMember } from '../../plugins/guards';
import { readErrors, writeErrors } from '../../route-responses';
import { createReview, presentReview, requestReviews, reviewsAbout, summaryFor } from './reviews.service';

const tags = ['Reviews'];

export function reviewsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The body is checked inside the service, after visibility (404) and the participant check (403): RULES.md 6.
  r.post(
    '/api/reviews',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Review the other side of a completed mediation (the server works out the reviewee)',
        body: ReviewInputSchema,
        response: { 201: ReviewDtoSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = requireActiveMember(request);
      return reply.status(201).send(await createReview(ctx, user, request.body));
    },
  );

  r.get(
    '/api/requests/:id/reviews',
    {
      schema: {
        tags,
        summary: "A request's reviews (none before it is completed)",
        params: z.object({ id: z.string() }),
        response: { 200: z.array(ReviewDtoSchema), ...readErrors(401, 403, 404) },
      },
    },
    async (request) => requestReviews(ctx, requireActiveMember(request), request.params.id),
  );

  r.get(
    '/api/reviews',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Reviews about me, newest first',
        querystring: PageQuerySchema,
        response: { 200: z.array(ReviewDtoSchema), ...readErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = requireActiveMember(request);
      const { limit, cursor } = takeBody({ body: request.query, validationError: request.validationError });
      const rows = await reviewsAbout(ctx, user.id, limit, decodeCursor(cursor));
      return sendPage(
        reply,
        rows.map((row) => ({ ...row, createdAt: row.review.createdAt, id: row.review.id })),
        limit,
      ).map(presentReview);
    },
  );

  r.get(
    '/api/reviews/summary',
    {
      schema: {
        tags,
        summary: 'My average rating (two decimals) and review count',
        response: { 200: z.object({ averageRating: z.string(), reviewCount: z.number().int() }), ...readErrors(401, 403) },
      },
    },
    async (request) => summaryFor(ctx, requireActiveMember(request).id),
  );
}
