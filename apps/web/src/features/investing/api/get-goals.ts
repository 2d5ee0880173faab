import { useQuery } from '@tanstack/react-query';
import type { GoalListResponse } from '@app/shared/schemas/goals';
import { api } from '#lib/api-client';
import { goalsListQueryKey } from '#lib/query-keys';

/**
 * GET /api/goals, read by My Portfolio for the names and totals of the goals its units belong to
 * (the same query, and cache, as My Goals' list).
 */
export function usePortfolioGoals(enabled: boolean) {
  return useQuery({
    queryKey: goalsListQueryKey,
    queryFn: ({ signal }) => api.get<GoalListResponse>('/api/goals', { signal }),
    enabled,
  });
}
