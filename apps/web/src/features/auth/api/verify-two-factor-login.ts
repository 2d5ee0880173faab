import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TokenResponse, TwoFactorLoginRequest } from '@app/shared/schemas/auth';
import { api } from '#lib/api-client';
import { meQueryKey } from '#lib/session';
import { storeToken } from '#lib/tokens';

/** POST /api/2fa/verify {token}: the second sign-in step; the answer's token is stored. */
export function useVerifyTwoFactorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: TwoFactorLoginRequest) => api.post<TokenResponse>('/api/2fa/verify', payload),
    onSuccess: (answer) => {
      storeToken('member', answer.token);
      queryClient.setQueryData(meQueryKey, answer.user);
    },
  });
}
