import { useMutation } from '@tanstack/react-query';
import type { Enable2faResponse } from '@app/shared/schemas/auth';
import { api } from '#lib/api-client';

/** POST /api/enable-2fa: starts the setup with a QR code (data URL PNG) and the secret. */
export function useEnableTwoFactor() {
  return useMutation({ mutationFn: () => api.post<Enable2faResponse>('/api/enable-2fa') });
}
