import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@app/shared/schemas/auth';
import type { MessageResponse } from '@app/shared/schemas/common';
import { api } from '#lib/api-client';

/** POST /api/change-password: the server also signs out every other device. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (payload: ChangePasswordRequest) =>
      api.post<MessageResponse>('/api/change-password', payload),
  });
}
