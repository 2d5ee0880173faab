import { useMutation } from '@tanstack/react-query';
import type { HelpRequestInput } from '@app/shared/schemas/help';
import type { MessageResponse } from '@app/shared/schemas/common';
import { api } from '#lib/api-client';

/** POST /api/help/submit */
export function useSubmitHelpRequest() {
  return useMutation({
    mutationFn: (payload: HelpRequestInput) => api.post<MessageResponse>('/api/help/submit', payload),
  });
}
