import { takeEarlyResponse } from './early-data';
import { idempotencyKeyFor, settleIdempotencyKey } from './idempotency-keys';
import { askPasswordConfirm } from './password-confirm';
import { readToken, type TokenKind } from './tokens';

/**
 * The API client of spec §7: every call sends Accept JSON and credentials; non-GET calls send a JSON
 * body and are preceded, once, by GET /sanctum/csrf-cookie; the XSRF-TOKEN cookie is echoed in
 * X-XSRF-TOKEN; the stored bearer token is sent when present. A non-OK answer becomes an ApiError.
 */

const JSON_TYPE = 'application/json';
const CSRF_COOKIE = 'XSRF-TOKEN';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** The HTTP status; 0 when no answer arrived (network failure). */
    readonly status: number,
    message: string,
    /** The field errors of a 400/422 answer: field name to messages. */
    readonly fieldErrors?: Record<string, string[]>,
    /** The API's error code (DESIGN §7), when it gave one. */
    readonly code?: string,
    /** The `message` of the answer's body, when it had one (the text the spec shows to people). */
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

/** The first message of each field of a 400/422 answer (none for any other error), by field path. */
export function firstFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fieldErrors) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0] ?? '']),
  );
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  auth?: TokenKind;
  /** A token to send instead of the stored one (logout sends the token it has just removed). */
  token?: string | null;
  /** A money write: sent with an Idempotency-Key, the same while it has had no settling answer (decision 224). */
  idempotent?: boolean;
}

let csrfCookie: Promise<void> | null = null;

/** Forgets that the CSRF cookie was fetched, so the next write fetches it again (after a 419). */
export function forgetCsrfCookie(): void {
  csrfCookie = null;
}

function ensureCsrfCookie(): Promise<void> {
  if (!csrfCookie) {
    const attempt = send('/sanctum/csrf-cookie', {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: JSON_TYPE },
    }).then((response) => {
      if (!response.ok) throw new ApiError(response.status, response.statusText || 'API Error');
    });
    csrfCookie = attempt;
    // A failed attempt is not remembered: the next write tries again.
    attempt.catch(() => {
      if (csrfCookie === attempt) csrfCookie = null;
    });
  }
  return csrfCookie;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [rawKey, ...rest] = part.trim().split('=');
    if (rawKey === name) {
      const value = rest.join('=');
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, 'Network error');
  }
}

