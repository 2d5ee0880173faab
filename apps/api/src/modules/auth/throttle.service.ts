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

/**
 * The ceiling on an account's consecutive failures (decision 236, NIST SP 800-63B §5.2.2): 100 failures
 * of one scope without a success in between, over 30 days, and the account refuses that scope until a
 * password reset (or until the oldest of them is 30 days old). The window above lets 960 tries a day;
 * this bounds a slow guesser of a six-digit code to 100 a month. It counts the guesses of someone who
 * already holds the password or a session (`userKey`) and of an emailed code (`codeKey`); not the
 * password step by email, where it would let anyone lock anyone out.
 */
export const CONSECUTIVE_FAILURE_CEILING = 100;
export const CEILING_HORIZON_MS = 30 * 24 * 3_600_000;

export interface ThrottleSubject {
  subject: string;
  max: number;
  /** An account's failures are forgotten when it proves itself; an address's are not. */
  forgottenOnSuccess: boolean;
  /** Whether the consecutive-failure ceiling applies: to a secret that can be guessed, of an account. */
  ceiling: boolean;
}

/**
 * An account named by its email: the same key whether or not the account exists (no enumeration). No
 * ceiling: anyone can type an email, so the password step and the reset links asked for keep the
 * window's limit only.
 */
export const accountKey = (email: string): ThrottleSubject => ({
  subject: `account:${email.toLowerCase()}`,
  max: ACCOUNT_MAX_FAILURES,
  forgottenOnSuccess: true,
  ceiling: false,
});
/** The same account guessing the code mailed to it (sign-up verification): with the ceiling. */
export const codeKey = (email: string): ThrottleSubject => ({ ...accountKey(email), ceiling: true });
export const userKey = (userId: number): ThrottleSubject => ({
  subject: `user:${userId}`,
  max: ACCOUNT_MAX_FAILURES,
  forgottenOnSuccess: true,
  ceiling: true,
});
/** An address: IPv4 as it is, IPv6 by its /64, without a balancer's port (decision 226). */
export const ipKey = (ip: string): ThrottleSubject => ({
  subject: `ip:${throttleAddress(ip)}`,
  max: IP_MAX_FAILURES,
  forgottenOnSuccess: false,
  ceiling: false,
});

/** An attempt counted on its subjects before its secret is compared: its failure rows. */
export interface CountedAttempt {
  scope: ThrottleScope;
  keys: ThrottleSubject[];
  ids: number[];
}

/** A subject's refusal: the seconds until it may try again, and whether it is the ceiling's. */
interface Refusal {
  wait: number;
  locked: boolean;
}

/** Seconds until the `nth` newest failure leaves a window of `windowMs`; 0 when there is no such failure. */
function secondsUntilOut(times: Date[], nth: number, windowMs: number, now: Date): number {
  const oldestThatCounts = times[nth - 1];
  if (!oldestThatCounts || oldestThatCounts.getTime() <= now.getTime() - windowMs) return 0;
  return Math.max(1, Math.ceil((oldestThatCounts.getTime() + windowMs - now.getTime()) / 1000));
}

/**
 * Whether the subject is refused now: at its limit inside the 15-minute window, or (an account's) at
 * the ceiling over 30 days. One read of at most 100 times, newest first, through the lookup index.
 */
async function refusalOf(
  db: DbOrTx,
  scope: ThrottleScope,
  key: ThrottleSubject,
  now: Date,
): Promise<Refusal> {
  const horizon = key.ceiling ? CEILING_HORIZON_MS : FAILURE_WINDOW_MS;
  const times = await repository.recentFailureTimes(db, {
    scope,
    subject: key.subject,
    since: new Date(now.getTime() - horizon),
    limit: key.ceiling ? CONSECUTIVE_FAILURE_CEILING : key.max,
  });
  const lockedFor = key.ceiling ? secondsUntilOut(times, CONSECUTIVE_FAILURE_CEILING, horizon, now) : 0;
  if (lockedFor > 0) return { wait: lockedFor, locked: true };
  // Allowed again once the max-th newest failure leaves the window.
  return { wait: secondsUntilOut(times, key.max, FAILURE_WINDOW_MS, now), locked: false };
}

/**
 * Counts an attempt on each subject before anything is compared: refuses with 429 and Retry-After when
 * any subject is at its limit (an account at the ceiling says a password reset lifts it); else stores
 * the attempt as a failure of each. The check and the insert run in one transaction holding the
 * subjects' locks, so of requests arriving together exactly as many as the limit leaves are counted,
 * and the rest refused.
 */
export async function countAttempt(
  db: DbOrTx,
  scope: ThrottleScope,
  keys: ThrottleSubject[],
  now: Date,
  /** What a locked account is told: a member resets the password; an admin asks a superadmin. */
  lockedMessage: string = AUTH_MESSAGES.accountLocked,
): Promise<CountedAttempt> {
  const subjects = keys.map((key) => key.subject);
  const counted = await db.transaction(async (tx) => {
    await repository.lockSubjects(tx, scope, subjects);
    const refusals: Refusal[] = [];
    for (const key of keys) refusals.push(await refusalOf(tx, scope, key, now));
    const refused =
      refusals.find((refusal) => refusal.locked) ?? refusals.find((refusal) => refusal.wait > 0);
    if (refused) return { refused };
    return { ids: await repository.insertFailures(tx, scope, subjects, now) };
  });
  if (counted.refused) {
    const { wait, locked } = counted.refused;
    const message = locked ? lockedMessage : AUTH_MESSAGES.throttled(wait);
    throw new AppError('TOO_MANY_REQUESTS', message, undefined, wait);
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

/** The scopes whose failures a password reset forgets: every guess of the member's secrets. */
const GUESSED_SCOPES: ThrottleScope[] = ['login', 'otp', 'two_factor', 'password'];

/**
 * A password reset proved the member holds the mailbox: the account's failures of every guessed scope
 * are forgotten, under its email and its id, so a member at the ceiling signs in again (decision 236).
 * The reset links asked for stay counted.
 */
export function forgetAccountFailures(db: DbOrTx, account: { email: string; userId: number }): Promise<void> {
  return repository.deleteSubjectsFailures(db, GUESSED_SCOPES, [
    accountKey(account.email).subject,
    userKey(account.userId).subject,
  ]);
}

/**
 * Drops failures no rule reads any more (run by the auth clean-up job): those the ceiling counts (an
 * account's codes, second factor and password confirmations) a day past its 30 days, the others
 * (addresses', the password step's by email, reset links asked for) a day after they happened.
 */
export function pruneFailures(db: DbOrTx, now: Date): Promise<void> {
  return repository.deleteFailuresBefore(db, {
    windowOnly: new Date(now.getTime() - 24 * 3_600_000),
    all: new Date(now.getTime() - CEILING_HORIZON_MS - 24 * 3_600_000),
  });
}
