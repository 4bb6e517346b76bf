/**
 * The first path segments of the pages inside the signed-in shell (the `app-shell` routes of
 * src/client/app/router.tsx): the server gives these, with a session cookie, the document with the shell's frame drawn
 * in it (decision 033). Role selection, onboarding and the public pages have layouts of their own. The router's test
 * checks this list against its routes, so a new shell page cannot be left out.
 */
export const SHELL_SECTIONS = [
  'dashboard',
  'profile',
  'notifications',
  'requests',
  'acceptances',
  'calendar',
  'messages',
  'subscription',
  'reviews',
  'payments',
  'admin',
] as const;

const sections = new Set<string>(SHELL_SECTIONS);

/** Whether a path (no query) is a page of the signed-in shell. */
export const isShellPath = (path: string) => sections.has(path.split('/')[1] ?? '');

/**
 * Where the dashboard's document has the signed-in user's first name (decision 064): the build draws the dashboard's
 * heading with this in place of the name, the server puts the name there, escaped. Characters no name can hold once
 * escaped, so the slot cannot be mistaken for anything else in the document.
 */
export const FIRST_NAME_SLOT = '{{first-name}}';

/**
 * Where the signed-in documents have the sidebar's width (decision 064): the frame draws the sidebar's place at desktop
 * widths, as wide as the `sidebar_state` cookie keeps the live one (UI.sidebarWidth or UI.sidebarWidthIcon), so the
 * page does not move sideways when the live shell replaces the frame. The server fills it from the cookie.
 */
export const SIDEBAR_WIDTH_SLOT = '{{sidebar-width}}';

/** The dashboard's documents, one per role: the build writes them, static-client.ts fills and serves them. */
export const DASHBOARD_DOCUMENTS = { lawyer: 'dashboard-lawyer.shell.html', mediator: 'dashboard-mediator.shell.html' } as const;
