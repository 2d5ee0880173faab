import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE } from '@app/shared/constants';
import type { ActivityResponse, ActivityType } from '@app/shared/schemas/activity';
import { api, withQuery } from '#lib/api-client';
import { activityQueryKey } from '#lib/query-keys';

export interface ActivityFilters {
  type: ActivityType | '';
  start_date: string;
  end_date: string;
}

/** GET /api/activity?type=&start_date=&end_date=&page=&per_page=10: the member's money movements. */
export function useActivity(filters: ActivityFilters, page: number, enabled = true) {
  const query = { ...filters, page, per_page: ACTIVITY_PAGE_SIZE };
  return useQuery({
    queryKey: [...activityQueryKey, query],
    queryFn: ({ signal }) => api.get<ActivityResponse>(withQuery('/api/activity', query), { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
