import { lazyDialog } from '../../components/lazy-parts';

/**
 * The payment dialog (payment-dialog.tsx) for the pages that offer to pay: its card form, zod and Radix's dialog load
 * when it is first opened, not with the page (docs/decisions/058).
 */
export const PaymentDialog = lazyDialog(() => import('./payment-dialog').then((m) => m.PaymentDialog));
