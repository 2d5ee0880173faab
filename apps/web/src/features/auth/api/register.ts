import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@app/shared/schemas/auth';
import type { MessageResponse } from '@app/shared/schemas/common';
import { api } from '#lib/api-client';

/** POST /api/register → 201 {message}; the server mails a 6-digit code. */
export function useRegister() {
  return useMutation({
    mutationFn: (payload: RegisterRequest) => api.post<MessageResponse>('/api/register', payload),
  });
}
