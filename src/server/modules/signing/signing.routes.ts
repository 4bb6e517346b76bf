import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgreementSettingsInputSchema,
  AgreementSettingsSchema,
  CaseSigningSchema,
  CounselSignInputSchema,
  EditProposalInputSchema,
  EditProposalSchema,
  EnvelopeSchema,
  PartyRefuseInputSchema,
  PartySignInputSchema,
  PartySigningSchema,
  ReasonInputSchema,
  TermSheetVersionInputSchema,
  TermSheetVersionSchema,
  VerificationSchema,
} from '../../../common/schemas/signing';
import type { AppContext } from '../../context';
import { requireActiveMember } from '../../plugins/guards';
import { hitRateLimit, RATE_LIMITS } from '../../plugins/rate-limit';
import { errorResponses, fileBody, readErrors, writeErrors } from '../../route-responses';
import { getAgreementSettings, saveAgreementSettings } from './agreement.service';
import { counselRefuse, counselSign, type RequestMeta } from './envelopes.service';
import { partyRefuse, partySign, partyView, sendPartyCode } from './party-signing.service';
import { auditCertificate, envelopeDocument, outcomeCertificate, partyDocumentFile, type PdfFile } from './signing-files.service';
import { getCaseSigning, presentEnvelope, presentProposal, presentVersion } from './signing.view';
import * as terms from './term-sheet.service';
import { verifyDocument } from './verification.service';

// The signed outcome (issue 26, docs/decisions/055). Bodies are checked by the services after visibility (404) and
// the seat (403): RULES.md 6's order; the schemas here document them.
const tags = ['Signing'];
const IdParams = z.object({ id: z.string() });
const TokenParams = z.object({ token: z.string() });
// The number is read by the handler, after the session: a bad one is 404 (no such version), never a 400 before 401.
const VersionParams = z.object({ id: z.string(), number: z.string() });
const versionNumber = (raw: string) => (/^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : 0);
/** A PDF dropped on the verification page: any bytes up to 25 MB. */
export const VERIFY_MAX_BYTES = 25 * 1024 * 1024;

const pdf = (what: string) => ({ 200: fileBody(what, ['application/pdf']) });
const metaOf = (request: FastifyRequest): RequestMeta => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

function sendPdf(reply: FastifyReply, file: PdfFile) {
  reply.header('Content-Type', 'application/pdf');
  reply.header('Cache-Control', 'private, no-store');
  reply.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
  return reply.send(Readable.from(file.body));
}

