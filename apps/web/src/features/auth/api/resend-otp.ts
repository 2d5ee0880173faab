import { useMutation } from '@tanstack/react-query';
import type { ResendOtpRequest } from '@app/shared/schemas/auth';
import type { MessageResponse } from '@app/shared/schemas/common';
import { api } from '#lib/api-client';

/** POST /api/resend-otp {email}: mails a new email code (at most once a minute). */
export function useResendOtp() {
  return useMutation({
    mutationFn: (payload: ResendOtpRequest) => api.post<MessageResponse>('/api/resend-otp', payload),
  });
}
