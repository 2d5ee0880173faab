import { and, eq } from 'drizzle-orm';
import { type AuthUser, users } from '@app/db';
import { MEMBER_MESSAGES, type AdminMemberStatusResponse } from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/audit.service';
import { mailStaffNotice } from '../auth/security-events';
import { removeSecondFactor } from '../two-factor/two-factor.service';
import { endMemberSessions, toMemberRow } from './members.service';

/**
 * POST /api/admin/users/:id/reset-2fa {reason} (decision 231): support removes a member's second
 * factor once it has checked who is asking (a lost phone with lost recovery codes; an authenticator
 * someone else turned on). The recovery codes go with it and every session and token of the member
 * ends in the same transaction, so whoever held one must sign in again with the password; the audit
 * log keeps the reason; the member is mailed after the commit.
 */
export async function resetMemberTwoFactor(
  deps: AppDeps,
  admin: AuthUser,
  id: number,
  reason: string,
  ip: string,
): Promise<AdminMemberStatusResponse> {
  const now = deps.clock.now();
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
    const sessionsEnded = await endMemberSessions(tx, id, now);
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.adminRole,
      action: 'user.two_factor_reset',
      subjectType: 'user',
      subjectId: String(id),
      before: { two_factor_enabled: true },
      after: { two_factor_enabled: false, sessions_ended: sessionsEnded },
      reason,
      ip,
      createdAt: now,
    });
    return { member: user, ended: sessionsEnded };
  });
  await mailStaffNotice(deps, member, now, 'two_factor_reset');
  return { message: MEMBER_MESSAGES.twoFactorRemoved, member: toMemberRow(member), sessions_ended: ended };
}
