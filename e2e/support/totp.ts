import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { E2E_ADMIN } from './constants';
import { moveServerClock, serverNow } from './dev-clock';

/**
 * An authenticator for the end-to-end specs. The server accepts each 30-second step once per account
 * (decision 011), one step either side of its time; its development clock is the time it checks a code
 * against, which specs move on by days. Spec files sign the same operator in one after another, so
 * the last step used is kept in a file per server and secret: no file offers a code another one
 * already spent.
 */

const STEP_MS = 30_000;

function totpAt(secret: string, timestamp: number): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp });
}

function stateFile(baseUrl: string, secret: string): string {
  const key = createHash('sha256').update(`${baseUrl}|${secret}`).digest('hex').slice(0, 16);
  return join(tmpdir(), `e2e-totp-${key}.json`);
}

function lastStep(file: string): number {
  try {
    const { step } = JSON.parse(readFileSync(file, 'utf8')) as { step: unknown };
    return typeof step === 'number' && Number.isSafeInteger(step) ? step : Number.NEGATIVE_INFINITY;
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
}

/**
 * A code of `secret` the server has not seen yet: the current step's, else the next one's. When both
 * are spent, the server's clock is moved on a minute (the smallest move its development clock takes)
 * instead of waiting up to 30 s of real time for the next step (decision 207).
 */
export async function freshTotpCode(baseUrl: string, secret: string = E2E_ADMIN.totpSecret): Promise<string> {
  const file = stateFile(baseUrl, secret);
  let current = Math.floor((await serverNow(baseUrl)) / STEP_MS);
  let last = lastStep(file);
  // Never written beyond the next step, and the clock never goes back: such a file was left by an
  // earlier run's server that had the same address.
  if (last > current + 1) last = Number.NEGATIVE_INFINITY;
  if (last === current + 1) {
    const moved = await moveServerClock(baseUrl, { minutes: 1 });
    current = Math.floor(moved.now / STEP_MS);
  }
  const step = Math.max(current, last + 1);
  writeFileSync(file, JSON.stringify({ step }));
  return totpAt(secret, step * STEP_MS);
}
