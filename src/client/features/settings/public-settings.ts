import { useQuery } from '@tanstack/react-query';
import type { PublicSettingsDto } from '../../../common/api-types';
import { feeTermsOf, type FeeTerms } from './fee-terms';

/** Public platform settings: deposit, fees, match window, and the admin-edited terms and privacy texts. */
export function usePublicSettings() {
  return useQuery<PublicSettingsDto>({ queryKey: ['/api/settings/public'] });
}

export function useFeeTerms(): FeeTerms {
  return feeTermsOf(usePublicSettings().data);
}
