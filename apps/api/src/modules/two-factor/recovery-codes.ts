import { randomBytes, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@app/shared';
import { safeEqual, sha256Hex } from '../../lib/crypto';

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

/**
 * How a code is stored: `s1$<salt>$<sha256>`, with a random 32-bit salt of its own (ASVS 2.6.2: a
 * secret of fewer than 112 bits is salted), so a leaked table cannot be cracked for every member at
 * once by hashing each possible code one time.
 */
export function hashRecoveryCode(code: string): string {
  const salt = randomBytes(4).toString('hex');
  return `s1$${salt}$${saltedHash(salt, code)}`;
}

const saltedHash = (salt: string, code: string) => sha256Hex(`recovery-code:${salt}:${code.toLowerCase()}`);

/** Whether `code` is the one stored as `stored`: salted, or as codes were stored before (unsalted). */
export function recoveryCodeMatches(stored: string, code: string): boolean {
  const [version, salt, hash] = stored.split('$');
  if (version === 's1' && salt && hash) return safeEqual(hash, saltedHash(salt, code));
  return safeEqual(stored, sha256Hex(`recovery-code:${code.toLowerCase()}`));
}
