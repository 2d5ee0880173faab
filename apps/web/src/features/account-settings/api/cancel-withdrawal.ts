import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelWithdrawalResponse } from '@app/shared/schemas/cancel';
import { api } from '#lib/api-client';
import { activityQueryKey, withdrawalsQueryKey } from '#lib/query-keys';
import { meQueryKey } from '#lib/session';

/** POST /api/withdrawals/:id/cancel: the hold goes back to the balance (decision 174). */
export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<CancelWithdrawalResponse>(`/api/withdrawals/${id}/cancel`, {}),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryKey }),
      ]),
  });
}
