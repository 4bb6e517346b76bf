import { useMutation, useQuery } from '@tanstack/react-query';
import type { AcceptanceDto, CancellationPreviewDto, RequestDocumentDto, RequestDto } from '../../../common/api-types';
import type { DocumentLog } from '../../../common/schemas/case-documents';
import type { DocumentVisibility, PaymentStatus } from '../../../common/enums';
import type { CompleteInput, Counterpart } from '../../../common/schemas/after-match';
import type { PaymentView } from '../../../common/schemas/payment-history';
import type { AcceptInput, CreateRequestInput } from '../../../common/schemas/requests';
import { apiGet, apiGetPage, apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { uploadFile } from '../../lib/upload';
import { pageUrl, usePagedList } from '../../lib/use-paged-list';

export type MediatorView = 'available' | 'accepted' | 'completed';

export const requestKeys = {
  all: ['/api/requests'] as const,
  list: (view?: MediatorView) => ['/api/requests', 'list', view ?? 'mine'] as const,
  counts: ['/api/requests/counts'] as const,
  one: (id: string) => ['/api/requests', id] as const,
  acceptances: (id: string) => ['/api/requests', id, 'pending-acceptances'] as const,
  // Not under '/api/requests': refreshing the requests (after the cancel itself, or a realtime event) must not ask
  // for the preview of a request that is no longer cancellable (two 409s on a cancelled request's page, issue 21).
  cancellation: (id: string) => ['cancellation-preview', id] as const,
};

/** Everything about requests is refetched after a change (lists, counts, the detail, the dashboard). */
export const refreshRequests = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: requestKeys.all }),
    queryClient.invalidateQueries({ queryKey: requestKeys.counts }),
    queryClient.invalidateQueries({ queryKey: ['/api/dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/notifications/unread'] }),
  ]);

/** The lawyer's requests, or one of the mediator's tabs, page by page. */
export function useRequests(view?: MediatorView) {
  return usePagedList<RequestDto>({ queryKey: requestKeys.list(view), url: view ? `/api/requests?view=${view}` : '/api/requests' });
}

/** Tab counts: the true totals, whatever number of pages is loaded. */
export function useRequestCounts(enabled: boolean) {
  return useQuery<Record<string, number>>({ queryKey: requestKeys.counts, staleTime: 0, enabled });
}

/** Reads a request afresh into the cache: after Stripe.js confirms, the payment dialog waits until the server shows it. */
export const fetchRequest = (id: string) => queryClient.fetchQuery<RequestDto>({ queryKey: requestKeys.one(id), staleTime: 0 });

export function useRequest(id: string) {
  return useQuery<RequestDto>({ queryKey: requestKeys.one(id), staleTime: 0 });
}

export function usePendingAcceptances(id: string, enabled: boolean) {
  return useQuery<AcceptanceDto[]>({ queryKey: requestKeys.acceptances(id), enabled, staleTime: 0 });
}

/**
 * The viewer's own payment of a request, found among their payments (GET /api/payments, newest first, 100 a page):
 * on a two-sided case what each counsel paid and got back is theirs alone (decision 049), so the request's `refund`
 * and `settlement` (the case's, and withheld from the second side) cannot say it. Null when they have none. Under
 * '/api/payments', so a change to the request's money (realtime) refreshes it with the payments list.
 */
export function useOwnPayment(requestId: string, enabled: boolean) {
  return useQuery<PaymentView | null>({
    queryKey: ['/api/payments', 'of-request', requestId],
    queryFn: async () => {
      let cursor: string | null = null;
      do {
        const page: { items: PaymentView[]; nextCursor: string | null } = await apiGetPage<PaymentView>(pageUrl('/api/payments', cursor, 100));
        const found = page.items.find((p) => p.requestId === requestId);
        if (found) return found;
        cursor = page.nextCursor;
      } while (cursor);
      return null;
    },
    enabled,
    staleTime: 0,
  });
}

