import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWithdrawalRequest, CreateWithdrawalResponse } from '@app/shared/schemas/withdrawals';
import { api } from '#lib/api-client';
import { activityQueryKey, withdrawalsQueryKey } from '#lib/query-keys';
import { meQueryKey } from '#lib/session';

/** POST /api/withdrawal: the amount is held from the balance at once, pending an admin's decision. */
export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateWithdrawalRequest) =>
      api.post<CreateWithdrawalResponse>('/api/withdrawal', payload, { idempotent: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryKey }),
      ]),
  });
}
