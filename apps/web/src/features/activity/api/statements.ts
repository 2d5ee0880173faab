import { useMutation, useQuery } from '@tanstack/react-query';
import type { StatementFormat, StatementListResponse } from '@app/shared/schemas/statements';
import { api, ApiError } from '#lib/api-client';
import { readToken } from '#lib/tokens';

export const statementsQueryKey = ['statements'] as const;

/** GET /api/statements: the months the member has a statement for, newest first. */
export function useStatements() {
  return useQuery({
    queryKey: statementsQueryKey,
    queryFn: ({ signal }) => api.get<StatementListResponse>('/api/statements', { signal }),
  });
}

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
 * GET /api/statements/:month?format=pdf|csv, saved as a file. The bearer token goes in a header, so
 * the browser fetches the file (as bytes: a PDF is not text) rather than following a link.
 */
export function useDownloadStatement() {
  return useMutation({
    mutationFn: async ({ month, format }: { month: string; format: StatementFormat }) => {
      const token = readToken('member');
      const response = await fetch(`/api/statements/${month}?format=${format}`, {
        credentials: 'include',
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw await downloadError(response);
      const url = URL.createObjectURL(await response.blob());
      try {
        const link = document.createElement('a');
        link.href = url;
        link.download = `statement-${month}.${format}`;
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
