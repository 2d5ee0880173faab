import { useMutation } from '@tanstack/react-query';
import type { RecoveryCodesResponse, RegenerateRecoveryCodesRequest } from '@app/shared/schemas/auth';
import { api } from '#lib/api-client';

/** POST /api/2fa/recovery-codes {token}: ten new recovery codes; the old ones stop working. */
export function useRegenerateRecoveryCodes() {
  return useMutation({
    mutationFn: (payload: RegenerateRecoveryCodesRequest) =>
      api.post<RecoveryCodesResponse>('/api/2fa/recovery-codes', payload),
  });
}
