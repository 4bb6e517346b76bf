import { useMutation, useQuery } from '@tanstack/react-query';
import type { RequestDto } from '../../../common/api-types';
import type { CaseSide } from '../../../common/enums';
import type { InvitationDto, InvitationLanding, InviteCounsel } from '../../../common/schemas/cases';
import type { FeeSplitDto, FeeSplitInput, SharePayment } from '../../../common/schemas/fee-split';
import { apiGet, apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

// The two-sided case (issue 23): invitations, joining, and the other side's answer to the proposed mediator.

/** The request detail and everything derived from it are refreshed after a change to the case's sides. */
const refreshCase = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/requests'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/requests/counts'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] }),
  ]);

export function useInviteCounsel(requestId: string) {
  return useMutation({
    mutationFn: (input: InviteCounsel) => apiRequest<InvitationDto>('POST', `/api/requests/${requestId}/invitation`, input),
    onSuccess: refreshCase,
  });
}

export function useResendInvitation(requestId: string) {
  return useMutation({ mutationFn: () => apiRequest<InvitationDto>('POST', `/api/requests/${requestId}/invitation/resend`), onSuccess: refreshCase });
}

export function useRevokeInvitation(requestId: string) {
  return useMutation({ mutationFn: () => apiRequest<InvitationDto>('DELETE', `/api/requests/${requestId}/invitation`), onSuccess: refreshCase });
}

/** The invitation page's facts; read once (reading marks the invitation opened). */
export function useInvitationLanding(token: string) {
  return useQuery<InvitationLanding>({
    queryKey: ['invitation', token],
    queryFn: () => apiGet<InvitationLanding>(`/api/invitations/${encodeURIComponent(token)}`),
    retry: false,
    staleTime: Infinity,
  });
}

export function useAcceptInvitation(token: string) {
  return useMutation({
    /** Joining accepts the offered split; another split in `answer` joins and proposes it (decision 049). */
    mutationFn: (answer?: FeeSplitInput) =>
      apiRequest<{ requestId: string; message: string }>('POST', `/api/invitations/${encodeURIComponent(token)}/accept`, answer),
    onSuccess: refreshCase,
  });
}

export function useDeclineInvitation(token: string) {
  return useMutation({
    mutationFn: (reason: string) => apiRequest<{ message: string }>('POST', `/api/invitations/${encodeURIComponent(token)}/decline`, { reason }),
  });
}

export function useApproveProposal(requestId: string) {
  return useMutation({ mutationFn: () => apiRequest<RequestDto>('POST', `/api/requests/${requestId}/selection-proposal/approve`), onSuccess: refreshCase });
}

export function useDeclineProposal(requestId: string) {
  return useMutation({
    mutationFn: (reason: string) => apiRequest<RequestDto>('POST', `/api/requests/${requestId}/selection-proposal/decline`, { reason }),
    onSuccess: refreshCase,
  });
}

export function useWithdrawProposal(requestId: string) {
  return useMutation({ mutationFn: () => apiRequest<RequestDto>('DELETE', `/api/requests/${requestId}/selection-proposal`), onSuccess: refreshCase });
}

// The fee split (issue 24, docs/decisions/049): proposing, accepting, and paying a side's share of the deposit.
export function useProposeFeeSplit(requestId: string) {
  return useMutation({
    mutationFn: (input: FeeSplitInput) => apiRequest<FeeSplitDto | null>('POST', `/api/requests/${requestId}/fee-split`, input),
    onSuccess: refreshCase,
  });
}

export function useAcceptFeeSplit(requestId: string) {
  return useMutation({ mutationFn: () => apiRequest<FeeSplitDto | null>('POST', `/api/requests/${requestId}/fee-split/accept`), onSuccess: refreshCase });
}

/** A client secret for a side's outstanding share of the deposit (a new attempt after a decline). */
export const startSharePayment = (requestId: string, side: CaseSide) => apiRequest<SharePayment>('POST', `/api/requests/${requestId}/shares/${side}/pay`);

export const fetchFeeSplit = (requestId: string) => apiGet<FeeSplitDto | null>(`/api/requests/${requestId}/fee-split`);

export { refreshCase };
