import { useMutation } from '@tanstack/react-query';
import type { LocalConfirm } from '../../../common/schemas/payments';
import { apiRequest } from '../../lib/api-client';

/** The `local` provider's confirm: one call for deposits, balances and subscriptions (RULES.md 7). */
export function useConfirmPayment() {
  return useMutation({ mutationFn: (input: LocalConfirm) => apiRequest<{ status: 'succeeded' }>('POST', '/api/payments/local/confirm', input) });
}
