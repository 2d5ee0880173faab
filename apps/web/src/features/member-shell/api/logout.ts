import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@app/shared/schemas/common';
import { api, isUnauthenticated } from '#lib/api-client';
import { readToken, storeToken } from '#lib/tokens';

/**
 * POST /api/logout (spec §4): the stored token is removed first, so this device is signed out whatever
 * the network does, and the server is asked to revoke that token. A 401 means it was already gone.
 */
export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      const token = readToken('member');
      storeToken('member', null);
      try {
        return await api.post<MessageResponse>('/api/logout', undefined, { token });
      } catch (error) {
        if (isUnauthenticated(error)) return { message: 'Logged out successfully!' };
        throw error;
      }
    },
  });
}
