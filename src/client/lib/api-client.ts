import type { ApiErrorBody } from '../../common/api-types';
import { defaultErrorCode, ERROR_CODES, type ErrorCode } from '../../common/error-codes';

/**
 * A non-OK answer from the API: the server's message (shown to people), its machine-readable `code` (what the client
 * acts on; never match the message text) and its field errors.
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly code: ErrorCode = defaultErrorCode(status),
    public readonly fieldErrors: Record<string, string> = {},
    public readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** True when `error` is an API error carrying one of `codes`. */
export function hasErrorCode(error: unknown, ...codes: ErrorCode[]): error is ApiError {
  return error instanceof ApiError && codes.includes(error.code);
}

const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as Partial<ApiErrorBody> & Record<string, unknown>;
    if (body && typeof body.message === 'string') {
      // An older or proxy-made body without a known code still gets the status's code, so callers can rely on one.
      const code = isErrorCode(body.code) ? body.code : defaultErrorCode(res.status);
      return new ApiError(res.status, body.message, code, body.fieldErrors ?? {}, body);
    }
  } catch {
    // not JSON: fall through to the spec's "status: text" form
  }
  return new ApiError(res.status, `${res.status}: ${text || res.statusText}`);
}

/** Sends one call and returns the OK response; every failure becomes an ApiError. */
async function send(method: string, url: string, body?: unknown): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'include',
      headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.', 'unavailable');
  }
  if (!res.ok) throw await toApiError(res);
  return res;
}

async function readBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

/** All calls carry the session cookie (spec 7); bodies are JSON or absent (RULES.md 7). */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  return readBody<T>(await send(method, url, body));
}

export const apiGet = <T>(url: string) => apiRequest<T>('GET', url);

/** One page of a list: its items and the cursor of the next page (null on the last page). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** GETs one page of a growing list; the next page's cursor comes in the X-Next-Cursor header (RULES.md 7). */
export async function apiGetPage<T>(url: string): Promise<Page<T>> {
  const res = await send('GET', url);
  const items = await readBody<T[]>(res);
  return { items: Array.isArray(items) ? items : [], nextCursor: res.headers.get('X-Next-Cursor') || null };
}
