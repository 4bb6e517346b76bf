import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CaseSigning,
  CounselSignInputSchema,
  EditProposal,
  EditProposalInputSchema,
  Envelope,
  TermSheetVersion,
  TermSheetVersionInputSchema,
} from '../../../common/schemas/signing';
import { apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

// The request page's signing (issue 26, decision 055): the agreement to mediate and the term sheet, for the case's
// counsel, its selected mediator and admins.

/** Under '/api/requests', so the socket's request_updated event (lib/realtime.ts) refreshes it with the request. */
const signingKey = (requestId: string) => ['/api/requests', requestId, 'signing'] as const;

export function useCaseSigning(requestId: string, enabled = true) {
  return useQuery<CaseSigning>({ queryKey: signingKey(requestId), staleTime: 0, enabled });
}

const refreshSigning = (requestId: string) => queryClient.invalidateQueries({ queryKey: signingKey(requestId) });

/**
 * A signature or a refusal can change more than the signing: the last counsel signing the agreement opens the case's
 * messages, documents and sessions, so everything read under the request is asked for again.
 */
const refreshCase = (requestId: string) => queryClient.invalidateQueries({ queryKey: ['/api/requests', requestId] });

export function useDraftVersion(requestId: string) {
  return useMutation({
    mutationFn: (input: z.input<typeof TermSheetVersionInputSchema>) =>
      apiRequest<TermSheetVersion>('POST', `/api/requests/${requestId}/term-sheet/versions`, input),
    onSuccess: () => refreshSigning(requestId),
  });
}

export function useProposeEdits(requestId: string) {
  return useMutation({
    mutationFn: (input: z.input<typeof EditProposalInputSchema>) => apiRequest<EditProposal>('POST', `/api/requests/${requestId}/term-sheet/proposals`, input),
    onSuccess: () => refreshSigning(requestId),
  });
}

export function useAcceptProposal(requestId: string) {
  return useMutation({
    mutationFn: (proposalId: string) => apiRequest<TermSheetVersion>('POST', `/api/term-sheet-proposals/${proposalId}/accept`),
    onSuccess: () => refreshSigning(requestId),
  });
}

export function useDeclineProposal(requestId: string) {
  return useMutation({
    mutationFn: ({ proposalId, reason }: { proposalId: string; reason: string }) =>
      apiRequest<EditProposal>('POST', `/api/term-sheet-proposals/${proposalId}/decline`, { reason }),
    onSuccess: () => refreshSigning(requestId),
  });
}

export function useWithdrawProposal(requestId: string) {
  return useMutation({
    mutationFn: (proposalId: string) => apiRequest<EditProposal>('POST', `/api/term-sheet-proposals/${proposalId}/withdraw`),
    onSuccess: () => refreshSigning(requestId),
  });
}

export function useMarkFinal(requestId: string) {
  return useMutation({
    mutationFn: (version: number) => apiRequest<Envelope>('POST', `/api/requests/${requestId}/term-sheet/versions/${version}/final`),
    onSuccess: () => refreshSigning(requestId),
  });
}

export function useSignEnvelope(requestId: string) {
  return useMutation({
    mutationFn: ({ envelopeId, input }: { envelopeId: string; input: z.input<typeof CounselSignInputSchema> }) =>
      apiRequest<Envelope>('POST', `/api/signing/envelopes/${envelopeId}/sign`, input),
    onSuccess: () => refreshCase(requestId),
  });
}

export function useRefuseEnvelope(requestId: string) {
  return useMutation({
    mutationFn: ({ envelopeId, reason }: { envelopeId: string; reason: string }) =>
      apiRequest<Envelope>('POST', `/api/signing/envelopes/${envelopeId}/refuse`, { reason }),
    onSuccess: () => refreshCase(requestId),
  });
}
