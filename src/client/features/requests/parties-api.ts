import { useMutation, useQuery } from '@tanstack/react-query';
import type { CasePartiesInput, CasePartyDto, ConflictMatchDto } from '../../../common/schemas/cases';
import { apiRequest } from '../../lib/api-client';
import { refreshRequests, requestKeys } from './api';

// Parties per side and the mediator's conflict preview (issue 23, decision 047).

/** GET /api/requests/{id}/conflicts: what the check finds if this mediator accepts now. */
export function useConflictPreview(id: string, enabled: boolean) {
  return useQuery<{ matches: ConflictMatchDto[] }>({ queryKey: [...requestKeys.one(id), 'conflicts'], enabled, staleTime: 0 });
}

/** PUT /api/requests/{id}/parties: one side's whole list; the detail (sides.parties) is refetched after. */
export function useSaveParties(id: string) {
  return useMutation({
    mutationFn: (input: CasePartiesInput) => apiRequest<CasePartyDto[]>('PUT', `/api/requests/${id}/parties`, input),
    onSuccess: refreshRequests,
  });
}
