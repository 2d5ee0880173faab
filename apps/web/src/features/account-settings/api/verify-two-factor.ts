import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TotpCodeRequest, Verify2faResponse } from '@app/shared/schemas/auth';
import { api } from '#lib/api-client';
import { meQueryKey } from '#lib/session';

/** POST /api/verify-2fa {token}: confirms the setup, turns 2FA on and returns 10 recovery codes. */
export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: TotpCodeRequest) => api.post<Verify2faResponse>('/api/verify-2fa', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
