import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SandboxActionResponse } from '@app/shared/schemas/deposits';
import { api } from '#lib/api-client';
import { activityQueryKey, depositsQueryKey } from '#lib/query-keys';
import { meQueryKey } from '#lib/session';

/**
 * POST /api/sandbox/checkout/:id/pay: the server sends itself the gateway's signed IPN, which credits
 * the deposit; the balance, deposits and activity change.
 */
export function usePaySandboxCheckout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<SandboxActionResponse>(`/api/sandbox/checkout/${encodeURIComponent(id)}/pay`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: depositsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryKey }),
      ]),
  });
}
