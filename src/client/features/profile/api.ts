import { useMutation } from '@tanstack/react-query';
import type { UserDto } from '../../../common/api-types';
import type { LawyerProfile, MediatorProfile, ProfileUpdate } from '../../../common/schemas/profile';
import { apiRequest } from '../../lib/api-client';
import { storeUser } from '../../lib/current-user';

export function useSaveLawyerProfile() {
  return useMutation({ mutationFn: (input: LawyerProfile) => apiRequest<UserDto>('POST', '/api/profile/lawyer', input), onSuccess: storeUser });
}

export function useSaveMediatorProfile() {
  return useMutation({ mutationFn: (input: MediatorProfile) => apiRequest<UserDto>('POST', '/api/profile/mediator', input), onSuccess: storeUser });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: (input: ProfileUpdate) => apiRequest<UserDto>('PATCH', '/api/profile', input), onSuccess: storeUser });
}
