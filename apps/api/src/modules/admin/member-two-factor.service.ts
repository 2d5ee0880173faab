import { and, eq } from 'drizzle-orm';
import { type AuthUser, users } from '@app/db';
import { MEMBER_MESSAGES, type AdminMemberStatusResponse } from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { randomSecret } from '../../lib/crypto';
import { hashPassword } from '../../lib/password';
import { recordAudit } from '../audit/audit.service';
import { storePasswordHash } from '../auth/account.service';
import { dropResetLink, sendResetLink } from '../auth/password-reset.service';
import { mailStaffNotice } from '../auth/security-events';
import { revokeUserTokens } from '../auth/token.service';
import { removeSecondFactor } from '../two-factor/two-factor.service';
import { toMemberRow } from './members.service';

/**
 * POST /api/admin/users/:id/reset-2fa {reason} (decision 231): support removes a member's second
 * factor once it has checked who is asking (a lost phone with lost recovery codes; an authenticator
 * someone else turned on). In one transaction the recovery codes go with it, every session and token
 * of the member ends, and the password is replaced by one nobody knows, with a reset link mailed to
 * the member's address: whoever turned the factor on with the password cannot sign in again with it.
 * The audit log keeps the reason; the member gets a notice after the commit.
 */
export async function resetMemberTwoFactor(
  deps: AppDeps,
  admin: AuthUser,
  id: number,
  reason: string,
  ip: string,
): Promise<AdminMemberStatusResponse> {
  const now = deps.clock.now();
  // Hashed before the row is held: argon2id takes tens of milliseconds.
  const unusable = await hashPassword(randomSecret(32));
  const { member, ended } = await deps.database.db.transaction(async (tx) => {
    // The member's row, held against a sign-in, a setup or a closing deciding on the old factor.
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'member')))
      .for('no key update');
    if (!user) throw AppError.notFound(MEMBER_MESSAGES.notFound);
    if (user.status === 'closed') throw new AppError('CONFLICT', MEMBER_MESSAGES.closedTwoFactor);
    if (!user.totpEnabledAt) throw new AppError('CONFLICT', MEMBER_MESSAGES.twoFactorOff);
    await removeSecondFactor(tx, id, now);
    const sessionsEnded = await revokeUserTokens(tx, id, now);
    await storePasswordHash(tx, id, unusable, now);
    // Links mailed before were for the password just made unusable; the new link is the one way back.
    await dropResetLink(tx, id);
    await sendResetLink(deps, tx, user, now);
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.adminRole,
      action: 'user.two_factor_reset',
      subjectType: 'user',
      subjectId: String(id),
      before: { two_factor_enabled: true },
      after: { two_factor_enabled: false, sessions_ended: sessionsEnded, password_reset_link_sent: true },
      reason,
      ip,
      createdAt: now,
    });
    return { member: user, ended: sessionsEnded };
  });
  await mailStaffNotice(deps, member, now, 'two_factor_reset');
  return { message: MEMBER_MESSAGES.twoFactorRemoved, member: toMemberRow(member), sessions_ended: ended };
}
