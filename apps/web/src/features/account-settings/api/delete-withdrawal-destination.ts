import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@app/shared/schemas/common';
import { api } from '#lib/api-client';
import { destinationsKey } from './withdrawal-keys';

/** DELETE /api/withdrawal-destinations/:id: forgets a saved destination (past withdrawals keep theirs). */
export function useDeleteWithdrawalDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<MessageResponse>(`/api/withdrawal-destinations/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: destinationsKey }),
  });
}
