import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExitQuote, UserPlanActionResponse } from '@app/shared/schemas/investing';
import { api } from '#lib/api-client';
import { activityQueryKey } from '#lib/query-keys';
import { meQueryKey } from '#lib/session';
import { userPlansQueryKey } from './plans-keys';

/** GET /api/pp/:id/exit-quote: what leaving today gives (valid 60 s, decision 186); never cached. */
export function useExitQuote(id: number | null) {
  return useQuery({
    // Not under the plans' key: the exit invalidates those, and a quote must not be asked again then.
    queryKey: ['exit-quote', id],
    queryFn: ({ signal }) => api.get<ExitQuote>(`/api/pp/${id}/exit-quote`, { signal }),
    enabled: id !== null,
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
}

/** POST /api/pp/:id/exit: executes exactly the quote shown. */
export function useExitUserPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, quoteId }: { id: number; quoteId: string }) =>
      api.post<UserPlanActionResponse>(`/api/pp/${id}/exit`, { quote_id: quoteId }, { idempotent: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userPlansQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryKey }),
      ]),
  });
}
