import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminLoginRequest, TokenResponse } from '@app/shared/schemas/auth';
import { api } from '#lib/api-client';
import { adminMeQueryKey } from '#lib/session';
import { storeToken } from '#lib/tokens';

/** POST /api/admin/login: the admin token is stored apart from the member's. */
export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: AdminLoginRequest) =>
      api.post<TokenResponse>('/api/admin/login', payload, { auth: 'admin' }),
    onSuccess: (answer) => {
      storeToken('admin', answer.token);
      queryClient.setQueryData(adminMeQueryKey, { user: answer.user });
    },
  });
}
