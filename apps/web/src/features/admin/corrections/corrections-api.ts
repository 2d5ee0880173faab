import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CorrectionActionResponse,
  CorrectionListResponse,
  CorrectionProposeRequest,
} from '@app/shared/schemas/corrections';
import { withQuery } from '#lib/api-client';
import { adminApi } from '../api/admin-api';

/**
 * Balance corrections (issue 37 item 2, decision 182). The approval answers 403 `REAUTH_REQUIRED`
 * without a second factor of the last 10 minutes: adminApi asks for the code (the layout's reauth
 * dialog) and sends it again, as every money approval of the queues.
 */

export const correctionsQueryKey = ['admin', 'corrections'] as const;

/** GET /api/admin/corrections with the list's query (status, user_id, page). */
export function useCorrections(query: Record<string, string>) {
  return useQuery({
    queryKey: [...correctionsQueryKey, query],
    queryFn: ({ signal }) =>
      adminApi.get<CorrectionListResponse>(withQuery('/api/admin/corrections', query), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/corrections: a pending proposal, with an Idempotency-Key (a retry proposes once). */
export function useProposeCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CorrectionProposeRequest) =>
      adminApi.post<CorrectionActionResponse>('/api/admin/corrections', body, { idempotent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: correctionsQueryKey }),
  });
}

export type CorrectionDecision =
  { id: number; kind: 'approve' } | { id: number; kind: 'reject' | 'withdraw'; reason: string };

/** Approve (a second admin), reject (another admin) or withdraw (the proposer). */
export function useDecideCorrection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: CorrectionDecision) =>
      adminApi.post<CorrectionActionResponse>(
        `/api/admin/corrections/${decision.id}/${decision.kind}`,
        decision.kind === 'approve' ? {} : { reason: decision.reason },
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: correctionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'members'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'overview'] }),
      ]),
  });
}
