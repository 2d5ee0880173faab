import { ApiError } from '#lib/api-client';
import { readToken } from '#lib/tokens';

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

/** Hands bytes to the browser as a file download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: the click above has already started the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * A member's file from the API (a statement, the data export), saved as `filename`. The bearer token
 * goes in a header, so the browser fetches the bytes rather than following a link.
 */
export async function downloadMemberFile(path: string, filename: string): Promise<void> {
  const token = readToken('member');
  const response = await fetch(path, {
    credentials: 'include',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw await downloadError(response);
  saveBlob(await response.blob(), filename);
}
