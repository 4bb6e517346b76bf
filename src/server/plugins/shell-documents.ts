// The signed-in shell's documents (decisions 033, 064): built once by scripts/build.mjs with slots, filled here per
// request. Every shell page gets the shell's frame with the sidebar's place as wide as the visitor's `sidebar_state`
// cookie keeps it; /dashboard for a signed-in lawyer or mediator gets the frame with the page's heading, their first
// name in it. A few KB each, so compressed per request (brotli at a fast level) rather than from the build's siblings.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UI } from '../../common/constants';
import { accountStage } from '../../common/domain/account';
import { escapeHtml } from '../../common/html';
import { DASHBOARD_DOCUMENTS, FIRST_NAME_SLOT, SIDEBAR_WIDTH_SLOT } from '../../common/shell-sections';

/** The signed-in document with the shell's frame drawn in it. */
const SHELL_DOCUMENT = 'index.shell.html';

type DashboardRole = keyof typeof DASHBOARD_DOCUMENTS;
type Templates = { shell: string; dashboard: Record<DashboardRole, string> | null };

/** Who gets a dashboard document: a signed-in lawyer or mediator whose dashboard /dashboard is (not an admin's). */
function dashboardViewer(request: FastifyRequest): { role: DashboardRole; firstName: string } | null {
  const user = request.user;
  if (!user || accountStage(user) !== 'complete') return null;
  return user.role === 'lawyer' || user.role === 'mediator' ? { role: user.role, firstName: user.firstName } : null;
}

/** The live sidebar's width on a desktop for this visitor (sidebar-state.tsx reads the same cookie: open unless "false"). */
const sidebarWidthFor = (request: FastifyRequest) => (request.cookies[UI.sidebarCookieName] === 'false' ? UI.sidebarWidthIcon : UI.sidebarWidth);

/** A shell document with its slots filled. Functions as replacements, so `$&` and the like in a name stay text. */
export function fillShellDocument(template: string, slots: { sidebarWidth: string; firstName?: string }): string {
  let html = template.replace(SIDEBAR_WIDTH_SLOT, () => slots.sidebarWidth);
  if (slots.firstName !== undefined) html = html.replace(FIRST_NAME_SLOT, () => escapeHtml(slots.firstName ?? ''));
  return html;
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('Vary', 'Cookie, Accept-Encoding').type('text/html; charset=utf-8');
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

/** The shell's documents of a build (dist/client), read once; null when the build has none (an older build, tests). */
export function loadShellDocuments(root: string) {
  const read = (file: string) => (existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : null);
  const shell = read(SHELL_DOCUMENT);
  if (shell === null) return null;
  const lawyer = read(DASHBOARD_DOCUMENTS.lawyer);
  const mediator = read(DASHBOARD_DOCUMENTS.mediator);
  const templates: Templates = { shell, dashboard: lawyer !== null && mediator !== null ? { lawyer, mediator } : null };
  return {
    /** Sends the document for a shell page (`url` without its query) to a request with a session cookie. */
    send(request: FastifyRequest, reply: FastifyReply, url: string) {
      const sidebarWidth = sidebarWidthFor(request);
      const viewer = url === '/dashboard' && templates.dashboard ? dashboardViewer(request) : null;
      if (viewer && templates.dashboard)
        return sendHtml(request, reply, fillShellDocument(templates.dashboard[viewer.role], { sidebarWidth, firstName: viewer.firstName }));
      return sendHtml(request, reply, fillShellDocument(templates.shell, { sidebarWidth }));
    },
  };
}
