import type { AppContext } from './context';
import { reconcilePayments } from './modules/payments/reconcile';

const RECONCILE_EVERY_MS = 60_000;

/**
 * The work a server (or `npm run worker`) does besides answering requests: delivering the outbox and reconciling
 * payments left half-done. Both are safe on several instances at once (docs/decisions/010 and 009).
 */
export function startBackground(ctx: AppContext): { stop: () => Promise<void> } {
  ctx.outbox.start();
  let reconciling: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    reconciling = reconcilePayments(ctx).catch((error) => ctx.log.error({ err: error }, 'payment reconciliation failed'));
  }, RECONCILE_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await reconciling;
      await ctx.outbox.stop();
    },
  };
}
