import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest, UpdateProfileResponse } from '@app/shared/schemas/profile';
import { api } from '#lib/api-client';
import { kycQueryKey } from '#lib/kyc';
import { meQueryKey } from '#lib/session';

/**
 * PATCH /api/profile/update: the profile is part of GET /api/me, which is reloaded after; so is the
 * identity verification, which a change of name or address withdraws (decision 180).
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: UpdateProfileRequest) =>
      api.patch<UpdateProfileResponse>('/api/profile/update', payload),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: kycQueryKey }),
      ]),
  });
}
