import { useMutation, useQuery } from '@tanstack/react-query';
import type { DashboardDto } from '../../../common/api-types';
import type { PaymentView, PayoutAccount } from '../../../common/schemas/payment-history';
import { apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { usePagedList } from '../../lib/use-paged-list';

export const paymentKeys = {
  list: ['/api/payments'] as const,
  one: (id: string) => ['/api/payments', id] as const,
  payoutAccount: ['/api/payouts/account'] as const,
  dashboard: ['/api/dashboard'] as const,
};

/** My payments (lawyer), payouts (mediator) or all of them (admin), newest first, page by page. */
export function usePayments() {
  return usePagedList<PaymentView>({ queryKey: paymentKeys.list, url: '/api/payments' });
}

/** One payment with its ledger, for the receipt. */
export function usePayment(id: string) {
  return useQuery<PaymentView>({ queryKey: paymentKeys.one(id), staleTime: 0 });
}

/** The dashboard's figures: the Earnings page shows the same 'This Month' total, from the same source. */
export function useDashboardFigures(enabled: boolean) {
  return useQuery<DashboardDto>({ queryKey: paymentKeys.dashboard, staleTime: 0, enabled });
}

export function usePayoutAccount() {
  return useQuery<PayoutAccount>({ queryKey: paymentKeys.payoutAccount, staleTime: 0 });
}

/** Creates the payout account on demand (the server keeps one however often this is called). */
export function useSetUpPayoutAccount() {
  return useMutation({
    mutationFn: () => apiRequest<PayoutAccount>('POST', '/api/payouts/account'),
    onSuccess: (account) => queryClient.setQueryData(paymentKeys.payoutAccount, account),
  });
}
