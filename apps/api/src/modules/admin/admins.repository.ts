import { and, asc, count, eq, inArray, or } from 'drizzle-orm';
import { adminGrants, users, type AdminGrantRow, type DbOrTx, type UserRow } from '@app/db';

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
  patch: {
    adminRole?: 'superadmin' | 'finance' | 'support';
    status?: 'active' | 'suspended';
    superadminLeftAt?: Date | null;
  },
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

/** The waiting money roles of these admins (decision 250), with who asked; lapsed ones included. */
export async function findGrants(
  db: DbOrTx,
  userIds: number[],
): Promise<(AdminGrantRow & { proposerName: string; proposerActive: boolean })[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      grant: adminGrants,
      proposerName: users.username,
      proposerRole: users.adminRole,
      proposerStatus: users.status,
    })
    .from(adminGrants)
    .innerJoin(users, eq(users.id, adminGrants.proposedBy))
    .where(inArray(adminGrants.userId, userIds));
  return rows.map((row) => ({
    ...row.grant,
    proposerName: row.proposerName,
    proposerActive: row.proposerRole === 'superadmin' && row.proposerStatus === 'active',
  }));
}

/** Asks for a money role for an admin, replacing what was asked before. */
export async function saveGrant(
  db: DbOrTx,
  grant: { userId: number; adminRole: 'superadmin' | 'finance'; proposedBy: number; proposedAt: Date },
): Promise<void> {
  await db
    .insert(adminGrants)
    .values(grant)
    .onConflictDoUpdate({
      target: adminGrants.userId,
      set: { adminRole: grant.adminRole, proposedBy: grant.proposedBy, proposedAt: grant.proposedAt },
    });
}

export async function deleteGrant(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(adminGrants).where(eq(adminGrants.userId, userId));
}

/** Removes the grants an admin asked for (they are no longer an active superadmin). */
export async function deleteGrantsProposedBy(db: DbOrTx, adminId: number): Promise<void> {
  await db.delete(adminGrants).where(eq(adminGrants.proposedBy, adminId));
}
