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
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, 'The request body is not valid JSON'), undefined);
    }
  });
}
