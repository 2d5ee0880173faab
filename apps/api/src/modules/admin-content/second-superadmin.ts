import { and, eq, gt, inArray, isNotNull, lte, notInArray, or } from 'drizzle-orm';
import { users, type DbOrTx } from '@app/db';

/**
 * Who can be the second of two superadmins (decisions 248–250): the checks a change that loosens a
 * money control, or gives an admin a money role, makes before it waits for a second superadmin.
 */

const isSuperadmin = and(eq(users.role, 'admin'), eq(users.adminRole, 'superadmin'));

/** How long an admin demoted from superadmin still counts as a second one (decision 250). */
export const DEMOTED_COUNTS_DAYS = 7;

/**
 * Another superadmin account, none of `excluded`, with its second factor, that is open (active or
 * suspended: one superadmin can undo a suspension, so it does not make a deployment single-operator)
 * or was demoted in the last 7 days (so demoting the other superadmin does not either, at once).
 */
export async function anotherSuperadmin(db: DbOrTx, excluded: number[], now: Date): Promise<boolean> {
  const demotedSince = new Date(now.getTime() - DEMOTED_COUNTS_DAYS * 86_400_000);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        or(
          and(isSuperadmin, inArray(users.status, ['active', 'suspended'])),
          and(inArray(users.status, ['active', 'suspended']), gt(users.superadminLeftAt, demotedSince)),
        ),
        notInArray(users.id, excluded),
        isNotNull(users.totpEnabledAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** True when the admin's second factor was enrolled at or before `askedAt` (an account made for the purpose cannot confirm). */
export async function enrolledBefore(db: DbOrTx, adminId: number, askedAt: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, adminId), isNotNull(users.totpEnabledAt), lte(users.totpEnabledAt, askedAt)));
  return row !== undefined;
}

/** The username of an active superadmin (a proposal ends when its proposer is no longer one). */
export async function activeSuperadminName(db: DbOrTx, adminId: number): Promise<string | null> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(and(eq(users.id, adminId), isSuperadmin, eq(users.status, 'active')));
  return row?.username ?? null;
}
