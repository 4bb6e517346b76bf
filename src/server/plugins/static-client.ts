import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isShellPath } from '../../common/shell-sections';
import { SESSION_COOKIE } from './session';
import { loadShellDocuments } from './shell-documents';

const SIGNED_OUT_DOCUMENT = 'index.signed-out.html';
/** The signed-out document with the sign-in page drawn in it, per tab (scripts/build.mjs, decision 030). */
const AUTH_DOCUMENTS = { login: 'auth.signed-out.html', signup: 'auth-signup.signed-out.html' } as const;

/**
 * The drawn /auth document for this query, or null when the page would look different from both drawings (a
 * verification notice: `?verified=`): the app then draws it itself. `next` changes only where sign-in leads.
 */
function authDocumentFor(query: unknown): string | null {
  const params = (query ?? {}) as Record<string, unknown>;
  if (Object.keys(params).some((key) => key !== 'tab' && key !== 'next')) return null;
  return params.tab === 'signup' ? AUTH_DOCUMENTS.signup : AUTH_DOCUMENTS.login;
}

/**
 * Serves the built React app (dist/client) and falls back to index.html for client routes.
 * Unknown /api paths stay JSON 404s.
 *
 * `/` without a session cookie is the landing document (landing.html, decision 027): the landing page alone, a
 * fraction of the app's JavaScript, for the first visit. With one, the app decides (the dashboard, role selection, or
 * the landing page if the session has ended).
 *
 * Any other client route without a session cookie is the app's document marked signed out (`data-signed-out` on
 * <html>, written by scripts/build.mjs, decision 029): the app then starts with no user instead of asking /api/user.
 * For /auth it is the one with the sign-in page drawn in it (decision 030). With a cookie, the signed-in shell's pages
 * get the document with the shell's frame drawn in it (decision 033); the app replaces the frame, or, when the session
 * has ended, sends the visitor to /auth as before. `/dashboard` for a signed-in lawyer or mediator is that document with
 * the page's heading drawn too, their first name in it (decision 064).
 */
export async function registerStaticClient(app: FastifyInstance, root: string): Promise<void> {
  const hasBuild = existsSync(path.join(root, 'index.html'));
  const hasLanding = existsSync(path.join(root, 'landing.html'));
  const has = (file: string) => existsSync(path.join(root, file));
  const signedOut = { any: has(SIGNED_OUT_DOCUMENT), auth: has(AUTH_DOCUMENTS.login) && has(AUTH_DOCUMENTS.signup) };
  const shellDocuments = loadShellDocuments(root);
  const documentFor = (request: FastifyRequest, url: string) => {
    if (request.cookies[SESSION_COOKIE]) return 'index.html';
    if (url === '/' && hasLanding) return 'landing.html';
    if (url === '/auth' && signedOut.auth) {
      const drawn = authDocumentFor(request.query);
      if (drawn) return drawn;
    }
    return signedOut.any ? SIGNED_OUT_DOCUMENT : 'index.html';
  };
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // scripts/build.mjs writes .br and .gz siblings of the text files; the one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url.startsWith('/api/') || url === '/api' || request.method !== 'GET') {
      return reply.status(404).send({ message: `Not found: ${request.method} ${url}`, code: 'not_found' });
    }
    if (!hasBuild) {
      return reply.status(503).type('text/plain').send('The client is not built yet. Run `npm run build` (npm start does it for you).');
    }
    if (path.extname(url) && url !== '/') {
      return reply.status(404).type('text/plain').send('Not found');
    }
    reply.header('Cache-Control', 'no-cache');
    if (request.cookies[SESSION_COOKIE] && shellDocuments && isShellPath(url)) return shellDocuments.send(request, reply, url);
    // Which document is served depends on the cookie: caches must keep them apart.
    reply.header('Vary', 'Cookie');
    return reply.sendFile(documentFor(request, url), { cacheControl: false });
  });
}
