import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AgreementSettingsInput, AgreementSettingsSchema } from '../../../common/schemas/signing';
import { apiRequest } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

// A mediator's agreement to mediate (issue 26): whether their cases require it, and its text.

export type AgreementSettings = z.infer<typeof AgreementSettingsSchema>;

const settingsKey = ['/api/agreement-template'] as const;

export function useAgreementSettings() {
  return useQuery<AgreementSettings>({ queryKey: settingsKey });
}

export function useSaveAgreementSettings() {
  return useMutation({
    mutationFn: (input: AgreementSettingsInput) => apiRequest<AgreementSettings>('PUT', '/api/agreement-template', input),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
