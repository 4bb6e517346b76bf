import { useQuery } from '@tanstack/react-query';
import type { PublicSettingsDto } from '../../../common/api-types';

/** The provider in use and Stripe's publishable key, from the public settings (the same cached query the pages use). */
export function usePaymentsConfig() {
  return useQuery<PublicSettingsDto, Error, PublicSettingsDto['payments']>({ queryKey: ['/api/settings/public'], select: (s) => s.payments });
}
