import { useEffect, useRef, useState } from 'react';

/**
 * After Stripe.js says the card was charged, the page waits for the server to show it (its webhook or its own
 * retrieval moves the state, RULES.md 3): `isSettled` is asked again every `pollMs` until it is true, then `onSettled`
 * runs once. A failed refetch is simply asked again; closing the dialog (unmounting) stops the polling.
 */
export function useSettlement(isSettled: () => Promise<boolean>, onSettled: () => void, pollMs: number) {
  const [waiting, setWaiting] = useState(false);
  const latest = useRef({ isSettled, onSettled });
  useEffect(() => {
    latest.current = { isSettled, onSettled };
  });

  useEffect(() => {
    if (!waiting) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      const settled = await latest.current.isSettled().catch(() => false);
      if (stopped) return;
      if (settled) latest.current.onSettled();
      else timer = setTimeout(() => void check(), pollMs);
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waiting, pollMs]);

  return { waiting, start: () => setWaiting(true) };
}
