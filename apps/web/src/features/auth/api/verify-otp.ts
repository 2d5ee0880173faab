import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyOtpRequest } from '@app/shared/schemas/auth';
import type { MessageResponse } from '@app/shared/schemas/common';
import { api } from '#lib/api-client';
import { meQueryKey } from '#lib/session';

/** POST /api/verify-otp {email, otp}: verifies the email; the signed-in user (if any) is reloaded. */
export function useVerifyOtp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: VerifyOtpRequest) => api.post<MessageResponse>('/api/verify-otp', payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
