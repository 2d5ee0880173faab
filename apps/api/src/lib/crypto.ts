import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hash,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/** One-shot `crypto.hash`: a third of createHash's time, on every authenticated request's token check. */
export function sha256Hex(value: string): string {
  return hash('sha256', value, 'hex');
}

export function hmacSha256Hex(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** A URL-safe random secret of `bytes` bytes. */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A uniformly random string of decimal digits (OTP codes). */
export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += String(randomInt(0, 10));
  return out;
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * AES-256-GCM with the APP_KEY: secrets and personal data at rest (TOTP, profiles). Output:
 * iv.tag.ciphertext, base64url. `context` (additional authenticated data, e.g. "user_profiles:42")
 * binds the ciphertext to its row: copied into another row it no longer opens.
 */
export function encryptSecret(key: Buffer, plaintext: string, context?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (context !== undefined) cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
}

/**
 * A sealed value that does not open with the key given: sealed under another key, bound to another
 * row, or altered. The API answers it as SEALED_DATA_UNREADABLE, never as an internal error.
 */
export class SealedDataUnreadableError extends Error {
  constructor() {
    super('The sealed value does not open with this key.');
    this.name = 'SealedDataUnreadableError';
  }
}

export function decryptSecret(key: Buffer, sealed: string, context?: string): string {
  const [iv, tag, ciphertext] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext || iv.length !== 12 || tag.length !== 16) {
    throw new SealedDataUnreadableError();
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    if (context !== undefined) decipher.setAAD(Buffer.from(context, 'utf8'));
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedDataUnreadableError();
  }
}

/** Whether `sealed` opens with `key` (the key check at start, and a rotation's resume). */
export function opensWith(key: Buffer, sealed: string, context?: string): boolean {
  try {
    decryptSecret(key, sealed, context);
    return true;
  } catch (error) {
    if (error instanceof SealedDataUnreadableError) return false;
    throw error;
  }
}
