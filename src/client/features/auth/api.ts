import { useMutation } from '@tanstack/react-query';
import type { UserDto } from '../../../common/api-types';
import type { Login, Register } from '../../../common/schemas/auth';
import { apiRequest } from '../../lib/api-client';

export function useLogin() {
  return useMutation({ mutationFn: (input: Login) => apiRequest<UserDto>('POST', '/api/login', input) });
}

export function useRegister() {
  return useMutation({ mutationFn: (input: Register) => apiRequest<UserDto>('POST', '/api/register', input) });
}
