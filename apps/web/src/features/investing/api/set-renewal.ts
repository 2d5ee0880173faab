import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AtMaturity, UserPlanActionResponse } from '@app/shared/schemas/investing';
import { api } from '#lib/api-client';
import { userPlansQueryKey } from './plans-keys';

/** PUT /api/pp/:id/renewal: what the end of a fixed term does (decision 194); the list reloads. */
export function useSetRenewal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, atMaturity }: { id: number; atMaturity: AtMaturity }) =>
      api.put<UserPlanActionResponse>(`/api/pp/${id}/renewal`, { at_maturity: atMaturity }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userPlansQueryKey }),
  });
}
