import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GOALS_REFRESH_MS } from '@app/shared/constants';
import type {
  GoalListResponse,
  GoalResponse,
  PlanImpactRequest,
  PlanImpactResponse,
} from '@app/shared/schemas/goals';
import type { Plan } from '@app/shared/schemas/investing';
import { api } from '#lib/api-client';
import { activityQueryKey, userPlansQueryKey } from '#lib/query-keys';
import { meQueryKey } from '#lib/session';

/** Query keys of the goals feature. */
export const goalsQueryKey = ['goals'] as const;
export const goalPlansQueryKey = ['goals', 'plans'] as const;

/** GET /api/goals: the member's goals and the summary header, refreshed every 60 s (spec §9). */
export function useGoals() {
  return useQuery({
    queryKey: goalsQueryKey,
    queryFn: ({ signal }) => api.get<GoalListResponse>('/api/goals', { signal }),
    refetchInterval: GOALS_REFRESH_MS,
  });
}

/** GET /api/plans, unfiltered (spec §7): the modal offers the personal and business ones. */
export function useGoalPlans(enabled: boolean) {
  return useQuery({
    queryKey: goalPlansQueryKey,
    queryFn: ({ signal }) => api.get<Plan[]>('/api/plans', { signal }),
    enabled,
  });
}

export interface CreateGoalPayload {
  name: string;
  target_amount: string;
  target_frequency: string | null;
  target_date: string | null;
  plan_id: number;
}

/** POST /api/goals: the goal and its first investment; goals, balance, activity and the member's plans reload. */
export function useCreateGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateGoalPayload) =>
      api.post<GoalResponse>('/api/goals', payload, { idempotent: true }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: goalsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryKey }),
        queryClient.invalidateQueries({ queryKey: userPlansQueryKey }),
      ]),
  });
}

/** POST /api/goals/calculate-plan-impact: the recommended duration (no plan: the pure recommendation). */
export function usePlanImpact(request: PlanImpactRequest | null) {
  return useQuery({
    queryKey: ['goals', 'impact', request],
    queryFn: ({ signal }) =>
      api.post<PlanImpactResponse>('/api/goals/calculate-plan-impact', request, { signal }),
    enabled: request !== null,
    retry: false,
    staleTime: 60_000,
  });
}

/** POST /api/goals/:id/pause | resume, DELETE /api/goals/:id: the list (and, for delete, nothing else) reloads. */
export function useGoalAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'pause' | 'resume' | 'delete' }) =>
      action === 'delete'
        ? api.delete<{ message: string }>(`/api/goals/${id}`)
        : api.post<GoalResponse>(`/api/goals/${id}/${action}`, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goalsQueryKey }),
  });
}

/** POST /api/goals/:id/contribution (decision 191): each coming period's amount; the list reloads. */
export function useChangeContribution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount }: { id: number; amount: string }) =>
      api.post<GoalResponse>(`/api/goals/${id}/contribution`, { amount }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: goalsQueryKey }),
  });
}
