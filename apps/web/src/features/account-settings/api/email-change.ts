import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  EmailChangeConfirmRequest,
  EmailChangeRequest,
  EmailChangeResponse,
} from '@app/shared/schemas/auth';
import { api } from '#lib/api-client';

/** POST /api/email-change: mails a 6-digit code to the new address (decision 175). */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (payload: EmailChangeRequest) => api.post<EmailChangeResponse>('/api/email-change', payload),
  });
}

/** POST /api/email-change/confirm: the address changes; the member's data is read again. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: EmailChangeConfirmRequest) =>
      api.post<EmailChangeResponse>('/api/email-change/confirm', payload),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
