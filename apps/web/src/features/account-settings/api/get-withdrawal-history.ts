import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WithdrawalHistoryResponse } from '@app/shared/schemas/withdrawals';
import { api, withQuery } from '#lib/api-client';
import { withdrawalHistoryKey } from './withdrawal-keys';

/** GET /api/withdrawal/history?page=n: 10 per page, newest first; {data, current_page, last_page}. */
export function useWithdrawalHistory(page: number) {
  return useQuery({
    queryKey: withdrawalHistoryKey(page),
    queryFn: ({ signal }) =>
      api.get<WithdrawalHistoryResponse>(withQuery('/api/withdrawal/history', { page }), { signal }),
    placeholderData: keepPreviousData,
  });
}
