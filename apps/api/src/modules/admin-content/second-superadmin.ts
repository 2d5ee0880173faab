import { and, eq, inArray, isNotNull, lte, notInArray } from 'drizzle-orm';
import { users, type DbOrTx } from '@app/db';

/**
 * Who can be the second of two superadmins (decisions 248–250): the checks a change that loosens a
 * money control, or gives an admin a money role, makes before it waits for a second superadmin.
 */

const isSuperadmin = and(eq(users.role, 'admin'), eq(users.adminRole, 'superadmin'));

/**
 * Another superadmin account, none of `excluded`, that is open (active or suspended: one superadmin
 * can undo a suspension, so it does not make a deployment single-operator) and has its second factor.
 */
export async function anotherSuperadmin(db: DbOrTx, excluded: number[]): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isSuperadmin,
        inArray(users.status, ['active', 'suspended']),
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
