import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import { users, type DbOrTx, type UserRow } from '@app/db';

/** Admin accounts, oldest first. */
export async function findAdmins(db: DbOrTx, page: { limit: number; offset: number }): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users).where(eq(users.role, 'admin'));
  return row?.value ?? 0;
}

/**
 * Locks, in id order, the rows a role or status change depends on: the target, the acting admin and
 * every active superadmin. Two superadmins changing each other at once then run one after the other
 * (never a deadlock), and the second sees what the first did.
 */
export async function lockForAdminChange(db: DbOrTx, targetId: number, actorId: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        or(
          inArray(users.id, [targetId, actorId]),
          and(eq(users.adminRole, 'superadmin'), eq(users.status, 'active')),
        ),
      ),
    )
    .orderBy(asc(users.id))
    .for('no key update');
}

export async function updateAdmin(
  db: DbOrTx,
  id: number,
  patch: { adminRole?: 'superadmin' | 'finance' | 'support'; status?: 'active' | 'suspended' },
  now: Date,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(users.id, id), eq(users.role, 'admin')))
    .returning();
  if (!row) throw new Error('admin row vanished inside its transaction');
  return row;
}
