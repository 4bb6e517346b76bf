import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/**
 * JSON only (RULES.md 7, cross-site defence): text/plain — a content type any web page can send cross-site — is
 * dropped, and an empty JSON body counts as "no body", because the spec's empty-payload calls accept none at all.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new AppError(400, 'The request body is not valid JSON'), undefined);
    }
    // PostgreSQL text cannot hold NUL characters: refuse them here rather than fail (5xx) at the database.
    if (text.includes('\\u0000') && containsNul(parsed)) return done(new AppError(400, 'Text must not contain NUL characters'), undefined);
    done(null, parsed);
  });
}

/** Walks the parsed body without recursion (bodies may nest deeply). */
function containsNul(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\0')) return true;
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\0')) return true;
        pending.push(child);
      }
    }
  }
  return false;
}
