import {
  AUTH_MESSAGES,
  TWO_FACTOR_CHALLENGE_MINUTES,
  type MessageResponse,
  type TokenResponse,
  type TwoFactorRequiredResponse,
} from '@app/shared';
import type { AuthUser, DbOrTx, Tx, UserRow } from '@app/db';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { randomSecret, sha256Hex } from '../../lib/crypto';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';
import { checkSecondFactor, type SecondFactorMethod } from '../two-factor/two-factor.service';
import { findUserByEmail, findUserById, getUserResponse } from './account.service';
import { holdIfPasswordIs } from './users.repository';
import * as challenges from './challenge.repository';
import { recordSignIn, type RequestMeta } from './security-events';
import * as throttle from './throttle.service';
import { issueToken, revokeToken } from './token.service';

export const TWO_FACTOR_COOKIE = 'two_factor_challenge';
export const TWO_FACTOR_CHALLENGE_MS = TWO_FACTOR_CHALLENGE_MINUTES * 60_000;
/** A sign-in challenge takes at most this many wrong codes; then the password step starts over. */
export const CHALLENGE_MAX_ATTEMPTS = 5;

export interface Credentials {
  email: string;
  password: string;
  remember?: boolean | undefined;
}

export type MemberLoginResult =
  | { kind: 'signed-in'; body: TokenResponse }
  | { kind: 'two-factor'; body: TwoFactorRequiredResponse; challenge: string };

/**
 * The password step shared by both sign-ins: counted per account and per IP before any work (decision
 * 154), the same argon2 work for unknown accounts, and one answer for every wrong combination.
 */
export async function checkPassword(
  deps: AppDeps,
  credentials: Credentials,
  meta: RequestMeta,
): Promise<UserRow> {
  const { db } = deps.database;
  const keys = [throttle.accountKey(credentials.email), throttle.ipKey(meta.ip)];
  const attempt = await throttle.countAttempt(db, 'login', keys, deps.clock.now());
  const user = await findUserByEmail(db, credentials.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), credentials.password);
  if (!user || !valid) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.invalidCredentials);
  // Past this point the caller proved the password: saying why they cannot go on reveals nothing.
  if (user.status !== 'active') {
    await throttle.releaseAttempt(db, attempt);
    throw new AppError('FORBIDDEN', AUTH_MESSAGES.accountSuspended);
  }
  await throttle.attemptSucceeded(db, attempt);
  return user;
}

/**
 * Runs `issue` (the sign-in's token or its challenge) only while the password `checkPassword` just
 * verified is still the account's and the account still active, the user's row held until it is
 * written. A password change or reset, or a suspension, that commits while the password is being
 * verified has ended every session and challenge; the sign-in it overtook then fails as a wrong
 * password does, instead of starting a session after it (which a reactivation would bring back).
 */
export function whilePasswordHolds<T>(
  db: DbOrTx,
  user: UserRow,
  issue: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (!(await holdIfPasswordIs(tx, user.id, user.passwordHash))) {
      throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.invalidCredentials);
    }
    return issue(tx);
  });
}

/** A member signed in with `token`: the sign-in recorded, and the answer with their account. */
async function signedIn(
  deps: AppDeps,
  user: AuthUser,
  meta: RequestMeta,
  method: SecondFactorMethod | 'password',
  token: string,
): Promise<TokenResponse> {
  await recordSignIn(deps, user, meta, { kind: 'member', method });
  return { token, user: await getUserResponse(deps.database.db, deps.appKey, user) };
}

/**
 * POST /api/login. Members only (admins use /api/admin/login). With 2FA on, no token yet: a 5-minute
 * challenge whose sha256 is stored and whose value goes to the browser in an httpOnly cookie.
 */
