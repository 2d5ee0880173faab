import { useQuery } from '@tanstack/react-query';
import type { KycStateResponse } from '@app/shared/schemas/kyc';
import { api } from './api-client';

export const kycQueryKey = ['kyc'] as const;

/** GET /api/kyc: the member's identity verification (the profile card and the setup banner read it). */
export function useKyc(enabled = true) {
  return useQuery({
    queryKey: kycQueryKey,
    queryFn: async () => (await api.get<KycStateResponse>('/api/kyc')).kyc,
    enabled,
  });
}
