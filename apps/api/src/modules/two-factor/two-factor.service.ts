import QRCode from 'qrcode';
import {
  AUTH_MESSAGES,
  RECOVERY_CODE_PATTERN,
  type Enable2faResponse,
  type RecoveryCodesResponse,
  type SuccessResponse,
  type Verify2faResponse,
} from '@app/shared';
import type { AuthUser, DbOrTx, Tx, UserRow } from '@app/db';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { getSettings } from '../settings/settings.service';
import { mailSecurityNotice, recordSecurityEvent, type RequestMeta } from '../auth/security-events';
import * as throttle from '../auth/throttle.service';
import { generateRecoveryCodes, hashRecoveryCode, recoveryCodeMatches } from './recovery-codes';
import { matchTotpStep, newTotpSecret, otpauthUrl } from './totp';
import * as repository from './two-factor.repository';

export type SecondFactorMethod = 'totp' | 'recovery_code';

/**
 * Checks a second factor of an account with 2FA on: a current TOTP code (each step accepted once) or,
 * when allowed, an unused recovery code (used up by this call). Null when neither matches.
 */
export async function checkSecondFactor(
  deps: AppDeps,
  db: DbOrTx,
  user: AuthUser,
  code: string,
  options: { allowRecoveryCode: boolean },
): Promise<SecondFactorMethod | null> {
  // The secret and whether it is on, as stored now, in one read (decision 148).
  const totp = await repository.findTotpState(db, user.id);
  if (!totp?.sealed || !totp.enabledAt) return null;
  const now = deps.clock.now();
  if (/^\d{6}$/.test(code)) {
    const step = matchTotpStep(decryptSecret(deps.appKey, totp.sealed), code, now);
    if (step === null) return null;
    return (await repository.claimTotpStep(db, user.id, step, totp.sealed)) ? 'totp' : null;
  }
  if (options.allowRecoveryCode && RECOVERY_CODE_PATTERN.test(code)) {
    const stored = await repository.unusedRecoveryCodes(db, user.id);
    const match = stored.find((row) => recoveryCodeMatches(row.codeHash, code));
    return match && (await repository.useRecoveryCode(db, match.id, now)) ? 'recovery_code' : null;
  }
  return null;
}

/**
 * Turns on the pending secret of an account with a code from it (the admin's first sign-in): claims
 * the step, enables TOTP and stores ten recovery codes in one transaction, audited. Null when the code
 * does not match; 422 when no setup was started.
 */
export async function confirmPendingSecret(
  deps: AppDeps,
  user: AuthUser,
  code: string,
  meta: RequestMeta,
): Promise<{ user: UserRow; recoveryCodes: string[] } | null> {
  const totp = await repository.findTotpState(deps.database.db, user.id);
  if (totp?.enabledAt) throw new AppError('BUSINESS_RULE', AUTH_MESSAGES.twoFactorAlreadyEnabled);
  const sealed = totp?.sealed;
  if (!sealed) throw new AppError('BUSINESS_RULE', AUTH_MESSAGES.twoFactorSetupNotStarted);
  if (!/^\d{6}$/.test(code)) return null;
  const now = deps.clock.now();
  const step = matchTotpStep(decryptSecret(deps.appKey, sealed), code, now);
  if (step === null) return null;
  const codes = generateRecoveryCodes();
  return deps.database.db.transaction(async (tx) => {
    if (!(await repository.claimTotpStep(tx, user.id, step, sealed))) return null;
    const enabled = await repository.enableTotp(tx, user.id, sealed, now);
    if (!enabled) return null;
    await repository.replaceRecoveryCodes(tx, user.id, codes.map(hashRecoveryCode), now);
    await recordSecurityEvent(deps, tx, { user: enabled, action: 'two_factor.enabled', meta });
    return { user: enabled, recoveryCodes: codes };
  });
}

/**
 * Enrols a known base32 secret as the account's authenticator, replacing any, with its recovery codes
 * (ADMIN_TOTP_SECRET of the bootstrap admin, decision 120). The caller audits it.
 */
export async function enrolKnownSecret(
  deps: AppDeps,
  db: DbOrTx,
  userId: number,
  secret: string,
): Promise<UserRow> {
  const now = deps.clock.now();
  const sealed = encryptSecret(deps.appKey, secret);
  await repository.disableTotp(db, userId, now);
  // The replaced authenticator's recovery codes end with it.
  await repository.deleteRecoveryCodes(db, userId);
  await repository.setPendingSecret(db, userId, sealed, now);
  const enabled = await repository.enableTotp(db, userId, sealed, now);
  if (!enabled) throw new Error('could not enrol the authenticator');
  return enabled;
}

/** Throttle keys of the 2FA routes of a signed-in member: the account and the IP. */
const keysOf = (user: AuthUser, meta: RequestMeta) => [throttle.userKey(user.id), throttle.ipKey(meta.ip)];

/**
 * Runs `check` under the 2FA throttle: the try is counted as a failure before the code is compared
 * (decision 154); a failed check leaves it counted and answers 422 with `message`.
 */
async function withThrottledCode<T>(
  deps: AppDeps,
  user: AuthUser,
  meta: RequestMeta,
  message: string,
  check: () => Promise<T | null>,
): Promise<T> {
  const { db } = deps.database;
  const attempt = await throttle.countAttempt(db, 'two_factor', keysOf(user, meta), deps.clock.now());
  const result = await check();
  if (result === null) throw new AppError('BUSINESS_RULE', message);
  await throttle.attemptSucceeded(db, attempt);
  return result;
}

