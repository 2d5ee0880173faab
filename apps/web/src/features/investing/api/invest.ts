import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvestResponse } from '@app/shared/schemas/investing';
import { api } from '#lib/api-client';
import { activityQueryKey } from '#lib/query-keys';
import { meQueryKey } from '#lib/session';
import { userPlansQueryKey } from './plans-keys';

/** POST /api/invest {plan_id, amount}: the balance goes down, a plan appears in /api/pp. */
export function useInvest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: { plan_id: number; amount: number }) =>
      api.post<InvestResponse>('/api/invest', payload, { idempotent: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: userPlansQueryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryKey }),
      ]),
  });
}
