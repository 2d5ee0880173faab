import { AUTH_MESSAGES, LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_MAX_FAILURES } from '@app/shared';
import type { DbOrTx } from '@app/db';
import { AppError } from '../../errors';
import * as repository from './throttle.repository';

/**
 * Failure throttling of sign-in and codes (DESIGN §6), counted in the auth_failures table so every API
 * node sees the same counts. A subject is refused once it has `max` failures inside the window, even
 * with the right password or code, until enough of them age out; the answer is 429 with Retry-After.
 *
 * Limits (docs/decisions/010-throttling.md): per account 10 failures in 15 minutes; per IP 50 in
 * 15 minutes (an office or a mobile carrier puts many people behind one address).
 */
export type ThrottleScope = 'login' | 'otp' | 'two_factor' | 'password';

export const ACCOUNT_MAX_FAILURES = LOGIN_MAX_FAILURES;
export const IP_MAX_FAILURES = 50;
export const FAILURE_WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;

export interface ThrottleSubject {
  subject: string;
  max: number;
}

/** An account named by its email: the same key whether or not the account exists (no enumeration). */
export const accountKey = (email: string): ThrottleSubject => ({
  subject: `account:${email.toLowerCase()}`,
  max: ACCOUNT_MAX_FAILURES,
});
export const userKey = (userId: number): ThrottleSubject => ({
  subject: `user:${userId}`,
  max: ACCOUNT_MAX_FAILURES,
});
export const ipKey = (ip: string): ThrottleSubject => ({ subject: `ip:${ip}`, max: IP_MAX_FAILURES });

/** Seconds until the subject is below its limit again; 0 when it is below now. */
async function waitSeconds(
  db: DbOrTx,
  scope: ThrottleScope,
  key: ThrottleSubject,
  now: Date,
): Promise<number> {
  const times = await repository.recentFailureTimes(db, {
    scope,
    subject: key.subject,
    since: new Date(now.getTime() - FAILURE_WINDOW_MS),
    limit: key.max,
  });
  const oldestThatCounts = times[key.max - 1];
  if (!oldestThatCounts) return 0;
  // Allowed again once the max-th newest failure leaves the window.
  return Math.max(1, Math.ceil((oldestThatCounts.getTime() + FAILURE_WINDOW_MS - now.getTime()) / 1000));
}

/** Refuses with 429 and Retry-After when any of the subjects is at its limit. */
export async function assertNotThrottled(
  db: DbOrTx,
  scope: ThrottleScope,
  keys: ThrottleSubject[],
  now: Date,
): Promise<void> {
  let wait = 0;
  for (const key of keys) wait = Math.max(wait, await waitSeconds(db, scope, key, now));
  if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.throttled(wait), undefined, wait);
}

export function recordFailure(
  db: DbOrTx,
  scope: ThrottleScope,
  keys: ThrottleSubject[],
  now: Date,
): Promise<void> {
  return repository.insertFailures(
    db,
    scope,
    keys.map((key) => key.subject),
    now,
  );
}

/** Forgets an account's failures after it proves itself (the IP's failures stay counted). */
export function clearFailures(db: DbOrTx, scope: ThrottleScope, keys: ThrottleSubject[]): Promise<void> {
  return repository.deleteFailures(
    db,
    scope,
    keys.map((key) => key.subject),
  );
}

/** Drops failures far outside every window (run by the auth clean-up job). */
export function pruneFailures(db: DbOrTx, now: Date): Promise<void> {
  return repository.deleteFailuresBefore(db, new Date(now.getTime() - 24 * 3_600_000));
}
