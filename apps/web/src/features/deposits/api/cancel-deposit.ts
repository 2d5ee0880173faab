import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancelDepositResponse, DepositBankDetailsResponse } from '@app/shared/schemas/cancel';
import { api } from '#lib/api-client';
import { activityQueryKey, depositsQueryKey } from '#lib/query-keys';

/** POST /api/deposits/:id/cancel: a pending bank transfer is taken back (decision 174). */
export function useCancelDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<CancelDepositResponse>(`/api/deposits/${id}/cancel`, {}),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: depositsQueryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryKey }),
      ]),
  });
}

/** GET /api/deposits/:id/bank-details: where to send a pending bank transfer, read when asked. */
export function useDepositBankDetails(id: number | null) {
  return useQuery({
    queryKey: [...depositsQueryKey, 'bank-details', id ?? 0],
    queryFn: ({ signal }) =>
      api.get<DepositBankDetailsResponse>(`/api/deposits/${id}/bank-details`, { signal }),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });
}