/** An answer the entry asked for: a network failure or the caller's abort, as `send` reports them. */
async function settled(
  response: Promise<Response>,
  signal: AbortSignal | null | undefined,
): Promise<Response> {
  if (!signal) return response.catch(() => Promise.reject(new ApiError(0, 'Network error')));
  signal.throwIfAborted();
  let onAbort = () => {};
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([
      response.catch(() => Promise.reject(new ApiError(0, 'Network error'))),
      aborted,
    ]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  const isJson = (response.headers.get('Content-Type') ?? '').includes(JSON_TYPE);
  if (!isJson || text === '') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toApiError(response: Response, body: unknown): ApiError {
  const fields = isRecord(body) ? body : {};
  const serverMessage = typeof fields.message === 'string' && fields.message ? fields.message : undefined;
  const errors = isRecord(fields.errors) ? (fields.errors as Record<string, string[]>) : undefined;
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  const message = serverMessage || response.statusText || 'API Error';
  return new ApiError(response.status, message, errors, code, serverMessage);
}

/** The answer of a call that needs a recent password or second factor (sudo mode, decisions 120, 230). */
export function isReauthRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'REAUTH_REQUIRED';
}

/**
 * One call to the API. A member's call answered REAUTH_REQUIRED asks for the password (the member
 * shell's dialog, lib/password-confirm.ts) and is sent once more after it (decision 230).
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  try {
    return await requestOnce<T>(path, options);
  } catch (error) {
    const member = (options.auth ?? 'member') === 'member' && options.token === undefined;
    if (member && isReauthRequired(error) && (await askPasswordConfirm()))
      return requestOnce<T>(path, options);
    throw error;
  }
}

async function requestOnce<T>(path: string, options: ApiRequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: JSON_TYPE };
  const init: RequestInit = { method, credentials: 'include', headers, signal: options.signal ?? null };

  const payload = method === 'GET' ? undefined : JSON.stringify(options.body ?? {});
  if (payload !== undefined) {
    await ensureCsrfCookie();
    headers['Content-Type'] = JSON_TYPE;
    init.body = payload;
  }
  const token = options.token !== undefined ? options.token : readToken(options.auth ?? 'member');
  if (token) headers.Authorization = `Bearer ${token}`;
  const xsrf = readCookie(CSRF_COOKIE);
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;

  const request = options.idempotent ? `${method} ${path} ${payload ?? ''}` : null;
  if (request) headers['Idempotency-Key'] = idempotencyKeyFor(request);

  // The entry may have asked already (lib/early-data.ts, decision 170): its answer, taken once.
  const early =
    method === 'GET' && options.token === undefined && (options.auth ?? 'member') === 'member'
      ? takeEarlyResponse(path, token)
      : undefined;
  const response = early ? await settled(early, init.signal) : await send(path, init);
  // A success cut off in its body is no answer: a money write keeps its key for the retry. A refusal
  // cut off is still a refusal, with its status.
  const body = await readBody(response).catch(() => {
    if (response.ok) throw new ApiError(0, 'Network error');
    return '';
  });
  const error = response.ok ? null : toApiError(response, body);
  if (request) settleIdempotencyKey(request, response.status, error?.code);
  if (error) {
    if (response.status === 419) forgetCsrfCookie();
    throw error;
  }
  return body as T;
}

/** POST of a file as the raw body (identity documents, decision 180): CSRF and bearer as every write. */
export async function apiUpload<T>(path: string, file: Blob): Promise<T> {
  await ensureCsrfCookie();
  const headers: Record<string, string> = { Accept: JSON_TYPE, 'Content-Type': 'application/octet-stream' };
  const token = readToken('member');
  if (token) headers.Authorization = `Bearer ${token}`;
  const xsrf = readCookie(CSRF_COOKIE);
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  const response = await send(path, { method: 'POST', credentials: 'include', headers, body: file });
  const body = await readBody(response);
  if (!response.ok) {
    if (response.status === 419) forgetCsrfCookie();
    throw toApiError(response, body);
  }
  return body as T;
}

/** A file the API serves to a signed-in reader (a document shown inline in the back office). */
export async function apiFile(path: string, auth: TokenKind): Promise<Blob> {
  const token = readToken(auth);
  const response = await send(path, {
    credentials: 'include',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw toApiError(response, await readBody(response));
  return response.blob();
}

type CallOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options: CallOptions = {}) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options: CallOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options: CallOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown, options: CallOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options: CallOptions = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** A path with a query string of the given values; empty values are left out. */
export function withQuery(path: string, query: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** The message to show for a failed call: the server's own words when it answered, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * A POST whose answer is read by the caller as it arrives (server-sent events): the same headers,
 * CSRF and token as apiRequest, `accept` as given; a non-OK answer becomes an ApiError as usual.
 */
export async function apiPostStream(
  path: string,
  body: unknown,
  options: { accept: string; signal?: AbortSignal },
): Promise<Response> {
  await ensureCsrfCookie();
  const headers: Record<string, string> = { Accept: options.accept, 'Content-Type': JSON_TYPE };
  const token = readToken('member');
  if (token) headers.Authorization = `Bearer ${token}`;
  const xsrf = readCookie(CSRF_COOKIE);
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  const response = await send(path, {
    method: 'POST',
    credentials: 'include',
    headers,
    body: JSON.stringify(body),
    signal: options.signal ?? null,
  });
  if (!response.ok) {
    if (response.status === 419) forgetCsrfCookie();
    throw toApiError(response, await readBody(response));
  }
  return response;
}
