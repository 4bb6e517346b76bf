// Typed application errors; one handler (plugins/error-handler.ts) maps them to `{ message, code, fieldErrors? }`.
import type { z } from 'zod';
import { defaultErrorCode, type ErrorCode } from '../common/error-codes';

export type FieldErrors = Record<string, string>;

export interface AppErrorOptions {
  fieldErrors?: FieldErrors;
  headers?: Record<string, string>;
  /** Extra JSON fields the contract adds to this error (e.g. a 402's clientSecret). */
  extra?: Record<string, unknown>;
  /** A specific code the client acts on; the status's default otherwise. */
  code?: ErrorCode;
}

export class AppError extends Error {
  readonly fieldErrors?: FieldErrors;
  readonly headers?: Record<string, string>;
  readonly extra?: Record<string, unknown>;
  readonly code: ErrorCode;

  constructor(
    public readonly statusCode: number,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
    this.extra = options.extra;
    this.code = options.code ?? defaultErrorCode(statusCode);
  }
}

export const badRequest = (message: string, fieldErrors?: FieldErrors) => new AppError(400, message, { fieldErrors });

/**
 * A body a service checks itself (after its 404/403, RULES.md 6's order): the parsed value, or our 400 with the first
 * problem as the message and each field's text under its path.
 */
export function parseInput<T extends z.ZodType>(schema: T, raw: unknown): z.output<T> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const fieldErrors = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.') || 'body', i.message]));
  throw badRequest(parsed.error.issues[0].message, fieldErrors);
}
/** A single-field 400 whose message is the field's own text (the form shows it under the field). */
export const fieldError = (field: string, message: string) => new AppError(400, message, { fieldErrors: { [field]: message } });
export const unauthorized = (message = 'Not signed in') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do this', code?: ErrorCode) => new AppError(403, message, { code });
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string, code?: ErrorCode) => new AppError(409, message, { code });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'Too many attempts. Please wait a moment and try again.', {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
