import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserPlanActionResponse } from '@app/shared/schemas/investing';
import { api } from '#lib/api-client';
import { activityQueryKey, goalsListQueryKey } from '#lib/query-keys';
import { meQueryKey } from '#lib/session';
import { userPlansQueryKey } from './plans-keys';

/** POST /api/pp/:id/withdraw: an active flexible plan ends; its amount is back in the balance. */
export function useWithdrawUserPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<UserPlanActionResponse>(`/api/pp/${id}/withdraw`, {}, { idempotent: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userPlansQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryKey }),
        queryClient.invalidateQueries({ queryKey: goalsListQueryKey }),
      ]),
  });
}
