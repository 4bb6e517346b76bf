import { useMutation, useQuery } from '@tanstack/react-query';
import type { SubscriptionTier } from '../../../common/enums';
import type { SubscriptionDto, UpgradeIntent } from '../../../common/schemas/subscription';
import { apiRequest } from '../../lib/api-client';
import { userQueryKey } from '../../lib/current-user';
import { queryClient } from '../../lib/query-client';

export const subscriptionKey = ['/api/subscription'] as const;

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