/**
 * POST /api/enable-2fa: a new secret, sealed at rest, not enabled until a code from it is verified.
 * Calling it again before verifying replaces the pending secret.
 */
export async function startSetup(deps: AppDeps, user: AuthUser): Promise<Enable2faResponse> {
  if (user.totpEnabledAt) throw new AppError('BUSINESS_RULE', AUTH_MESSAGES.twoFactorAlreadyEnabled);
  // An address nobody has proven yet: whoever signed up with someone else's address must not lock
  // its owner out with a second factor a password reset would not remove (decision 172, amended).
  if (!user.emailVerifiedAt) throw new AppError('EMAIL_NOT_VERIFIED', AUTH_MESSAGES.emailNotVerified);
  const { db } = deps.database;
  const secret = newTotpSecret();
  if (
    !(await repository.setPendingSecret(db, user.id, encryptSecret(deps.appKey, secret), deps.clock.now()))
  ) {
    throw new AppError('BUSINESS_RULE', AUTH_MESSAGES.twoFactorAlreadyEnabled);
  }
  const { sitename } = await getSettings(db);
  const url = otpauthUrl(secret, sitename, user.email);
  const qrCode = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { qr_code: qrCode, secret, otpauth_url: url };
}

/** POST /api/verify-2fa: a code of the pending secret turns 2FA on and gives 10 recovery codes. */
export async function confirmSetup(
  deps: AppDeps,
  user: AuthUser,
  code: string,
  meta: RequestMeta,
): Promise<Verify2faResponse> {
  const { db } = deps.database;
  const totp = await repository.findTotpState(db, user.id);
  if (totp?.enabledAt) throw new AppError('BUSINESS_RULE', AUTH_MESSAGES.twoFactorAlreadyEnabled);
  const sealed = totp?.sealed;
  if (!sealed) throw new AppError('BUSINESS_RULE', AUTH_MESSAGES.twoFactorSetupNotStarted);
  const now = deps.clock.now();
  const codes = generateRecoveryCodes();
  const enabled = await withThrottledCode(
    deps,
    user,
    meta,
    AUTH_MESSAGES.twoFactorVerificationFailed,
    async () => {
      const step = matchTotpStep(decryptSecret(deps.appKey, sealed), code, now);
      if (step === null) return null;
      return db.transaction(async (tx) => {
        if (!(await repository.claimTotpStep(tx, user.id, step, sealed))) return null;
        const updated = await repository.enableTotp(tx, user.id, sealed, now);
        if (!updated) return null;
        await repository.replaceRecoveryCodes(tx, user.id, codes.map(hashRecoveryCode), now);
        await recordSecurityEvent(deps, tx, { user: updated, action: 'two_factor.enabled', meta });
        return updated;
      });
    },
  );
  await mailSecurityNotice(deps, enabled, meta, now, 'two_factor_on');
  return { success: true, message: AUTH_MESSAGES.twoFactorEnabled, recovery_codes: codes };
}

/**
 * For changes to 2FA that is on (disable, new recovery codes): a current code or an unused recovery
 * code, under the 2FA throttle; else 422.
 */
export async function requireCurrentCode(deps: AppDeps, user: AuthUser, code: string, meta: RequestMeta) {
  if (!user.totpEnabledAt) throw new AppError('BUSINESS_RULE', AUTH_MESSAGES.twoFactorNotEnabled);
  await withThrottledCode(deps, user, meta, AUTH_MESSAGES.twoFactorInvalid, () =>
    checkSecondFactor(deps, deps.database.db, user, code, { allowRecoveryCode: true }),
  );
}

/** POST /api/disable-2fa: needs a current code (or an unused recovery code), DESIGN §6. */
export async function disable(
  deps: AppDeps,
  user: AuthUser,
  code: string,
  meta: RequestMeta,
): Promise<SuccessResponse> {
  const now = deps.clock.now();
  await requireCurrentCode(deps, user, code, meta);
  const { db } = deps.database;
  await db.transaction(async (tx) => {
    await repository.disableTotp(tx, user.id, now);
    await repository.deleteRecoveryCodes(tx, user.id);
    await recordSecurityEvent(deps, tx, { user, action: 'two_factor.disabled', meta });
  });
  await mailSecurityNotice(deps, user, meta, now, 'two_factor_off');
  return { success: true, message: AUTH_MESSAGES.twoFactorDisabled };
}

/**
 * Removes the second factor and its recovery codes, in the caller's transaction: a password reset of
 * an account whose address was never verified (decision 172, amended).
 */
export async function removeSecondFactor(tx: Tx, userId: number, now: Date): Promise<void> {
  await repository.disableTotp(tx, userId, now);
  await repository.deleteRecoveryCodes(tx, userId);
}

/** POST /api/2fa/recovery-codes: ten new codes for a current code; the old ones stop working. */
export async function regenerateRecoveryCodes(
  deps: AppDeps,
  user: AuthUser,
  code: string,
  meta: RequestMeta,
): Promise<RecoveryCodesResponse> {
  const now = deps.clock.now();
  await requireCurrentCode(deps, user, code, meta);
  const { db } = deps.database;
  const codes = generateRecoveryCodes();
  await db.transaction(async (tx) => {
    await repository.replaceRecoveryCodes(tx, user.id, codes.map(hashRecoveryCode), now);
    await recordSecurityEvent(deps, tx, { user, action: 'two_factor.recovery_codes_regenerated', meta });
  });
  await mailSecurityNotice(deps, user, meta, now, 'recovery_codes');
  return { message: AUTH_MESSAGES.recoveryCodesRegenerated, recovery_codes: codes };
}
