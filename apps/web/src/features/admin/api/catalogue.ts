import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminLoanPlan,
  AdminLoanPlanCreateInput,
  AdminLoanPlanListResponse,
  AdminLoanPlanResponse,
  AdminPlanCreateInput,
  AdminPlanDetail,
  AdminPlanListResponse,
  AdminPlanResponse,
} from '@app/shared/schemas/admin-content';
import { withQuery } from '#lib/api-client';
import { adminApi } from './admin-api';

export const plansAdminKey = ['admin', 'plans'] as const;
export const loanPlansAdminKey = ['admin', 'loan-plans'] as const;

/** A list's query as useUrlListState gives it (page, sort, q, status). */
type ListQuery = Record<string, string>;

/** GET /api/admin/plans */
export function useAdminPlans(query: ListQuery) {
  return useQuery({
    queryKey: [...plansAdminKey, 'list', query],
    queryFn: ({ signal }) =>
      adminApi.get<AdminPlanListResponse>(withQuery('/api/admin/plans', query), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/plans/:id (disabled for a new plan). */
export function useAdminPlan(id: number | null) {
  return useQuery({
    queryKey: [...plansAdminKey, 'one', id],
    queryFn: ({ signal }) => adminApi.get<AdminPlanDetail>(`/api/admin/plans/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** POST /api/admin/plans, or PATCH /api/admin/plans/:id with an id. */
export function useSavePlan(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<AdminPlanCreateInput>) =>
      id === null
        ? adminApi.post<AdminPlanResponse>('/api/admin/plans', body)
        : adminApi.patch<AdminPlanResponse>(`/api/admin/plans/${id}`, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: plansAdminKey });
      // Members' catalogue reads (GET /api/plans) refetch too.
      await queryClient.invalidateQueries({ queryKey: ['plans'] });
    },
  });
}

/** GET /api/admin/loan-plans */
export function useAdminLoanPlans(query: ListQuery) {
  return useQuery({
    queryKey: [...loanPlansAdminKey, 'list', query],
    queryFn: ({ signal }) =>
      adminApi.get<AdminLoanPlanListResponse>(withQuery('/api/admin/loan-plans', query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminLoanPlan(id: number | null) {
  return useQuery({
    queryKey: [...loanPlansAdminKey, 'one', id],
    queryFn: ({ signal }) => adminApi.get<AdminLoanPlan>(`/api/admin/loan-plans/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useSaveLoanPlan(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<AdminLoanPlanCreateInput>) =>
      id === null
        ? adminApi.post<AdminLoanPlanResponse>('/api/admin/loan-plans', body)
        : adminApi.patch<AdminLoanPlanResponse>(`/api/admin/loan-plans/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loanPlansAdminKey }),
  });
}
