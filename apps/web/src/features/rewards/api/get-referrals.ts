import { useQuery } from '@tanstack/react-query';
import type { ReferralInfoResponse } from '@app/shared/schemas/rewards';
import { api } from '#lib/api-client';

export const referralsQueryKey = ['referrals'] as const;

/** GET /api/referrals: the referral link, points earned and available, and who joined. */
export function useReferrals() {
  return useQuery({
    queryKey: referralsQueryKey,
    queryFn: () => api.get<ReferralInfoResponse>('/api/referrals'),
  });
}
