import type { AppContext } from './context';
import { expireUploads } from './modules/files/files.service';
import { reconcilePayments } from './modules/payments/reconcile';

const RECONCILE_EVERY_MS = 60_000;
const EXPIRE_UPLOADS_EVERY_MS = 60 * 60_000;

/**
 * The work a server (or `npm run worker`) does besides answering requests: delivering the outbox, reconciling
 * payments left half-done, and removing uploads never attached. All are safe on several instances at once
 * (docs/decisions/010 and 011).
 */
export function startBackground(ctx: AppContext): { stop: () => Promise<void> } {
  ctx.outbox.start();
  let reconciling: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    reconciling = reconcilePayments(ctx).catch((error) => ctx.log.error({ err: error }, 'payment reconciliation failed'));
  }, RECONCILE_EVERY_MS);
  timer.unref();
  const sweep = setInterval(() => {
    void expireUploads(ctx).catch((error) => ctx.log.error({ err: error }, 'expiring uploads failed'));
  }, EXPIRE_UPLOADS_EVERY_MS);
  sweep.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      clearInterval(sweep);
      await reconciling;
      await ctx.outbox.stop();
    },
  };
}
