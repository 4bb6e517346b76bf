import type { Readable } from 'node:stream';
import { z } from 'zod';
import { SESSION_END_REASONS } from '../common/domain/session-end';
import { ErrorBodySchema } from '../common/schemas/responses';

// Building blocks for the `response` of every route's schema (DESIGN 4). The serializer validates each answer
// against them, and the served OpenAPI (/api/docs) shows them.

const ERROR_DESCRIPTIONS = {
  400: 'Bad input: `message` is the first problem, `fieldErrors` maps each field to its text',
  401: 'Not signed in; `sessionEnded` says why when the session was ended by the server (suspended, password_changed, expired, ended)',
  402: 'The card was declined',
  403: 'Not allowed (role, unverified e-mail, suspended, free tier, cross-site request…); a cross-site refusal names the `expectedOrigin`, an unsigned agreement to mediate its `agreementUrl`',
  404: 'Not found, or not visible to you',
  409: 'Wrong state, or a lost race',
  410: 'The link has expired',
  413: 'Too large',
  415: 'Wrong content type (the API takes JSON) or file type',
  429: 'Too many attempts: wait for Retry-After seconds',
  503: 'The payment provider did not answer: the payment is settled automatically, check again in a minute',
} as const;

export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/**
 * A 401 also says why, when the request carried the cookie of a session the server ended (suspension, a password
 * change, its time ran out): the sign-in page tells the user (docs/decisions/038).
 */
export const UnauthenticatedBodySchema = ErrorBodySchema.extend({ sessionEnded: z.enum(SESSION_END_REASONS).optional() });

/** A cross-site refusal (RULES.md 7) also names the origin the server expected, so a misconfiguration is plain. */
export const ForbiddenBodySchema = ErrorBodySchema.extend({
  expectedOrigin: z.string().optional(),
  /** code `agreement_required`: where the counsel signs the case's agreement to mediate (decision 055). */
  agreementUrl: z.string().optional(),
});

type ErrorSchemas = Record<Exclude<ErrorStatus, 401 | 403>, typeof ErrorBodySchema> &
  Record<401, typeof UnauthenticatedBodySchema> &
  Record<403, typeof ForbiddenBodySchema>;

const SCHEMA_OF: Partial<Record<string, typeof ErrorBodySchema>> = { '401': UnauthenticatedBodySchema, '403': ForbiddenBodySchema };

const describedErrors = Object.fromEntries(
  Object.entries(ERROR_DESCRIPTIONS).map(([status, description]) => [status, (SCHEMA_OF[status] ?? ErrorBodySchema).describe(description)]),
) as ErrorSchemas;

/** `{ [status]: ErrorBodySchema }` for the error answers a route can give (a 401's with `sessionEnded`, a 403's with `expectedOrigin`). */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): { [K in S]: ErrorSchemas[K] } {
  return Object.fromEntries(statuses.map((status) => [status, describedErrors[status]])) as { [K in S]: ErrorSchemas[K] };
}

/** Any /api call may meet the general rate limit (DESIGN 8). */
export const readErrors = <S extends ErrorStatus>(...statuses: S[]) => errorResponses<S | 429>(429, ...statuses);

/**
 * A state-changing call can also be refused before its handler runs: a body that is not valid JSON (400), a foreign
 * Origin (403, RULES.md 7), a body over the limit (413), a content type other than JSON (415).
 */
export const writeErrors = <S extends ErrorStatus>(...statuses: S[]) => errorResponses<S | 400 | 403 | 413 | 415 | 429>(400, 403, 413, 415, 429, ...statuses);

/** A bodyless answer (a redirect): the serializer never runs on it, and OpenAPI shows the description only. */
export const noBody = (description: string) => z.undefined().describe(description);

/**
 * A streamed file: Fastify sends a stream as it is, never through the serializer (so the schema only types the handler
 * and documents the answer); OpenAPI shows binary content of each type.
 */
export const fileBody = (description: string, contentTypes: readonly string[]) => {
  const schema = z.custom<Readable>((value) => typeof (value as Readable | null)?.pipe === 'function').meta({ type: 'string', format: 'binary' });
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema }])) };
};
