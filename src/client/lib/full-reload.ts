/**
 * Leaves the single-page app for `path` with a full page load: after the session changes identity (impersonation
 * starts or stops) nothing cached for the previous identity — queries, the socket — may survive. Its own module so
 * tests can replace it (jsdom cannot navigate).
 */
export function fullReload(path: string): void {
  window.location.assign(path);
}
