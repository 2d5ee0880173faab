import type { AdminAccount, AdminRole } from '@app/shared';
import type { DbOrTx } from '@app/db';
import { requestIsLive, requestStep } from '../admin-content/second-superadmin';
import * as repository from './admins.repository';

/**
 * An account that can move money is given by two superadmins (decision 250). Superadmins and finance
 * admins approve withdrawals, bank transfers, loans and corrections, so a superadmin who could create
 * or promote such an account alone could be both of the four eyes (decision 125). A change that gives
 * an admin more power (an active finance admin, an active superadmin) waits when another superadmin
 * account is open with a second factor: it is kept here, and applied when a different superadmin,
 * enrolled before it was asked for, makes the same change within 24 hours. Anything else applies at
 * once and ends a waiting grant.
 */

type MoneyRole = 'superadmin' | 'finance';
export interface AdminState {
  role: AdminRole;
  status: 'active' | 'suspended' | 'closed';
}

/** 0: no money powers; 1: approves money; 2: approves money and manages admins and settings. */
function power(state: AdminState | null): number {
  if (!state || state.status !== 'active') return 0;
  return state.role === 'superadmin' ? 2 : state.role === 'finance' ? 1 : 0;
}

/** True when `after` gives the admin more power than `before` (null: a new account). */
export const givesPower = (before: AdminState | null, after: AdminState) => power(after) > power(before);

interface LiveGrant {
  userId: number;
  adminRole: MoneyRole;
  proposedBy: number;
  proposedAt: Date;
  proposerName: string;
}

const isLive = (grant: { proposedAt: Date; proposerActive: boolean }, now: Date) =>
  grant.proposerActive && requestIsLive(grant.proposedAt, now);

/** The live grants of these admins, by admin id (lapsed ones and those whose proposer left are not). */
export async function liveGrants(db: DbOrTx, userIds: number[], now: Date): Promise<Map<number, LiveGrant>> {
  const rows = await repository.findGrants(db, userIds);
  return new Map(rows.filter((row) => isLive(row, now)).map((row) => [row.userId, row]));
}

export function grantView(grant: LiveGrant | undefined): AdminAccount['pending_grant'] {
  return grant
    ? {
        admin_role: grant.adminRole,
        proposed_by: grant.proposerName,
        proposed_at: grant.proposedAt.toISOString(),
      }
    : null;
}

export type GrantOutcome =
  { kind: 'apply'; confirmed?: LiveGrant; ended?: LiveGrant } | { kind: 'waiting'; renewed: boolean };

/**
 * What a change of `targetId` from `before` to `after` by `actorId` does, in the change's transaction
 * (the target's row locked):
 * - more power, with another open superadmin (not the actor, not the target) who has a second factor:
 *   a live grant of the same role by a different superadmin, enrolled before it was asked for, is
 *   confirmed; the proposer asking again leaves it as it is; anything else becomes the waiting grant;
 * - otherwise: applied, and a waiting grant ends.
 */
export async function settleGrant(
  tx: DbOrTx,
  change: { actorId: number; targetId: number; before: AdminState | null; after: AdminState },
  now: Date,
): Promise<GrantOutcome> {
  const { actorId, targetId, before, after } = change;
  const grant = (await liveGrants(tx, [targetId], now)).get(targetId);
  const step = await requestStep(tx, {
    loosens: givesPower(before, after),
    actorId,
    excluded: [actorId, targetId],
    asked: after.role,
    waiting: grant && { value: grant.adminRole, proposedBy: grant.proposedBy, proposedAt: grant.proposedAt },
    now,
  });
  if (step === 'keep') return { kind: 'waiting', renewed: false };
  if (step === 'ask') {
    const role = after.role as MoneyRole;
    await repository.saveGrant(tx, {
      userId: targetId,
      adminRole: role,
      proposedBy: actorId,
      proposedAt: now,
    });
    return { kind: 'waiting', renewed: true };
  }
  await repository.deleteGrant(tx, targetId);
  if (step === 'confirm') return { kind: 'apply', confirmed: grant };
  return grant ? { kind: 'apply', ended: grant } : { kind: 'apply' };
}
