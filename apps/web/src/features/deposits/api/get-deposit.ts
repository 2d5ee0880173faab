import { useQuery } from '@tanstack/react-query';
import type { Deposit } from '@app/shared/schemas/deposits';
import { api } from '#lib/api-client';
import { depositQueryKey } from './deposit-keys';

/** GET /api/deposits/:id: one of the member's deposits (404 for anyone else's). */
export function useDeposit(id: number | null) {
  return useQuery({
    queryKey: depositQueryKey(id ?? 0),
    queryFn: ({ signal }) => api.get<Deposit>(`/api/deposits/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
