import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@app/shared/schemas/auth';
import { api } from '#lib/api-client';
import { meQueryKey } from '#lib/session';
import { storeToken } from '#lib/tokens';

/**
 * POST /api/login: either {token, user} (stored, and the session is known at once) or
 * {two_factor_required} with an httpOnly challenge cookie for POST /api/2fa/verify.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: LoginRequest) => api.post<LoginResponse>('/api/login', payload),
    onSuccess: (answer) => {
      if ('token' in answer) {
        storeToken('member', answer.token);
        queryClient.setQueryData(meQueryKey, answer.user);
      }
    },
  });
}
