import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Disable2faRequest, SuccessResponse } from '@app/shared/schemas/auth';
import { api } from '#lib/api-client';
import { meQueryKey } from '#lib/session';

/** POST /api/disable-2fa {token}: a current code (or an unused recovery code) turns 2FA off. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: Disable2faRequest) => api.post<SuccessResponse>('/api/disable-2fa', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
