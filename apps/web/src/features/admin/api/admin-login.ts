import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLoginRequest } from '@app/shared/schemas/auth';
import type {
  AdminEnrolResponse,
  AdminTokenResponse,
  AdminTwoFactorRequiredResponse,
} from '@app/shared/schemas/admin';
import { api } from '#lib/api-client';
import { adminMeQueryKey } from '#lib/session';
import { storeToken } from '#lib/tokens';

/**
 * The admin sign-in (decision 120): the password, then always a second factor. The server keeps the
 * step between them in an httpOnly challenge cookie.
 */

/** POST /api/admin/login: the password step; answers whether an authenticator must be set up first. */
export function useAdminLogin() {
  return useMutation({
    mutationFn: (payload: AdminLoginRequest) =>
      api.post<AdminTwoFactorRequiredResponse>('/api/admin/login', payload, { auth: 'admin' }),
  });
}

/** POST /api/admin/2fa/enrol: the QR code and secret of a first sign-in. */
export function useAdminEnrol() {
  return useMutation({
    mutationFn: () => api.post<AdminEnrolResponse>('/api/admin/2fa/enrol', undefined, { auth: 'admin' }),
  });
}

/** POST /api/admin/2fa/verify: the code; the admin token is stored apart from the member's. */
export function useAdminVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post<AdminTokenResponse>('/api/admin/2fa/verify', { token }, { auth: 'admin' }),
    onSuccess: (answer) => {
      storeToken('admin', answer.token);
      void queryClient.invalidateQueries({ queryKey: adminMeQueryKey });
    },
  });
}
