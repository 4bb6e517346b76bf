// Typed application errors; one handler (plugins/error-handler.ts) maps them to `{ message, fieldErrors? }`.
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly fieldErrors?: FieldErrors,
    public readonly headers?: Record<string, string>,
    /** Extra JSON fields the contract adds to this error (e.g. a 402's clientSecret). */
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fieldErrors?: FieldErrors) => new AppError(400, message, fieldErrors);
/** A single-field 400 whose message is the field's own text (the form shows it under the field). */
export const fieldError = (field: string, message: string) => new AppError(400, message, { [field]: message });
export const unauthorized = (message = 'Not signed in') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'Too many attempts. Please wait a moment and try again.', undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
