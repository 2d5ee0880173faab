import { useQuery } from '@tanstack/react-query';
import { SESSION_CHECK_TIMEOUT_MS } from '@app/shared/constants';
import type { UserResponse } from '@app/shared/schemas/auth';
import type { AdminSessionResponse } from '@app/shared/schemas/admin';
import { ApiError, api } from './api-client';
import { readToken, storeToken, type TokenKind } from './tokens';

/** The message of a session check that took longer than SESSION_CHECK_TIMEOUT_MS (spec §8). */
export const SESSION_TIMEOUT_MESSAGE = 'Request timed out';

/** The code of the 401 for "no token stored": nobody was signed in, so no session has ended. */
export const NO_SESSION_CODE = 'NO_SESSION';

/**
 * True when a stored token was refused by the server (expired, revoked, signed out elsewhere), rather
 * than there being no token at all: the sign-in screen says the session ended (decision 173).
 */
export function sessionEnded(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code !== NO_SESSION_CODE;
}

/**
 * GET a session endpoint, aborted after SESSION_CHECK_TIMEOUT_MS. Without a stored token there is no
 * session to check, so the answer is 'Not authenticated' at once; a 401 forgets the dead token.
 */
async function checkSession<T>(path: string, kind: TokenKind, signal: AbortSignal): Promise<T> {
  if (!readToken(kind)) throw new ApiError(401, 'Not authenticated', undefined, NO_SESSION_CODE);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, SESSION_CHECK_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  signal.addEventListener('abort', forwardAbort);
  try {
    return await api.get<T>(path, { signal: controller.signal, auth: kind });
  } catch (error) {
    if (timedOut) throw new Error(SESSION_TIMEOUT_MESSAGE, { cause: error });
    if (error instanceof ApiError && error.status === 401) storeToken(kind, null);
    throw error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', forwardAbort);
  }
}

export const meQueryKey = ['me'] as const;
export const adminMeQueryKey = ['admin', 'me'] as const;

const SESSION_STALE_MS = 60_000;

/**
 * The signed-in member (GET /api/me): read by the session guard and every member screen. `enabled:
 * false` only reads what is known (the public header before hydration, a screen without a token).
 */
export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: meQueryKey,
    queryFn: ({ signal }) => checkSession<UserResponse>('/api/me', 'member', signal),
    retry: false,
    staleTime: SESSION_STALE_MS,
    // Offline is an error with a Retry, not a spinner that waits for the network forever.
    networkMode: 'always',
  });
}

/** The signed-in admin (GET /api/admin/me with the admin token). */
export function useAdminMe() {
  return useQuery({
    queryKey: adminMeQueryKey,
    queryFn: ({ signal }) => checkSession<AdminSessionResponse>('/api/admin/me', 'admin', signal),
    retry: false,
    staleTime: SESSION_STALE_MS,
    // Offline is an error with a Retry, not a spinner that waits for the network forever.
    networkMode: 'always',
  });
}
