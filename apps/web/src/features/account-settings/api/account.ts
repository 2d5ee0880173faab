import { useMutation } from '@tanstack/react-query';
import type { CloseAccountRequest, CloseAccountResponse } from '@app/shared/schemas/account';
import { api } from '#lib/api-client';
import { downloadMemberFile } from '#lib/download';
import { storeToken } from '#lib/tokens';

/**
 * GET /api/account/export: every piece of the member's data in one zip archive, saved as a file. The
 * bearer token goes in a header, so the browser fetches the bytes rather than following a link.
 */
export function useDownloadAccountData() {
  return useMutation({
    mutationFn: () =>
      downloadMemberFile('/api/account/export', `my-data-${new Date().toISOString().slice(0, 10)}.zip`),
  });
}

/** POST /api/account/close: on success every session has ended, this one too, so the token is dropped. */
export function useCloseAccount() {
  return useMutation({
    mutationFn: async (payload: CloseAccountRequest) => {
      const closed = await api.post<CloseAccountResponse>('/api/account/close', payload);
      storeToken('member', null);
      return closed;
    },
  });
}
