import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserPlanActionResponse } from '@app/shared/schemas/investing';
import { api } from '#lib/api-client';
import { userPlansQueryKey } from './plans-keys';

/** POST /api/pp/:id/lock: irreversible; the list reloads afterwards (spec §2 Plans page). */
export function useLockUserPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<UserPlanActionResponse>(`/api/pp/${id}/lock`, {}, { idempotent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userPlansQueryKey }),
  });
}