export function signingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/agreement-template',
    {
      schema: {
        tags,
        summary: 'The mediator’s agreement to mediate: whether their cases need it, their text, the default',
        response: { 200: AgreementSettingsSchema, ...readErrors(401, 403) },
      },
    },
    async (request) => getAgreementSettings(ctx, requireActiveMember(request)),
  );

  r.put(
    '/api/agreement-template',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Require an agreement to mediate in cases selected from now on, and its text (null: the default)',
        body: AgreementSettingsInputSchema,
        response: { 200: AgreementSettingsSchema, ...writeErrors(401) },
      },
    },
    async (request) => saveAgreementSettings(ctx, requireActiveMember(request), request.body),
  );

  r.get(
    '/api/requests/:id/signing',
    {
      schema: {
        tags,
        summary: 'The case’s agreement to mediate, term sheet versions, proposals the reader may read, envelopes, outcome',
        params: IdParams,
        response: { 200: CaseSigningSchema, ...readErrors(401, 403, 404) },
      },
    },
    async (request) => getCaseSigning(ctx, requireActiveMember(request), request.params.id),
  );

  r.post(
    '/api/requests/:id/term-sheet/versions',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'A new term sheet version (the mediator; counsel for the first only); voids the version out for signature',
        params: IdParams,
        body: TermSheetVersionInputSchema,
        response: { 201: TermSheetVersionSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const version = await terms.draftVersion(ctx, requireActiveMember(request), request.params.id, request.body);
      return reply.status(201).send(await presentVersion(ctx, version));
    },
  );

  r.post(
    '/api/requests/:id/term-sheet/proposals',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Propose edits to a version (counsel): the mediator accepts them into a new version or declines them',
        params: IdParams,
        body: EditProposalInputSchema,
        response: { 201: EditProposalSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const proposal = await terms.proposeEdits(ctx, requireActiveMember(request), request.params.id, request.body);
      return reply.status(201).send(await presentProposal(ctx, proposal));
    },
  );

  r.post(
    '/api/term-sheet-proposals/:id/accept',
    {
      schema: {
        tags,
        summary: 'Accept proposed edits into a new version (the mediator)',
        params: IdParams,
        response: { 200: TermSheetVersionSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request) => presentVersion(ctx, await terms.acceptProposal(ctx, requireActiveMember(request), request.params.id)),
  );

  r.post(
    '/api/term-sheet-proposals/:id/decline',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Decline proposed edits with a reason (the mediator)',
        params: IdParams,
        body: ReasonInputSchema,
        response: { 200: EditProposalSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request) => presentProposal(ctx, await terms.declineProposal(ctx, requireActiveMember(request), request.params.id, request.body)),
  );

  r.post(
    '/api/term-sheet-proposals/:id/withdraw',
    { schema: { tags, summary: 'Withdraw one’s own proposed edits', params: IdParams, response: { 200: EditProposalSchema, ...writeErrors(401, 404, 409) } } },
    async (request) => presentProposal(ctx, await terms.withdrawProposal(ctx, requireActiveMember(request), request.params.id)),
  );

  r.post(
    '/api/requests/:id/term-sheet/versions/:number/final',
    {
      schema: {
        tags,
        summary: 'Send the latest version for signature (the mediator): every counsel, and each party with an e-mail by a link',
        params: VersionParams,
        response: { 201: EnvelopeSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = requireActiveMember(request);
      const envelope = await terms.markFinal(ctx, user, request.params.id, versionNumber(request.params.number));
      return reply.status(201).send(await presentEnvelope(ctx, envelope.id, user.id));
    },
  );

  r.post(
    '/api/signing/envelopes/:id/sign',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Sign (counsel): intent, a typed or drawn signature, and the account’s password again',
        params: IdParams,
        body: CounselSignInputSchema,
        response: { 200: EnvelopeSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      await counselSign(ctx, user, request.params.id, request.body, metaOf(request));
      return presentEnvelope(ctx, request.params.id, user.id);
    },
  );

  r.post(
    '/api/signing/envelopes/:id/refuse',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Refuse to sign, with a reason (counsel): the envelope closes and drafting reopens',
        params: IdParams,
        body: ReasonInputSchema,
        response: { 200: EnvelopeSchema, ...writeErrors(401, 404, 409) },
      },
    },
    async (request) => {
      const user = requireActiveMember(request);
      await counselRefuse(ctx, user, request.params.id, request.body, metaOf(request));
      return presentEnvelope(ctx, request.params.id, user.id);
    },
  );

  r.get(
    '/api/signing/envelopes/:id/document',
    {
      schema: {
        tags,
        summary: 'The document: a preview while signing is open, the sealed file once sealed',
        params: IdParams,
        response: { ...pdf('The PDF'), ...readErrors(401, 403, 404) },
      },
    },
    async (request, reply) => sendPdf(reply, await envelopeDocument(ctx, requireActiveMember(request), request.params.id)),
  );

  r.get(
    '/api/signing/envelopes/:id/audit-certificate',
    {
      schema: {
        tags,
        summary: 'The audit certificate: every event with identity, method, time, IP, user agent, and the hash',
        params: IdParams,
        response: { ...pdf('The PDF'), ...readErrors(401, 403, 404) },
      },
    },
    async (request, reply) => sendPdf(reply, await auditCertificate(ctx, requireActiveMember(request), request.params.id)),
  );

  r.get(
    '/api/requests/:id/outcome-certificate',
    {
      schema: {
        tags,
        summary: 'The outcome certificate of a completed case: who took part, the date, the outcome; never the terms',
        params: IdParams,
        response: { ...pdf('The PDF'), ...readErrors(401, 403, 404, 409) },
      },
    },
    async (request, reply) => sendPdf(reply, await outcomeCertificate(ctx, requireActiveMember(request), request.params.id)),
  );

  partySigningRoutes(app, ctx);
  verificationRoute(app, ctx);
}

/** A party's link: no account. Each call counts against the IP's limit; the token cannot be guessed. */
function partySigningRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const linkLimit = (request: FastifyRequest) => hitRateLimit(ctx, `sign-link:${request.ip}`, RATE_LIMITS.invitationLinks);
  const linkErrors = errorResponses(404, 410, 429);

  r.get(
    '/api/sign/:token',
    { schema: { tags, summary: 'A party’s signing page (by the e-mailed link)', params: TokenParams, response: { 200: PartySigningSchema, ...linkErrors } } },
    async (request) => {
      await linkLimit(request);
      return partyView(ctx, request.params.token, metaOf(request));
    },
  );

  r.get(
    '/api/sign/:token/document',
    { schema: { tags, summary: 'The party’s copy: the preview, or the sealed file', params: TokenParams, response: { ...pdf('The PDF'), ...linkErrors } } },
    async (request, reply) => {
      await linkLimit(request);
      return sendPdf(reply, await partyDocumentFile(ctx, request.params.token));
    },
  );

  r.post(
    '/api/sign/:token/code',
    {
      schema: {
        tags,
        summary: 'E-mail the party a 6-digit code, valid 10 minutes',
        params: TokenParams,
        response: { 200: z.object({ sent: z.literal(true) }), ...writeErrors(404, 409, 410) },
      },
    },
    async (request) => {
      await linkLimit(request);
      return sendPartyCode(ctx, request.params.token, metaOf(request));
    },
  );

  r.post(
    '/api/sign/:token',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'The party signs: intent, a typed or drawn signature, the e-mailed code',
        params: TokenParams,
        body: PartySignInputSchema,
        response: { 200: PartySigningSchema, ...writeErrors(404, 409, 410) },
      },
    },
    async (request) => {
      await linkLimit(request);
      return partySign(ctx, request.params.token, request.body, metaOf(request));
    },
  );

  r.post(
    '/api/sign/:token/refuse',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'The party refuses to sign, with a reason and the e-mailed code',
        params: TokenParams,
        body: PartyRefuseInputSchema,
        response: { 200: PartySigningSchema, ...writeErrors(404, 409, 410) },
      },
    },
    async (request) => {
      await linkLimit(request);
      return partyRefuse(ctx, request.params.token, request.body, metaOf(request));
    },
  );
}

/** POST /api/verify: the raw file as the body, in a scope of its own so that every other route stays JSON-only. */
function verificationRoute(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: VERIFY_MAX_BYTES }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/verify',
      {
        bodyLimit: VERIFY_MAX_BYTES,
        schema: {
          tags,
          summary: 'Verify a PDF (the raw file as the body): sealed by us and unchanged, changed since sealing, or not ours',
          response: { 200: VerificationSchema, ...errorResponses(403, 413, 429) },
        },
      },
      async (request) => {
        await hitRateLimit(ctx, `verify:${request.ip}`, RATE_LIMITS.invitationLinks);
        return verifyDocument(ctx, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
      },
    );
  });
}
