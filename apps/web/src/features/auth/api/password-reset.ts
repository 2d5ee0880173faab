import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest, ResetPasswordRequest } from '@app/shared/schemas/auth';
import type { MessageResponse } from '@app/shared/schemas/common';
import { api } from '#lib/api-client';

/** POST /api/forgot-password → {message}: the same answer whether or not the account exists. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (payload: ForgotPasswordRequest) =>
      api.post<MessageResponse>('/api/forgot-password', payload),
  });
}

/** POST /api/reset-password → {message}; a used, expired or wrong link is a 422 on `token`. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (payload: ResetPasswordRequest) => api.post<MessageResponse>('/api/reset-password', payload),
  });
}
