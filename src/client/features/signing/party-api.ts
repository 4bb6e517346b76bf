import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PartyRefuseInputSchema, PartySignInputSchema, PartySigningSchema } from '../../../common/schemas/signing';
import { apiGet, apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

// A party signing by the e-mailed link /sign/{token} (issue 26): no account, the token is the only key.

export type PartySigning = z.infer<typeof PartySigningSchema>;

const partyKey = (token: string) => ['party-signing', token] as const;
const partyUrl = (token: string) => `/api/sign/${encodeURIComponent(token)}`;

export function usePartySigning(token: string) {
  return useQuery<PartySigning>({ queryKey: partyKey(token), queryFn: () => apiGet<PartySigning>(partyUrl(token)), staleTime: 0 });
}

export function useSendPartyCode(token: string) {
  return useMutation({ mutationFn: () => apiRequest<{ sent: true }>('POST', `${partyUrl(token)}/code`) });
}

/** Signing and refusing answer with the signer's new state, which the page shows as it is. */
const keep = (token: string) => (data: PartySigning) => queryClient.setQueryData(partyKey(token), data);

export function usePartySign(token: string) {
  return useMutation({
    mutationFn: (input: z.input<typeof PartySignInputSchema>) => apiRequest<PartySigning>('POST', partyUrl(token), input),
    onSuccess: keep(token),
  });
}

export function usePartyRefuse(token: string) {
  return useMutation({
    mutationFn: (input: z.input<typeof PartyRefuseInputSchema>) => apiRequest<PartySigning>('POST', `${partyUrl(token)}/refuse`, input),
    onSuccess: keep(token),
  });
}
