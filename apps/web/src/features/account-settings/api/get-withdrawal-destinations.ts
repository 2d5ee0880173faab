import { useQuery } from '@tanstack/react-query';
import type { DestinationListResponse } from '@app/shared/schemas/withdrawals';
import { api } from '#lib/api-client';
import { destinationsKey } from './withdrawal-keys';

/** GET /api/withdrawal-destinations: the member's saved bank accounts and wallets. */
export function useWithdrawalDestinations() {
  return useQuery({
    queryKey: destinationsKey,
    queryFn: ({ signal }) => api.get<DestinationListResponse>('/api/withdrawal-destinations', { signal }),
    select: (answer) => answer.data,
  });
}
