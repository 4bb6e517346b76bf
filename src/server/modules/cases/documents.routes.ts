import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AddCaseDocumentSchema, ChangeDocumentVisibilitySchema, DocumentLogSchema } from '../../../common/schemas/case-documents';
import { RequestDocumentDtoSchema } from '../../../common/schemas/responses';
import type { AppContext } from '../../context';
import { takeBody } from '../../plugins/error-handler';
import { requireActiveMember } from '../../plugins/guards';
import { readErrors, writeErrors } from '../../route-responses';
import * as service from './documents.service';

const tags = ['Cases'];
const IdParams = z.object({ id: z.string() });
const DocumentParams = z.object({ id: z.string(), uploadId: z.string() });

// Case documents by visibility (issue 23, docs/decisions/044). Bodies are checked after visibility (404) and the
// caller's right (403): RULES.md 6's order.
export function documentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/requests/:id/documents',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: "Add an uploaded brief or case file to the caller's side of the case, with who may see it",
        params: IdParams,
        body: AddCaseDocumentSchema,
        response: { 201: RequestDocumentDtoSchema, ...writeErrors(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = requireActiveMember(request);
      const owner = await service.counselRequest(ctx, user, request.params.id);
      const body = takeBody(request);
      return reply.status(201).send(await service.addDocument(ctx, user, owner, body));
    },
  );

  r.patch(
    '/api/requests/:id/documents/:uploadId',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Change who may see a document (its uploader); a narrowing is logged with who had already opened it',
        params: DocumentParams,
        body: ChangeDocumentVisibilitySchema,
        response: { 200: DocumentLogSchema, ...writeErrors(401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      const owned = await service.ownDocument(ctx, user, request.params.id, request.params.uploadId, service.NOT_YOURS_TO_CHANGE);
      const body = takeBody(request);
      return service.changeVisibility(ctx, user, owned, body);
    },
  );

  r.get(
    '/api/requests/:id/documents/:uploadId/accesses',
    {
      schema: {
        tags,
        summary: 'Who opened a document and when, and its narrowings (its uploader only)',
        params: DocumentParams,
        response: { 200: DocumentLogSchema, ...readErrors(401, 403, 404) },
      },
    },
    async (request) => service.documentLog(ctx, requireActiveMember(request), request.params.id, request.params.uploadId),
  );
}
