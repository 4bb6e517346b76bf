import { useEffect, useState } from 'react';

/** How long a browser without requestIdleCallback (Safari) waits before running idle work. */
const FALLBACK_DELAY_MS = 200;

/**
 * Runs `work` once the browser is idle after the current page's first paint (requestIdleCallback; a short timer where
 * it is missing), for code the page will need soon but not to draw (docs/decisions/058). Returns a function that
 * cancels it.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, FALLBACK_DELAY_MS);
  return () => clearTimeout(timer);
}

/** True once the browser has been idle after the first paint: for parts to load then rather than with the page. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}

/**
 * Fetches code the page will soon need (a lazy part, a form's validation) once the page is idle, so its first use does
 * not wait; `when` false: not at all. A failure is left to that first use, which loads again.
 */
export function usePreloadWhenIdle(load: () => Promise<unknown>, when = true): void {
  useEffect(() => (when ? whenIdle(() => void load().catch(() => undefined)) : undefined), [load, when]);
}
