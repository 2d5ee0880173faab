import { AUTH_MESSAGES, type MessageResponse } from '@app/shared';
import type { AuthUser } from '@app/db';
import type { AppDeps } from '../../deps';
import { hashPassword, verifyPassword } from '../../lib/password';
import { AppError } from '../../errors';
import { fieldError, findPasswordHash, storePasswordHash } from './account.service';
import { mailSecurityNotice, recordSecurityEvent, type RequestMeta } from './security-events';
import * as throttle from './throttle.service';
import { revokeUserTokens } from './token.service';
import { dropResetLink } from './password-reset.service';

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
  const { db } = deps.database;
  const now = deps.clock.now();
  // Counted before the password is compared (decision 154).
  const attempt = await throttle.countAttempt(db, 'password', [throttle.userKey(user.id)], now);
  // The current hash, read now: the request's user carries no credentials (decision 148).
  const passwordHash = await findPasswordHash(db, user.id);
  if (passwordHash === null) {
    await throttle.releaseAttempt(db, attempt);
    throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  }
  if (!(await verifyPassword(passwordHash, input.old_password))) {
    throw fieldError({ old_password: AUTH_MESSAGES.currentPasswordIncorrect });
  }
  await throttle.attemptSucceeded(db, attempt);
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
