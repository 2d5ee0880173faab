import {
  ADMIN_ENROLMENT_CHALLENGE_MINUTES,
  ADMIN_IDLE_MINUTES,
  ADMIN_MESSAGES,
  ADMIN_REAUTH_MINUTES,
  ADMIN_REMEMBER_DAYS,
  ADMIN_SESSION_HOURS,
  AUTH_MESSAGES,
  type AdminEnrolResponse,
  type AdminReauthResponse,
  type AdminTokenResponse,
  type AdminTwoFactorRequiredResponse,
  type AdminUserResponse,
} from '@app/shared';
import type { AuthUser, DbOrTx } from '@app/db';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { getUserResponse } from '../auth/account.service';
import { recordSecurityEvent, recordSignIn, type RequestMeta } from '../auth/security-events';
import {
  TWO_FACTOR_CHALLENGE_MS,
  checkPassword,
  closeChallenge,
  countChallengeCode,
  openChallenge,
  redeemChallenge,
  startChallenge,
  whilePasswordHolds,
  type Credentials,
} from '../auth/sign-in.service';
import * as throttle from '../auth/throttle.service';
import { issueToken, markReauthenticated } from '../auth/token.service';
import { checkSecondFactor, confirmPendingSecret, startSetup } from '../two-factor/two-factor.service';

/**
 * The admin sign-in (DESIGN §6 "Admin", decision 120): the password, then always a second factor.
 * An admin without an authenticator enrols one inside the sign-in, before any token exists, so
 * nothing of the back office is reachable until it is done.
 */

/** The admin's challenge cookie: its own name, so it never meets a member's sign-in in one browser. */
export const ADMIN_TWO_FACTOR_COOKIE = 'admin_two_factor_challenge';
export const ADMIN_ENROLMENT_CHALLENGE_MS = ADMIN_ENROLMENT_CHALLENGE_MINUTES * 60_000;
export const ADMIN_REAUTH_MS = ADMIN_REAUTH_MINUTES * 60_000;

export async function adminUserResponse(
  deps: AppDeps,
  db: DbOrTx,
  user: AuthUser,
): Promise<AdminUserResponse> {
  const base = await getUserResponse(db, deps.appKey, user);
  return { ...base, admin_role: user.adminRole ?? 'support' };
}

/** POST /api/admin/login: admins only; the answer is always the second step. */
export async function adminLogin(
  deps: AppDeps,
  credentials: Credentials,
  meta: RequestMeta,
): Promise<{ body: AdminTwoFactorRequiredResponse; challenge: string; maxAgeMs: number }> {
  const user = await checkPassword(deps, credentials, meta);
  if (user.role !== 'admin' || !user.adminRole) throw new AppError('FORBIDDEN', AUTH_MESSAGES.adminOnly);
  const enrolment = user.totpEnabledAt === null;
  const maxAgeMs = enrolment ? ADMIN_ENROLMENT_CHALLENGE_MS : TWO_FACTOR_CHALLENGE_MS;
  const challenge = await whilePasswordHolds(deps.database.db, user, (tx) =>
    startChallenge(
      deps,
      { userId: user.id, remember: credentials.remember ?? false, kind: 'admin', ttlMs: maxAgeMs },
      tx,
    ),
  );
  return {
    body: {
      two_factor_required: true,
      enrolment_required: enrolment,
      message: enrolment ? ADMIN_MESSAGES.enrolmentRequired : AUTH_MESSAGES.twoFactorRequired,
    },
    challenge,
    maxAgeMs,
  };
}

/** The open admin challenge of the cookie and its admin; 401 when there is none (sign in again). */
async function openAdminChallenge(deps: AppDeps, challenge: string | undefined) {
  const opened = await openChallenge(deps, challenge, 'admin');
  if (opened.user.role !== 'admin' || !opened.user.adminRole) {
    throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.twoFactorChallengeMissing);
  }
  return opened;
}

/** POST /api/admin/2fa/enrol: during a first sign-in, a new authenticator secret and its QR code. */
export async function startEnrolment(
  deps: AppDeps,
  challenge: string | undefined,
): Promise<AdminEnrolResponse> {
  const { user } = await openAdminChallenge(deps, challenge);
  if (user.totpEnabledAt) throw new AppError('BUSINESS_RULE', ADMIN_MESSAGES.enrolmentNotNeeded);
  return startSetup(deps, user);
}

