import {
  AUTH_MESSAGES,
  MEMBER_REAUTH_MINUTES,
  type ConfirmPasswordResponse,
  type MessageResponse,
} from '@app/shared';
import type { AuthUser } from '@app/db';
import type { AppDeps } from '../../deps';
import { hashPassword, verifyPassword } from '../../lib/password';
import { AppError } from '../../errors';
import { fieldError, findPasswordHash, storePasswordHash } from './account.service';
import { mailSecurityNotice, recordSecurityEvent, type RequestMeta } from './security-events';
import * as throttle from './throttle.service';
import { markReauthenticated, revokeUserTokens } from './token.service';
import { dropResetLink } from './password-reset.service';
import { requireUncommonPassword } from '../../lib/password-policy';

/**
 * Checks the member's password on the 'password' throttle (counted before the comparison, decision
 * 154): a wrong one is a 422 on `field`; a signed-in member whose row is gone is 401.
 */
async function checkOwnPassword(
  deps: AppDeps,
  user: AuthUser,
  password: string,
  field: string,
  wrong: string,
): Promise<void> {
  const { db } = deps.database;
  const attempt = await throttle.countAttempt(db, 'password', [throttle.userKey(user.id)], deps.clock.now());
  // The current hash, read now: the request's user carries no credentials (decision 148).
  const passwordHash = await findPasswordHash(db, user.id);
  if (passwordHash === null) {
    await throttle.releaseAttempt(db, attempt);
    throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  }
  if (!(await verifyPassword(passwordHash, password))) throw fieldError({ [field]: wrong });
  await throttle.attemptSucceeded(db, attempt);
}

/**
 * POST /api/confirm-password: the member's password opens the 10-minute sudo-mode window on this
 * session (withdrawals, destinations, turning 2FA on; decision 230). Wrong guesses are throttled like
 * a password change, so a stolen token cannot be used to find the password.
 */
export async function confirmPassword(
  deps: AppDeps,
  session: { user: AuthUser; tokenId: number },
  password: string,
  meta: RequestMeta,
): Promise<ConfirmPasswordResponse> {
  const { user } = session;
  await checkOwnPassword(deps, user, password, 'password', AUTH_MESSAGES.passwordIncorrect);
  const now = deps.clock.now();
  await deps.database.db.transaction(async (tx) => {
    await markReauthenticated(tx, session.tokenId, now);
    await recordSecurityEvent(deps, tx, { user, action: 'auth.password_confirmed', meta });
  });
  return {
    message: AUTH_MESSAGES.passwordConfirmed,
    reauth_until: new Date(now.getTime() + MEMBER_REAUTH_MINUTES * 60_000).toISOString(),
  };
}

/**
 * POST /api/change-password: the current password is checked (wrong guesses are throttled like a
 * sign-in, so a stolen token cannot be used to find the password); on success every other token of
 * the user is revoked and the current one kept (DESIGN §6).
 */
export async function changePassword(
  deps: AppDeps,
  user: AuthUser,
  currentTokenId: number,
  input: { old_password: string; new_password: string },
  meta: RequestMeta,
): Promise<MessageResponse> {
  await checkOwnPassword(
    deps,
    user,
    input.old_password,
    'old_password',
    AUTH_MESSAGES.currentPasswordIncorrect,
  );
  const { db } = deps.database;
  const now = deps.clock.now();
  requireUncommonPassword(input.new_password, 'new_password');
  const newHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await storePasswordHash(tx, user.id, newHash, now);
    await revokeUserTokens(tx, user.id, now, currentTokenId);
    // A reset link mailed earlier must not set a password over the one just chosen.
    await dropResetLink(tx, user.id);
    await recordSecurityEvent(deps, tx, { user, action: 'auth.password_changed', meta });
  });
  await mailSecurityNotice(deps, user, meta, now, 'password_changed');
  return { message: AUTH_MESSAGES.passwordChanged };
}