export function useCancellationPreview(id: string, enabled: boolean) {
  return useQuery<CancellationPreviewDto>({
    queryKey: requestKeys.cancellation(id),
    queryFn: () => apiGet<CancellationPreviewDto>(`/api/requests/${id}/cancellation`),
    enabled,
    staleTime: 0,
  });
}

export function useCreateRequest() {
  return useMutation({
    mutationFn: (input: CreateRequestInput & { mediationBriefUrl?: string | null; caseFilesUrls?: string[] }) =>
      apiRequest<RequestDto>('POST', '/api/requests', input),
  });
}

export function useSubmitRequest() {
  return useMutation({ mutationFn: (id: string) => apiRequest<{ clientSecret: string; amount: string }>('POST', `/api/requests/${id}/submit`) });
}

export function useAccept(id: string) {
  return useMutation({ mutationFn: (input: AcceptInput) => apiRequest('POST', `/api/requests/${id}/accept`, input), onSuccess: refreshRequests });
}

export function useWithdraw(id: string) {
  return useMutation({ mutationFn: () => apiRequest('DELETE', `/api/requests/${id}/acceptance`), onSuccess: refreshRequests });
}

export function useSelectMediator(id: string) {
  return useMutation({ mutationFn: (mediatorId: string) => apiRequest<RequestDto>('POST', `/api/requests/${id}/select-mediator/${mediatorId}`) });
}

export function useCancelRequest(id: string) {
  return useMutation({ mutationFn: (reason: string) => apiRequest('POST', `/api/requests/${id}/cancel`, { reason }), onSuccess: refreshRequests });
}

/** Matched → in_progress, by the selected mediator (RULES.md 4). */
export function useStartMediation(id: string) {
  return useMutation({ mutationFn: () => apiRequest<RequestDto>('POST', `/api/requests/${id}/start`), onSuccess: refreshRequests });
}

/** Matched or in_progress → completed, by the selected mediator: results required, the rest optional (spec 5). */
export function useCompleteRequest(id: string) {
  return useMutation({
    mutationFn: (input: CompleteInput) => apiRequest<RequestDto>('POST', `/api/requests/${id}/complete`, input),
    onSuccess: refreshRequests,
  });
}

/** Adds a brief or case file to the caller's side of the case: uploaded first, then attached with who may see it. */
export function useAddCaseDocument(id: string) {
  return useMutation({
    mutationFn: async (input: { file: File; kind: 'brief' | 'case_file'; visibility: DocumentVisibility; onProgress?: (percent: number) => void }) => {
      const objectPath = await uploadFile(input.file, input.kind, input.onProgress);
      return apiRequest<RequestDocumentDto>('POST', `/api/requests/${id}/documents`, { objectPath, visibility: input.visibility });
    },
    onSuccess: refreshRequests,
  });
}

/** The uploader changes who may see a document (a narrowing is logged with who had already opened it). */
export function useChangeDocumentVisibility(id: string) {
  return useMutation({
    mutationFn: (input: { uploadId: string; visibility: DocumentVisibility }) =>
      apiRequest<DocumentLog>('PATCH', `/api/requests/${id}/documents/${input.uploadId}`, { visibility: input.visibility }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.one(id) }),
  });
}

/** What a request carries from matched on (the other participant, the payment's state and the payout's due date). */
export interface AfterMatchFields {
  counterpart: Counterpart | null;
  paymentStatus: PaymentStatus | null;
  payoutReleaseAt: string | null;
}

/** Reads the after-match fields whether or not the server sends them (absent on an older server: null). */
export function afterMatch(request: RequestDto): AfterMatchFields {
  const r = request as RequestDto & Partial<AfterMatchFields>;
  return { counterpart: r.counterpart ?? null, paymentStatus: r.paymentStatus ?? null, payoutReleaseAt: r.payoutReleaseAt ?? null };
}
