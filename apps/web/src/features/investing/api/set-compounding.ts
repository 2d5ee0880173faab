import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserPlanActionResponse } from '@app/shared/schemas/investing';
import { api } from '#lib/api-client';
import { userPlansQueryKey } from './plans-keys';

/** PUT /api/pp/:id/compounding: "reinvest earnings" on or off (decision 192); the plans reload after. */
export function useSetCompounding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reinvest }: { id: number; reinvest: boolean }) =>
      api.put<UserPlanActionResponse>(`/api/pp/${id}/compounding`, { reinvest }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userPlansQueryKey }),
  });
}
