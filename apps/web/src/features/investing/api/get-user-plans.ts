import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PLANS_PAGE_SIZE } from '@app/shared/constants';
import type { UserPlanDetail, UserPlanListResponse } from '@app/shared/schemas/investing';
import { api, withQuery } from '#lib/api-client';
import { userPlansQueryKey } from './plans-keys';

/** GET /api/pp?page=&per_page=: the member's plans, newest first (5 per page by default, spec §9). */
export function useUserPlans(page: number, perPage: number = PLANS_PAGE_SIZE) {
  const query = { page, per_page: perPage };
  return useQuery({
    queryKey: [...userPlansQueryKey, 'list', query],
    queryFn: ({ signal }) => api.get<UserPlanListResponse>(withQuery('/api/pp', query), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/pp/:id: one plan with its daily earnings. */
export function useUserPlan(id: number | null) {
  return useQuery({
    queryKey: [...userPlansQueryKey, 'detail', id],
    queryFn: ({ signal }) => api.get<UserPlanDetail>(`/api/pp/${id}`, { signal }),
    enabled: id !== null,
  });
}
