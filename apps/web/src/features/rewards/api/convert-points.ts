import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConvertPointsResponse } from '@app/shared/schemas/rewards';
import { api } from '#lib/api-client';
import { activityQueryKey } from '#lib/query-keys';
import { meQueryKey } from '#lib/session';
import { referralsQueryKey } from './get-referrals';

/**
 * POST /api/convert-points with the number of points to redeem (every point held when none is
 * given); the reward info, the balance and the activity (its points_conversion row) are reloaded.
 */
export function useConvertPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (points?: number) =>
      api.post<ConvertPointsResponse>('/api/convert-points', points === undefined ? undefined : { points }, {
        idempotent: true,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: referralsQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: activityQueryKey }),
      ]),
  });
}
