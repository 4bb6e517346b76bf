import type { ApiErrorBody } from '../../common/api-types';

/** A non-OK answer from the API: the server's message (shown in toasts) and its field errors. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly fieldErrors: Record<string, string> = {},
    public readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as ApiErrorBody & Record<string, unknown>;
    if (body && typeof body.message === 'string') return new ApiError(res.status, body.message, body.fieldErrors ?? {}, body);
  } catch {
    // not JSON: fall through to the spec's "status: text" form
  }
  return new ApiError(res.status, `${res.status}: ${text || res.statusText}`);
}

/** All calls carry the session cookie (spec 7); bodies are JSON or absent (RULES.md 7). */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'include',
      headers: body === undefined ? { Accept: 'application/json' } : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : await res.text()) as T;
}

export const apiGet = <T>(url: string) => apiRequest<T>('GET', url);
