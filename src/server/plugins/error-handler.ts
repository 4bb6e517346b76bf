import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { defaultErrorCode } from '../../common/error-codes';
import { AppError, type FieldErrors } from '../errors';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/** The one error body every answer uses (RULES.md 7): `{ message, code, fieldErrors? }` plus the contract's extras. */
export function errorBody(error: AppError) {
  return { message: error.message, code: error.code, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}), ...error.extra };
}

/**
 * Maps every error to our body, whether a route threw it or Fastify's router did before any route ran (bad JSON,
 * wrong content type, body too large, unknown method): one shape for every answer. A 5xx never shows internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const mapped = toAppError(error);
    if (mapped.statusCode >= 500) request.log.error({ err: error }, 'unhandled error');
    if (mapped.headers) reply.headers(mapped.headers);
    return reply.status(mapped.statusCode).send(errorBody(mapped));
  });
}

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) return validationError(error);
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return new AppError(500, INTERNAL_MESSAGE, { code: defaultErrorCode(500) });
  const message =
    status === 413
      ? 'The request is too large'
      : status === 415
        ? 'Unsupported content type: send JSON'
        : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON'
          : error.message;
  return new AppError(status, message);
}

/**
 * A schema validation failure as our 400 (message = the first problem, fieldErrors by path). Routes that must refuse
 * in the contract's order (404 → 403 before 400) attach validation and call this themselves: see `takeBody`.
 */
export function validationError(error: unknown): AppError {
  if (!hasZodFastifySchemaValidationErrors(error)) return new AppError(400, 'Invalid input');
  const fieldErrors: FieldErrors = {};
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (field && !(field in fieldErrors)) fieldErrors[field] = issue.message ?? 'Invalid value';
  }
  const first = error.validation[0];
  const wholeBody = !first?.instancePath && error.validationContext === 'body';
  const message = wholeBody ? 'The request body must be a JSON object' : (first?.message ?? 'Invalid input');
  return new AppError(400, message, { fieldErrors: Object.keys(fieldErrors).length ? fieldErrors : undefined });
}

/** For routes with `attachValidation: true`: the parsed body, or the 400 now (after the caller's 401/404/403 checks). */
export function takeBody<T>(request: { body: T; validationError?: unknown }): T {
  if (request.validationError) throw validationError(request.validationError);
  return request.body;
}
