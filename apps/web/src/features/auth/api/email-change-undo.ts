import { useMutation } from '@tanstack/react-query';
import type { EmailChangeUndoRequest } from '@app/shared/schemas/auth';
import type { MessageResponse } from '@app/shared/schemas/common';
import { api } from '#lib/api-client';

/** POST /api/email-change/undo: the link mailed to the old address (decision 175). */
export function useUndoEmailChange() {
  return useMutation({
    mutationFn: (payload: EmailChangeUndoRequest) =>
      api.post<MessageResponse>('/api/email-change/undo', payload),
  });
}
