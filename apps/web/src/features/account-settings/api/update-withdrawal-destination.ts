import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DestinationRequest, DestinationResponse } from '@app/shared/schemas/withdrawals';
import { api } from '#lib/api-client';
import { destinationsKey } from './withdrawal-keys';

export type DestinationChanges = Partial<DestinationRequest> & { is_default?: boolean };

/** PATCH /api/withdrawal-destinations/:id: changes a saved destination (or makes it the default). */
export function useUpdateWithdrawalDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: DestinationChanges }) =>
      api.patch<DestinationResponse>(`/api/withdrawal-destinations/${id}`, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: destinationsKey }),
  });
}
