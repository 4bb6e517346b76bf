import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FILE_LIMITS } from '../../../common/constants';
import { CONTENT_TYPES } from '../../../common/file-types';
import { isUuid } from '../../../common/ids';
import { UploadRequestSchema } from '../../../common/schemas/files';
import { MessageSchema, UploadTargetSchema } from '../../../common/schemas/responses';
import { LocalStorage } from '../../adapters/storage';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../errors';
import { takeBody } from '../../plugins/error-handler';
import { requireUser } from '../../plugins/guards';
import { hitLocalRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import { fileBody, readErrors, writeErrors } from '../../route-responses';
import { createUpload, openDownload, receiveLocalUpload } from './files.service';
import { attachmentDisposition, safeFileName, typeOfContent } from './file-rules';
import { findRequest } from '../requests/requests.repo';
import { documentAccess } from '../cases/case-documents';
import { recordOpening } from '../cases/documents.service';
import { attachmentAccess } from '../messages/attachment-access';
import { heldByAgreement } from '../signing/agreement-hold';

const tags = ['Files'];

export function filesRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/files/upload',
    // attachValidation: signed out is 401 before a bad body is 400 (RULES.md 6 precedence).
    {
      attachValidation: true,
      schema: { tags, summary: 'Get an upload URL and object path', body: UploadRequestSchema, response: { 200: UploadTargetSchema, ...writeErrors(401) } },
    },
    async (request) => {
      const user = requireUser(request);
      const body = takeBody(request);
      hitLocalRateLimit(ctx, `upload:${user.id}`, RATE_LIMITS.uploads);
      return createUpload(ctx, user, body);
    },
  );

  r.get(
    '/api/files/objects/:id',
    {
      schema: {
        tags,
        summary: 'Download a file (authorized)',
        response: { 200: fileBody('The file, streamed', [...Object.values(CONTENT_TYPES), 'application/octet-stream']), ...readErrors(401, 404, 410) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { id } = request.params as { id: string };
      if (!isUuid(id)) throw notFound('File not found'); // names nothing; never reaches SQL
      // Case documents by their visibility (decision 044), each opening recorded; other request files: the owning
      // lawyer and the selected mediator (RULES.md 6). Others get 404.
      const { upload, stream } = await openDownload(ctx, user, id, {
        access: async (file) => {
          const owner = await findRequest(ctx.db, file.requestId!);
          if (!owner) return { caseDocument: false, allowed: false };
          // A counsel held by an unsigned agreement to mediate opens only their own files (decision 055).
          if (file.ownerId !== user.id && (await heldByAgreement(ctx.db, owner, user.id))) return { caseDocument: false, allowed: false, decided: true };
          const document = documentAccess(owner, file, user);
          if (document !== undefined) return { caseDocument: true, allowed: document };
          const inChannel = await attachmentAccess(ctx.db, owner, file, { user, impersonatorId: request.sessionData?.impersonatorId ?? null });
          if (inChannel !== undefined) return { caseDocument: false, allowed: inChannel, decided: true };
          return { caseDocument: false, allowed: owner.lawyerId === user.id || owner.selectedMediatorId === user.id };
        },
        recordOpening: (file) => recordOpening(ctx, file.id, user.id),
      });
      reply.header('Content-Type', upload.contentType ?? 'application/octet-stream');
      reply.header('Cache-Control', 'private, max-age=300');
      reply.header('X-Content-Type-Options', 'nosniff');
      // Always an attachment, photos too (an <img> ignores the disposition): opened directly, nothing is rendered.
      reply.header('Content-Disposition', attachmentDisposition(safeFileName(upload.fileName, typeOfContent(upload.contentType))));
      return reply.send(stream);
    },
  );

  // The local storage's signed upload target (the browser PUTs the raw file here).
  app.register(async (scope) => {
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FILE_LIMITS.documentMaxBytes + 1024 }, (_req, body, done) => done(null, body));
    scope.put(
      '/api/files/local-upload/:key',
      {
        bodyLimit: FILE_LIMITS.documentMaxBytes + 1024,
        schema: { tags, summary: 'Local storage upload target', response: { 200: MessageSchema, ...writeErrors(404, 409) } },
      },
      async (request, reply) => {
        if (!(ctx.storage instanceof LocalStorage)) throw notFound();
        const { key } = request.params as { key: string };
        if (!isUuid(key)) throw notFound('Upload not found');
        const { expires, sig } = request.query as { expires?: string; sig?: string };
        if (!sig || !ctx.storage.verifyUploadSignature(key, Number(expires), sig)) {
          throw forbidden('This upload link is invalid or has expired');
        }
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await receiveLocalUpload(ctx, key, body);
        return reply.status(200).send({ message: 'Uploaded' });
      },
    );
  });
}
