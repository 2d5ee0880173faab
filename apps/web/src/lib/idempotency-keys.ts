/**
 * The Idempotency-Key of each money request (decision 224). A request sent again with the same key and
 * body gets the server's stored answer instead of moving money twice. The key stays with a request
 * while it has had no answer that settles it (no answer at all: the network failed; a 5xx; a 409,
 * which may mean the first attempt is still running; a REAUTH_REQUIRED refusal), so sending the same
 * request again is the same request; any other answer ends it, and the next request, even an
 * identical one, is a new one.
 */
const unsettled = new Map<string, string>();

/** 128 random bits in hex: `crypto.randomUUID` exists only on secure origins, this everywhere. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The key for this request (method, path and body as sent): the unsettled one, else a new one. */
export function idempotencyKeyFor(request: string): string {
  let key = unsettled.get(request);
  if (key === undefined) {
    key = newKey();
    unsettled.set(request, key);
  }
  return key;
}

/**
 * Ends the request's key after the server's answer, unless that answer leaves its outcome open, or
 * came before the server looked at the key: a REAUTH_REQUIRED refusal (decision 230), after which the
 * same request is sent again once the member has given the password.
 */
export function settleIdempotencyKey(request: string, status: number, code?: string): void {
  const open = status === 0 || status === 409 || status >= 500 || code === 'REAUTH_REQUIRED';
  if (!open) unsettled.delete(request);
}
