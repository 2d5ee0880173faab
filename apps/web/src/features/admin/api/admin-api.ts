import { ApiError, apiRequest, isReauthRequired, type ApiRequestOptions } from '#lib/api-client';
import { storeToken } from '#lib/tokens';

/**
 * The back office's API client (decision 120): the admin token on every call, and "sudo mode" handled
 * in one place. A call answered 403 `REAUTH_REQUIRED` asks the signed-in admin for a code (the reauth
 * dialog of the admin layout) and is sent once more after it; a 401 (the session ended: idle timeout,
 * signed out elsewhere) forgets the token and tells the layout, which goes to the sign-in.
 *
 * Screens use `adminApi.get/post/put/patch/delete` exactly like `api`, without `auth`.
 */

type ReauthHandler = () => Promise<boolean>;
type SessionEndedHandler = () => void;

let reauthHandler: ReauthHandler | null = null;
let sessionEndedHandler: SessionEndedHandler | null = null;

/** Registers what asks for a code (the admin layout's ReauthProvider); returns the unregister. */
export function setReauthHandler(handler: ReauthHandler): () => void {
  reauthHandler = handler;
  return () => {
    if (reauthHandler === handler) reauthHandler = null;
  };
}

/** Registers what happens when the admin session has ended (the layout sends to the sign-in). */
export function setSessionEndedHandler(handler: SessionEndedHandler): () => void {
  sessionEndedHandler = handler;
  return () => {
    if (sessionEndedHandler === handler) sessionEndedHandler = null;
  };
}

async function adminRequest<T>(path: string, options: ApiRequestOptions): Promise<T> {
  const send = () => apiRequest<T>(path, { ...options, auth: 'admin' });
  try {
    return await send();
  } catch (error) {
    if (isReauthRequired(error) && reauthHandler && (await reauthHandler())) return send();
    if (error instanceof ApiError && error.status === 401) {
      storeToken('admin', null);
      sessionEndedHandler?.();
    }
    throw error;
  }
}

type CallOptions = Omit<ApiRequestOptions, 'method' | 'body' | 'auth'>;

export const adminApi = {
  get: <T>(path: string, options: CallOptions = {}) => adminRequest<T>(path, { ...options }),
  post: <T>(path: string, body?: unknown, options: CallOptions = {}) =>
    adminRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: CallOptions = {}) =>
    adminRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options: CallOptions = {}) =>
    adminRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options: CallOptions = {}) =>
    adminRequest<T>(path, { ...options, method: 'DELETE' }),
};