export async function memberLogin(
  deps: AppDeps,
  credentials: Credentials,
  meta: RequestMeta,
): Promise<MemberLoginResult> {
  const { db } = deps.database;
  const user = await checkPassword(deps, credentials, meta);
  if (user.role === 'admin') throw new AppError('FORBIDDEN', AUTH_MESSAGES.useAdminSignIn);
  if (user.totpEnabledAt) {
    const challenge = await whilePasswordHolds(db, user, (tx) =>
      startChallenge(
        deps,
        {
          userId: user.id,
          remember: credentials.remember ?? false,
          kind: 'member',
          ttlMs: TWO_FACTOR_CHALLENGE_MS,
        },
        tx,
      ),
    );
    return {
      kind: 'two-factor',
      body: { two_factor_required: true, message: AUTH_MESSAGES.twoFactorRequired },
      challenge,
    };
  }
  return {
    kind: 'signed-in',
    body: await signedIn(
      deps,
      user,
      meta,
      'password',
      await whilePasswordHolds(db, user, (tx) =>
        issueToken(tx, user.id, 'member', deps.clock.now(), credentials.remember ?? false, meta),
      ),
    ),
  };
}

/** Thrown inside the sign-in's transaction when another request closed its challenge first: rolls it back. */
class ChallengeClosed extends Error {}

/**
 * A counted code (TOTP or an unused recovery code) turned into a session: the code's claim, the
 * challenge's end and `issue`'s token in one transaction. The claimed step's update holds the user's
 * row (a recovery code, its own row) until the token exists, so support's removal of the factor
 * (decision 231) waits for it and then ends it with every other session. Only one request turns a
 * challenge into a token, however many valid codes arrive at once; the others roll back (401), so a
 * recovery code that came second is not spent for nothing. 422 for a wrong code.
 */
export async function redeemChallenge(
  deps: AppDeps,
  attempt: ChallengeAttempt,
  user: UserRow,
  code: string,
  issue: (tx: Tx) => Promise<string>,
): Promise<{ method: SecondFactorMethod; token: string }> {
  const { db } = deps.database;
  const now = deps.clock.now();
  let issued: { method: SecondFactorMethod; token: string } | null;
  try {
    issued = await db.transaction(async (tx) => {
      const method = await checkSecondFactor(deps, tx, user, code, { allowRecoveryCode: true });
      if (!method) return null;
      if (!(await challenges.consumeChallenge(tx, attempt.id, now))) throw new ChallengeClosed();
      return { method, token: await issue(tx) };
    });
  } catch (error) {
    if (!(error instanceof ChallengeClosed)) throw error;
    await throttle.releaseAttempt(db, attempt.counted);
    throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.twoFactorChallengeMissing);
  }
  if (issued === null) throw new AppError('BUSINESS_RULE', AUTH_MESSAGES.twoFactorInvalid);
  await throttle.attemptSucceeded(db, attempt.counted);
  return issued;
}

/**
 * POST /api/2fa/verify: the challenge from the cookie plus a TOTP code or an unused recovery code.
 * Each code is counted on the challenge (5 a challenge) and on the 2FA throttle before it is compared.
 */
export async function completeTwoFactorLogin(
  deps: AppDeps,
  challenge: string | undefined,
  code: string,
  meta: RequestMeta,
): Promise<TokenResponse> {
  // An admin's challenge never completes here (admins finish at /api/admin/2fa/verify).
  const { id, remember, user } = await openChallenge(deps, challenge, 'member');
  const attempt = await countChallengeCode(deps, id, user.id, meta);
  const now = deps.clock.now();
  const issued = await redeemChallenge(deps, attempt, user, code, (tx) =>
    issueToken(tx, user.id, 'member', now, remember, meta),
  );
  return signedIn(deps, user, meta, issued.method, issued.token);
}

/**
 * A sign-in challenge of `kind` for the user: the value for the httpOnly cookie (only its sha256 is
 * stored), good for `ttlMs`.
 */
