import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest } from '@app/shared/schemas/auth';
import type { MessageResponse } from '@app/shared/schemas/common';
import { api } from '#lib/api-client';

/** POST /api/forgot-password {email}: the same answer for any address; a member gets a reset link. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (payload: ForgotPasswordRequest) =>
      api.post<MessageResponse>('/api/forgot-password', payload),
  });
}
