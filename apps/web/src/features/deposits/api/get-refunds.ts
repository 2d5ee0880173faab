import { useQuery } from '@tanstack/react-query';
import type { MemberRefundsResponse } from '@app/shared/schemas/deposits';
import { api } from '#lib/api-client';
import { refundsQueryKey } from './deposit-keys';

/**
 * GET /api/deposits/refunds: what the member still owes for deposits a gateway took back after they
 * were credited (decision 155). Under ['deposits'], so a new deposit (which pays it first) reloads it.
 */
export function useRefunds() {
  return useQuery({
    queryKey: refundsQueryKey,
    queryFn: ({ signal }) => api.get<MemberRefundsResponse>('/api/deposits/refunds', { signal }),
  });
}
