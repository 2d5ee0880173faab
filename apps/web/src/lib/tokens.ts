import { readStored, STORAGE_KEYS, writeStored } from './storage';

/** Which bearer token a call carries: the member's, or the admin's (kept apart, DESIGN §6 "Admin"). */
export type TokenKind = 'member' | 'admin';

const keyOf = (kind: TokenKind) => (kind === 'admin' ? STORAGE_KEYS.adminToken : STORAGE_KEYS.token);

export function readToken(kind: TokenKind): string | null {
  return readStored(keyOf(kind));
}

export function storeToken(kind: TokenKind, token: string | null): void {
  writeStored(keyOf(kind), token);
}
