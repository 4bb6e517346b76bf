// Fastify's router answers two kinds of URL itself, before any hook runs: a path segment that is not valid
// percent-encoded UTF-8 (400 FST_ERR_BAD_URL, e.g. `%ED%A0%80`, a lone surrogate) and a path parameter longer than
// 100 characters (414 FST_ERR_MAX_PARAM_LENGTH). Those answers had Fastify's own body ({error, code, message,
// statusCode}, not RULES.md 7's), statuses the routes do not declare, and none of the security headers (CSP,
// nosniff…), as the hooks that add them never ran. Found by the OpenAPI fuzzer (docs/reliability.md, family 6).
//
// Such a URL names nothing, so it is rewritten to a path no route has: the request then goes through every hook
// (headers, Origin check, session) and the not-found handler answers our 404.

/** Where an unroutable URL is sent: a path no route has, under /api so the answer is the JSON 404. */
export const UNROUTABLE_PATH = '/api/unroutable-url';

/** The router's own limit on a path parameter (find-my-way's default `maxParamLength`). */
const MAX_SEGMENT_LENGTH = 100;

/** `url` as Fastify should route it: unchanged, or UNROUTABLE_PATH when its path cannot name anything. */
export function routableUrl(url: string | undefined): string {
  if (!url) return '/';
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  for (const segment of path.split('/')) {
    if (segment.length <= MAX_SEGMENT_LENGTH && !segment.includes('%')) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return UNROUTABLE_PATH;
    }
    if (decoded.length > MAX_SEGMENT_LENGTH) return UNROUTABLE_PATH;
  }
  return url;
}
