import type { AppContext } from './context';
import { expireUploads } from './modules/files/files.service';
import { reconcilePayments } from './modules/payments/reconcile';
import { sweepRetention } from './modules/account-data/retention.service';

const RECONCILE_EVERY_MS = 60_000;
const EXPIRE_UPLOADS_EVERY_MS = 60 * 60_000;

/**
 * The work a server (or `npm run worker`) does besides answering requests: delivering the outbox, reconciling
 * payments left half-done, removing uploads never attached, and purging closed cases' documents under the retention
 * policy (decision 061). All are safe on several instances at once (docs/decisions/010 and 011).
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
    // Closed cases' documents under the retention policy (decision 061): a no-op while DOCUMENT_RETENTION_DAYS is unset.
    void sweepRetention(ctx).catch((error) => ctx.log.error({ err: error }, 'the retention sweep failed'));
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
