import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminLoanPlan,
  AdminLoanPlanCreateInput,
  AdminLoanPlanListResponse,
  AdminLoanPlanResponse,
  AdminPlan,
  AdminPlanCreateInput,
  AdminPlanListResponse,
  AdminPlanResponse,
} from '@app/shared/schemas/admin-content';
import { api, withQuery } from '#lib/api-client';

/** The list state of a catalogue screen (kept in the URL by the screen). */
export interface CatalogueListState {
  page: number;
  perPage: number;
  q?: string | undefined;
  status?: string | undefined;
  sort?: string | undefined;
}

export const plansAdminKey = ['admin', 'plans'] as const;
export const loanPlansAdminKey = ['admin', 'loan-plans'] as const;
const admin = { auth: 'admin' as const };

function listUrl(path: string, state: CatalogueListState) {
  return withQuery(path, {
    page: state.page,
    per_page: state.perPage,
    q: state.q,
    status: state.status,
    sort: state.sort,
  });
}

/** GET /api/admin/plans */
export function useAdminPlans(state: CatalogueListState) {
  return useQuery({
    queryKey: [...plansAdminKey, 'list', state],
    queryFn: ({ signal }) =>
      api.get<AdminPlanListResponse>(listUrl('/api/admin/plans', state), { ...admin, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/plans/:id (disabled for a new plan). */
export function useAdminPlan(id: number | null) {
  return useQuery({
    queryKey: [...plansAdminKey, 'one', id],
    queryFn: ({ signal }) => api.get<AdminPlan>(`/api/admin/plans/${id}`, { ...admin, signal }),
    enabled: id !== null,
  });
}

/** POST /api/admin/plans, or PATCH /api/admin/plans/:id with an id. */
export function useSavePlan(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<AdminPlanCreateInput>) =>
      id === null
        ? api.post<AdminPlanResponse>('/api/admin/plans', body, admin)
        : api.patch<AdminPlanResponse>(`/api/admin/plans/${id}`, body, admin),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: plansAdminKey });
      // Members' catalogue reads (GET /api/plans) refetch too.
      await queryClient.invalidateQueries({ queryKey: ['plans'] });
    },
  });
}

/** GET /api/admin/loan-plans */
export function useAdminLoanPlans(state: CatalogueListState) {
  return useQuery({
    queryKey: [...loanPlansAdminKey, 'list', state],
    queryFn: ({ signal }) =>
      api.get<AdminLoanPlanListResponse>(listUrl('/api/admin/loan-plans', state), { ...admin, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminLoanPlan(id: number | null) {
  return useQuery({
    queryKey: [...loanPlansAdminKey, 'one', id],
    queryFn: ({ signal }) => api.get<AdminLoanPlan>(`/api/admin/loan-plans/${id}`, { ...admin, signal }),
    enabled: id !== null,
  });
}

export function useSaveLoanPlan(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<AdminLoanPlanCreateInput>) =>
      id === null
        ? api.post<AdminLoanPlanResponse>('/api/admin/loan-plans', body, admin)
        : api.patch<AdminLoanPlanResponse>(`/api/admin/loan-plans/${id}`, body, admin),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loanPlansAdminKey }),
  });
}
