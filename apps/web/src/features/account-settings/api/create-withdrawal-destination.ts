import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DestinationRequest, DestinationResponse } from '@app/shared/schemas/withdrawals';
import { api } from '#lib/api-client';
import { destinationsKey } from './withdrawal-keys';

/** POST /api/withdrawal-destinations: saves a bank account or a wallet. */
export function useCreateWithdrawalDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: DestinationRequest) =>
      api.post<DestinationResponse>('/api/withdrawal-destinations', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: destinationsKey }),
  });
}
