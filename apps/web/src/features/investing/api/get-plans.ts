import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@app/shared/schemas/investing';
import { api } from '#lib/api-client';
import { plansQueryKey } from './plans-keys';

/** GET /api/plans: the whole catalogue (filtering by category happens on screen, spec §2). */
export function usePlans() {
  return useQuery({
    queryKey: plansQueryKey,
    queryFn: ({ signal }) => api.get<Plan[]>('/api/plans', { signal }),
  });
}
