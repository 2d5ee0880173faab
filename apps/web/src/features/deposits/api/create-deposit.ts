import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDepositRequest, CreateDepositResponse } from '@app/shared/schemas/deposits';
import { api } from '#lib/api-client';
import { activityQueryKey, depositsQueryKey } from '#lib/query-keys';
import { meQueryKey } from '#lib/session';

/** POST /api/deposit: a pending deposit, with a payment page (gateways) or bank details (transfer). */
export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateDepositRequest) =>
      api.post<CreateDepositResponse>('/api/deposit', payload, { idempotent: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: depositsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryKey }),
      ]),
  });
}
