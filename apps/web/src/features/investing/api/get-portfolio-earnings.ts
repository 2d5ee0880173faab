import { useQuery } from '@tanstack/react-query';
import type { PortfolioEarningsResponse } from '@app/shared/schemas/portfolio';
import { api } from '#lib/api-client';

export const portfolioEarningsQueryKey = ['portfolio-earnings'] as const;

/** GET /api/portfolio/earnings: the whole portfolio's earnings, one point per day. */
export function usePortfolioEarnings() {
  return useQuery({
    queryKey: portfolioEarningsQueryKey,
    queryFn: ({ signal }) => api.get<PortfolioEarningsResponse>('/api/portfolio/earnings', { signal }),
  });
}
