import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest, UpdateProfileResponse } from '@app/shared/schemas/profile';
import { api } from '#lib/api-client';
import { meQueryKey } from '#lib/session';

/** PATCH /api/profile/update: the profile is part of GET /api/me, which is reloaded after. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: UpdateProfileRequest) =>
      api.patch<UpdateProfileResponse>('/api/profile/update', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
