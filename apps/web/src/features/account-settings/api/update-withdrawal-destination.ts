import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DestinationRequest, DestinationResponse } from '@app/shared/schemas/withdrawals';
import { api } from '#lib/api-client';
import { destinationsKey } from './withdrawal-keys';

/** PATCH /api/withdrawal-destinations/:id: replaces a saved destination's details (same body as POST). */
export function useUpdateWithdrawalDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: DestinationRequest }) =>
      api.patch<DestinationResponse>(`/api/withdrawal-destinations/${id}`, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: destinationsKey }),
  });
}