/**
 * POST /api/admin/2fa/verify: the challenge of the cookie plus a code (or, once enrolled, an unused
 * recovery code). The admin token it answers opens the re-authentication window at once.
 */
export async function verifyAdminSignIn(
  deps: AppDeps,
  challenge: string | undefined,
  code: string,
  meta: RequestMeta,
): Promise<AdminTokenResponse> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const { id, remember, user } = await openAdminChallenge(deps, challenge);
  if (!user.totpEnabledAt && !user.totpSecretEnc) {
    throw new AppError('BUSINESS_RULE', ADMIN_MESSAGES.enrolmentNotStarted);
  }
  // Counted on the challenge and the 2FA throttle before the code is compared (decision 154).
  // An admin has no reset link: a lock is lifted by a superadmin (decision 236).
  const attempt = await countChallengeCode(deps, id, user.id, meta, ADMIN_MESSAGES.accountLocked);
  const absoluteMs = remember ? ADMIN_REMEMBER_DAYS * 86_400_000 : ADMIN_SESSION_HOURS * 3_600_000;
  const issue = (tx: DbOrTx) =>
    issueToken(tx, user.id, 'admin', now, remember, meta, {
      idleMinutes: ADMIN_IDLE_MINUTES,
      absoluteExpiresAt: new Date(now.getTime() + absoluteMs),
    });
  if (user.totpEnabledAt) {
    // The code's claim, the challenge's end and the token in one transaction, as a member's.
    const issued = await redeemChallenge(deps, attempt, user, code, issue);
    await recordSignIn(deps, user, meta, { kind: 'admin', method: issued.method });
    return { token: issued.token, user: await adminUserResponse(deps, db, user) };
  }
  const enrolled = await confirmPendingSecret(deps, user, code, meta);
  if (!enrolled) throw new AppError('BUSINESS_RULE', AUTH_MESSAGES.twoFactorInvalid);
  await closeChallenge(deps, attempt);
  // As every sign-in's token: only while the password and the account's status still hold.
  const token = await whilePasswordHolds(db, enrolled.user, issue);
  await recordSignIn(deps, enrolled.user, meta, { kind: 'admin', method: 'totp' });
  return {
    token,
    user: await adminUserResponse(deps, db, enrolled.user),
    recovery_codes: enrolled.recoveryCodes,
  };
}

/** POST /api/admin/reauth: a current authenticator code opens the 10-minute window on this session. */
export async function reauthenticate(
  deps: AppDeps,
  session: { user: AuthUser; tokenId: number },
  code: string,
  meta: RequestMeta,
): Promise<AdminReauthResponse> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const user = session.user;
  // Counted on the 2FA throttle before the code is compared (decision 154).
  const keys = [throttle.userKey(user.id), throttle.ipKey(meta.ip)];
  const attempt = await throttle.countAttempt(db, 'two_factor', keys, now, ADMIN_MESSAGES.accountLocked);
  // The check reads the secret as stored now, and claims the step in SQL (decision 148).
  const method = await checkSecondFactor(deps, db, user, code, { allowRecoveryCode: false });
  if (!method) {
    throw new AppError('BUSINESS_RULE', ADMIN_MESSAGES.reauthInvalid, {
      code: [ADMIN_MESSAGES.reauthInvalid],
    });
  }
  await throttle.attemptSucceeded(db, attempt);
  await db.transaction(async (tx) => {
    await markReauthenticated(tx, session.tokenId, now);
    await recordSecurityEvent(deps, tx, { user, action: 'admin.reauth', meta });
  });
  return {
    message: ADMIN_MESSAGES.reauthDone,
    reauth_until: new Date(now.getTime() + ADMIN_REAUTH_MS).toISOString(),
  };
}

/** The end of the session's re-authentication window, or null when it is closed. */
export function reauthUntil(reauthAt: Date | null, now: Date): string | null {
  if (!reauthAt) return null;
  const until = reauthAt.getTime() + ADMIN_REAUTH_MS;
  return until > now.getTime() ? new Date(until).toISOString() : null;
}
