import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as DESIGN §6 sets it: SHA1, 6 digits, 30-second steps, one step of skew each way. */
export const TOTP_ALGORITHM = 'SHA1';
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW_STEPS = 1;

/** A new 160-bit secret, in base32 (what authenticator apps take). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** The otpauth:// URL an authenticator app scans. */
export function otpauthUrl(secretBase32: string, issuer: string, label: string): string {
  return totp(secretBase32, issuer, label).toString();
}

/**
 * The time step a code belongs to, within one step of `now` each way; null when it matches none.
 * The caller still has to claim the step (a code is accepted once).
 */
export function matchTotpStep(secretBase32: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totp(secretBase32).validate({ token: code, timestamp, window: TOTP_WINDOW_STEPS });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
