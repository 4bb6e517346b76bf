import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from '../errors';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/** Maps every error to `{ message, fieldErrors? }` (RULES.md 7). A 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}), ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const mapped = validationError(error);
      return reply.status(400).send({ message: mapped.message, ...(mapped.fieldErrors ? { fieldErrors: mapped.fieldErrors } : {}) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 413 ? 'The request is too large' : status === 415 ? 'Unsupported content type: send JSON' : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: INTERNAL_MESSAGE });
  });

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
  return new AppError(400, message, Object.keys(fieldErrors).length ? fieldErrors : undefined);
}

/** For routes with `attachValidation: true`: the parsed body, or the 400 now (after the caller's 401/404/403 checks). */
export function takeBody<T>(request: { body: T; validationError?: unknown }): T {
  if (request.validationError) throw validationError(request.validationError);
  return request.body;
}
