import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@app/shared';
import { sha256Hex } from '../../lib/crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function group(): string {
  let out = '';
  for (let i = 0; i < 5; i += 1) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Ten one-time codes "xxxxx-xxxxx" (about 51 bits each), shown once; only their hashes are stored. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(`${group()}-${group()}`);
  return [...codes];
}

export function hashRecoveryCode(code: string): string {
  return sha256Hex(`recovery-code:${code.toLowerCase()}`);
}
