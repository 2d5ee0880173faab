import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@app/shared/schemas/common';
import { api, isUnauthenticated } from '#lib/api-client';
import { adminMeQueryKey } from '#lib/session';
import { readToken, storeToken } from '#lib/tokens';

/** POST /api/admin/logout: the admin token is forgotten here and revoked on the server. */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const token = readToken('admin');
      storeToken('admin', null);
      try {
        return await api.post<MessageResponse>('/api/admin/logout', undefined, { token });
      } catch (error) {
        if (isUnauthenticated(error)) return { message: 'Logged out successfully!' };
        throw error;
      }
    },
    onSettled: () => queryClient.removeQueries({ queryKey: adminMeQueryKey }),
  });
}
