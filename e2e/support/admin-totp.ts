import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { E2E_ADMIN } from './constants';

/**
 * The e2e admin's authenticator. The server accepts each 30-second step once per account (and one
 * step of skew), and spec files sign the same admin in one after another: the last step used is kept
 * in a file per server and secret, so no file ever offers a code another one already spent. When the
 * steps at hand are spent, the server's development clock is moved on a minute rather than waited for
 * (decision 207).
 */

const STEP_MS = 30_000;

/**
 * The server's time: specs move its development clock on (days of accrual), and the authenticator
 * must keep the server's time as a real one keeps the real time.
 */
export async function serverNow(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/dev/clock`);
  if (!response.ok) throw new Error(`dev clock: ${response.status}`);
  const { now } = (await response.json()) as { now: string };
  return Date.parse(now);
}

export function totpAt(secret: string, timestamp: number): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp });
}

function stateFile(baseUrl: string, secret: string): string {
  const key = createHash('sha256').update(`${baseUrl}|${secret}`).digest('hex').slice(0, 16);
  return join(tmpdir(), `e2e-admin-totp-${key}.json`);
}

function lastStep(file: string): number {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { step: number }).step;
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
}

/**
 * Moves the server's development clock on a minute (two 30-second steps), as waiting for them would:
 * a spec that has spent the codes of the steps at hand gets a fresh one at once instead of after up to
 * 30 s of real time (decision 207). Specs move this clock by days already; a sign-in's two-factor
 * challenge lives 5 minutes.
 */
export async function skipTotpSteps(baseUrl: string): Promise<void> {
  const moved = await fetch(`${baseUrl}/api/dev/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ advance_minutes: 1 }),
  });
  if (!moved.ok) throw new Error(`dev clock: ${moved.status}`);
}

/** A code of `secret` the server has not seen yet (the clock moved on when both steps are spent). */
export async function freshAdminCode(
  baseUrl: string,
  secret: string = E2E_ADMIN.totpSecret,
): Promise<string> {
  const file = stateFile(baseUrl, secret);
  for (;;) {
    const now = await serverNow(baseUrl);
    const current = Math.floor(now / STEP_MS);
    const step = Math.max(current, lastStep(file) + 1);
    if (step <= current + 1) {
      writeFileSync(file, JSON.stringify({ step }));
      return totpAt(secret, step * STEP_MS);
    }
    await skipTotpSteps(baseUrl);
  }
}