export async function startChallenge(
  deps: AppDeps,
  values: { userId: number; remember: boolean; kind: 'member' | 'admin'; ttlMs: number },
  db: DbOrTx = deps.database.db,
): Promise<string> {
  const challenge = randomSecret(32);
  await challenges.insertChallenge(db, {
    id: sha256Hex(challenge),
    userId: values.userId,
    remember: values.remember,
    kind: values.kind,
    expiresAt: new Date(deps.clock.now().getTime() + values.ttlMs),
  });
  return challenge;
}

/** The open challenge of `kind` behind a cookie value, with its user; 401 when there is none. */
export async function openChallenge(
  deps: AppDeps,
  challenge: string | undefined,
  kind: 'member' | 'admin',
): Promise<{ id: string; remember: boolean; user: UserRow }> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const id = challenge ? sha256Hex(challenge) : undefined;
  const row = id ? await challenges.findChallenge(db, id) : null;
  if (!id || !row || row.kind !== kind || row.consumedAt || row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.twoFactorChallengeMissing);
  }
  if (row.attempts >= CHALLENGE_MAX_ATTEMPTS) {
    throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.twoFactorChallengeExhausted);
  }
  const user = await findUserById(db, row.userId);
  if (!user) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.twoFactorChallengeMissing);
  if (user.status !== 'active') throw new AppError('FORBIDDEN', AUTH_MESSAGES.accountSuspended);
  return { id, remember: row.remember === 1, user };
}

/** A code counted on a challenge and on the 2FA throttle, before it is compared. */
export interface ChallengeAttempt {
  id: string;
  counted: throttle.CountedAttempt;
}

/**
 * Counts a code before it is compared (decision 154): first one of the challenge's tries, taken by one
 * conditional UPDATE, so of codes arriving together at most 5 are compared and the others get 401
 * (sign in again); then on the 2FA throttle of the account and the address (429 past it). A wrong code
 * stays counted on both; `closeChallenge` ends a right one.
 */
export async function countChallengeCode(
  deps: AppDeps,
  id: string,
  userId: number,
  meta: RequestMeta,
  lockedMessage?: string,
): Promise<ChallengeAttempt> {
  const { db } = deps.database;
  const now = deps.clock.now();
  if ((await challenges.claimChallengeAttempt(db, id, now, CHALLENGE_MAX_ATTEMPTS)) === null) {
    const row = await challenges.findChallenge(db, id);
    const open = row !== null && row.consumedAt === null && row.expiresAt.getTime() > now.getTime();
    throw new AppError(
      'UNAUTHENTICATED',
      open ? AUTH_MESSAGES.twoFactorChallengeExhausted : AUTH_MESSAGES.twoFactorChallengeMissing,
    );
  }
  const keys = [throttle.userKey(userId), throttle.ipKey(meta.ip)];
  return { id, counted: await throttle.countAttempt(db, 'two_factor', keys, now, lockedMessage) };
}

/**
 * A right code: closes the challenge for the one request that may turn it into a session (401 for any
 * other), and the code is no failure.
 */
export async function closeChallenge(deps: AppDeps, attempt: ChallengeAttempt): Promise<void> {
  const { db } = deps.database;
  if (!(await challenges.consumeChallenge(db, attempt.id, deps.clock.now()))) {
    await throttle.releaseAttempt(db, attempt.counted);
    throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.twoFactorChallengeMissing);
  }
  await throttle.attemptSucceeded(db, attempt.counted);
}

/** POST /api/logout and /api/admin/logout: revokes the presented token only. */
export async function logout(deps: AppDeps, tokenId: number): Promise<MessageResponse> {
  await revokeToken(deps.database.db, tokenId, deps.clock.now());
  return { message: AUTH_MESSAGES.loggedOut };
}

/** Drops challenges that expired more than a day ago (run by the auth clean-up job). */
export function pruneChallenges(db: DbOrTx, now: Date): Promise<void> {
  return challenges.deleteChallengesExpiredBefore(db, new Date(now.getTime() - 24 * 3_600_000));
}
