import { AUTH_MESSAGES, LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_MAX_FAILURES } from '@app/shared';
import type { DbOrTx } from '@app/db';
import { AppError } from '../../errors';
import * as repository from './throttle.repository';
import { throttleAddress } from '../../lib/client-address';

/**
 * Failure throttling of sign-in and codes (DESIGN §6), counted in the auth_failures table so every API
 * node sees the same counts. A subject is refused once it has `max` failures inside the window, even
 * with the right password or code, until enough of them age out; the answer is 429 with Retry-After.
 *
 * Limits (docs/decisions/010-throttling.md): per account 10 failures in 15 minutes; per IP 50 in
 * 15 minutes (an office or a mobile carrier puts many people behind one address).
 *
 * Every attempt is counted before its secret is compared (decision 154): `countAttempt` checks the
 * counts and stores the attempt as a failure in one step under a lock per subject, so however many
 * requests arrive at once, at most `max` of them are compared. The caller then says how it ended:
 * a wrong secret leaves the failure counted; `attemptSucceeded` and `releaseAttempt` take it back.
 */
/**
 * What is counted. `reset_request` counts the reset links asked for (a mailbox not flooded), apart from
 * `password`, the tries of a password or a reset link, so that asking for links in someone's name
 * never locks that person out of the link they hold.
 */
export type ThrottleScope = 'login' | 'otp' | 'two_factor' | 'password' | 'reset_request';

export const ACCOUNT_MAX_FAILURES = LOGIN_MAX_FAILURES;
export const IP_MAX_FAILURES = 50;
export const FAILURE_WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;

export interface ThrottleSubject {
  subject: string;
  max: number;
  /** An account's failures are forgotten when it proves itself; an address's are not. */
  forgottenOnSuccess: boolean;
}

/** An account named by its email: the same key whether or not the account exists (no enumeration). */
export const accountKey = (email: string): ThrottleSubject => ({
  subject: `account:${email.toLowerCase()}`,
  max: ACCOUNT_MAX_FAILURES,
  forgottenOnSuccess: true,
});
export const userKey = (userId: number): ThrottleSubject => ({
  subject: `user:${userId}`,
  max: ACCOUNT_MAX_FAILURES,
  forgottenOnSuccess: true,
});
/** An address: IPv4 as it is, IPv6 by its /64, without a balancer's port (decision 226). */
export const ipKey = (ip: string): ThrottleSubject => ({
  subject: `ip:${throttleAddress(ip)}`,
  max: IP_MAX_FAILURES,
  forgottenOnSuccess: false,
});

/** An attempt counted on its subjects before its secret is compared: its failure rows. */
export interface CountedAttempt {
  scope: ThrottleScope;
  keys: ThrottleSubject[];
  ids: number[];
}

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

/**
 * Counts an attempt on each subject before anything is compared: refuses with 429 and Retry-After when
 * any subject is at its limit; else stores the attempt as a failure of each. The check and the insert
 * run in one transaction holding the subjects' locks, so of requests arriving together exactly as
 * many as the limit leaves are counted, and the rest refused.
 */
export async function countAttempt(
  db: DbOrTx,
  scope: ThrottleScope,
  keys: ThrottleSubject[],
  now: Date,
): Promise<CountedAttempt> {
  const subjects = keys.map((key) => key.subject);
  const counted = await db.transaction(async (tx) => {
    await repository.lockSubjects(tx, scope, subjects);
    let wait = 0;
    for (const key of keys) wait = Math.max(wait, await waitSeconds(tx, scope, key, now));
    if (wait > 0) return { wait };
    return { ids: await repository.insertFailures(tx, scope, subjects, now) };
  });
  if (counted.wait !== undefined) {
    throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.throttled(counted.wait), undefined, counted.wait);
  }
  return { scope, keys, ids: counted.ids };
}

/**
 * The secret was right: the attempt is no failure, and the account's failures in the scope are
 * forgotten (the address's stay counted).
 */
export function attemptSucceeded(db: DbOrTx, attempt: CountedAttempt): Promise<void> {
  return repository.deleteFailures(db, attempt.scope, {
    ids: attempt.ids,
    subjects: attempt.keys.filter((key) => key.forgottenOnSuccess).map((key) => key.subject),
  });
}

/** Nothing secret was compared after all (the account is already verified, the code is spent): not counted. */
export function releaseAttempt(db: DbOrTx, attempt: CountedAttempt): Promise<void> {
  return repository.deleteFailures(db, attempt.scope, { ids: attempt.ids, subjects: [] });
}

/** Drops failures far outside every window (run by the auth clean-up job). */
export function pruneFailures(db: DbOrTx, now: Date): Promise<void> {
  return repository.deleteFailuresBefore(db, new Date(now.getTime() - 24 * 3_600_000));
}
