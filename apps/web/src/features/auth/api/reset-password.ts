import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '@app/shared/schemas/auth';
import type { MessageResponse } from '@app/shared/schemas/common';
import { api } from '#lib/api-client';

/** POST /api/reset-password: the mailed token sets a new password and signs out every session. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (payload: ResetPasswordRequest) => api.post<MessageResponse>('/api/reset-password', payload),
  });
}
