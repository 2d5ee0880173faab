import { useMutation } from '@tanstack/react-query';
import type { CloseAccountRequest, CloseAccountResponse } from '@app/shared/schemas/account';
import { api, ApiError } from '#lib/api-client';
import { readToken, storeToken } from '#lib/tokens';

/** The error of a failed download, with the server's own message when it sent one. */
async function downloadError(response: Response): Promise<ApiError> {
  let message: string | undefined;
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) message = body.message;
  } catch {
    // Not JSON: the fallback message is shown.
  }
  return new ApiError(
    response.status,
    message ?? (response.statusText || 'API Error'),
    undefined,
    undefined,
    message,
  );
}

/**
 * GET /api/account/export: every piece of the member's data in one zip archive, saved as a file. The
 * bearer token goes in a header, so the browser fetches the bytes rather than following a link.
 */
export function useDownloadAccountData() {
  return useMutation({
    mutationFn: async () => {
      const token = readToken('member');
      const response = await fetch('/api/account/export', {
        credentials: 'include',
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw await downloadError(response);
      const url = URL.createObjectURL(await response.blob());
      try {
        const link = document.createElement('a');
        link.href = url;
        link.download = `my-data-${new Date().toISOString().slice(0, 10)}.zip`;
        document.body.append(link);
        link.click();
        link.remove();
      } finally {
        // Revoked on the next tick: the click above has already started the download.
        setTimeout(() => URL.revokeObjectURL(url), 0);
      }
    },
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
