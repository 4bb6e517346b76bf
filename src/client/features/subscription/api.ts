import { useMutation, useQuery } from '@tanstack/react-query';
import type { SubscriptionTier } from '../../../common/enums';
import type { SubscriptionDto, UpgradeIntent } from '../../../common/schemas/subscription';
import type { SubscriptionChargeDto } from '../../../common/schemas/subscription-charges';
import { apiRequest } from '../../lib/api-client';
import { userQueryKey } from '../../lib/current-user';
import { queryClient } from '../../lib/query-client';
import { usePagedList } from '../../lib/use-paged-list';

export const subscriptionKey = ['/api/subscription'] as const;
/** Under the subscription's key: whatever refreshes the plan (a change, its notification) refreshes the charges too. */
export const chargesKey = ['/api/subscription', 'charges'] as const;

/** After a plan change: the page, the user (the accept dialog reads the tier from it) and the dashboard's usage. */
export const refreshSubscription = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionKey }),
    queryClient.invalidateQueries({ queryKey: userQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/notifications/unread'] }),
  ]);

/** GET /api/subscription: the plan, its paid period and this month's mediations (fetched afresh on each visit). */
export function useSubscription() {
  return useQuery<SubscriptionDto>({ queryKey: subscriptionKey, staleTime: 0 });
}

/** Reads the subscription afresh into the cache: after Stripe.js confirms an upgrade, the dialog waits on it. */
export const fetchSubscription = () => queryClient.fetchQuery<SubscriptionDto>({ queryKey: subscriptionKey, staleTime: 0 });

/** POST /api/subscription/upgrade: the client secret of the first period's payment (the same one on repeat). */
export function useUpgradeIntent() {
  return useMutation({ mutationFn: (tier: SubscriptionTier) => apiRequest<UpgradeIntent>('POST', '/api/subscription/upgrade', { tier }) });
}

/** POST /api/subscription/cancel (no body): the plan runs to the end of its period, then Free. */
export function useCancelSubscription() {
  return useMutation({
    mutationFn: () => apiRequest<SubscriptionDto>('POST', '/api/subscription/cancel'),
    onSuccess: (data) => {
      queryClient.setQueryData(subscriptionKey, data);
      return refreshSubscription();
    },
  });
}

/** POST /api/subscription/resume (no body): 'Keep my plan' after a cancellation; it renews again (decision 038). */
export function useResumeSubscription() {
  return useMutation({
    mutationFn: () => apiRequest<SubscriptionDto>('POST', '/api/subscription/resume'),
    onSuccess: (data) => {
      queryClient.setQueryData(subscriptionKey, data);
      return refreshSubscription();
    },
  });
}

/** GET /api/subscription/charges: the mediator's subscription charges, newest first, page by page. */
export function useSubscriptionCharges() {
  return usePagedList<SubscriptionChargeDto>({ queryKey: chargesKey, url: '/api/subscription/charges' });
}

/** GET /api/subscription/charges/{id}: one charge, for its receipt. */
export function useSubscriptionCharge(id: string) {
  return useQuery<SubscriptionChargeDto>({ queryKey: [...chargesKey, id], staleTime: 0 });
}
