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
