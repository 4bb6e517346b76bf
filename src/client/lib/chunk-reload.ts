// After a deploy, a tab opened earlier asks for code-split chunks whose hashed names no longer exist. The import
// fails with a TypeError whose only distinguishing mark is its text (there is no code, unlike our API errors), in
// each engine's own words. Reloading fetches the new index.html and its new chunk names.

const CHUNK_FAILURE = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's CSS preloader
];

/** True when `error` is a failed dynamic import (a stale chunk), as opposed to a bug in the page. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_FAILURE.some((pattern) => pattern.test(error.message));
}

/** Reloads the document (a function of its own so tests can watch it: jsdom's location cannot be stubbed). */
export function reloadPage(): void {
  window.location.reload();
}

export const RELOAD_KEY = 'chunk-reload-at';
/** Within this time of the last automatic reload, another failure is shown instead of reloading again. */
export const RELOAD_GUARD_MS = 60_000;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Records and allows one automatic reload, unless one happened within RELOAD_GUARD_MS: if the new page fails the same
 * way, it is not a stale tab, and reloading again would loop. Storage that throws (private mode) allows none.
 */
export function claimAutoReload(storage: Store, now: number): boolean {
  try {
    const last = Number(storage.getItem(RELOAD_KEY));
    if (Number.isFinite(last) && last > 0 && now - last < RELOAD_GUARD_MS) return false;
    storage.setItem(RELOAD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}
