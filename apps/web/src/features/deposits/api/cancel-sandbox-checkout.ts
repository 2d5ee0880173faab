import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SandboxActionResponse } from '@app/shared/schemas/deposits';
import { api } from '#lib/api-client';
import { activityQueryKey, depositsQueryKey } from '#lib/query-keys';

/** POST /api/sandbox/checkout/:id/cancel: the payment is abandoned; the deposit stops being pending. */
export function useCancelSandboxCheckout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<SandboxActionResponse>(`/api/sandbox/checkout/${encodeURIComponent(id)}/cancel`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: depositsQueryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryKey }),
      ]),
  });
}
