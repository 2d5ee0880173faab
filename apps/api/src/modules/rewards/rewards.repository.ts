import { and, asc, eq, sql } from 'drizzle-orm';
import { pointsTransactions, users, type DbOrTx } from '@app/db';

/** Adds a points row once per reference and moves the cached users.loyalty_points with it. */
export async function addPoints(
  db: DbOrTx,
  row: {
    userId: number;
    kind: 'referral_reward' | 'conversion';
    points: number;
    reference: string;
    relatedUserId: number | null;
    createdAt: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(pointsTransactions)
    .values(row)
    .onConflictDoNothing({ target: pointsTransactions.reference })
    .returning({ id: pointsTransactions.id });
  if (inserted.length === 0) return false;
  await db
    .update(users)
    .set({ loyaltyPoints: sql`${users.loyaltyPoints} + ${row.points}` })
    .where(eq(users.id, row.userId));
  return true;
}

/** The user's points, locking the row so two conversions cannot spend them twice. */
export async function lockPoints(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ points: users.loyaltyPoints })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row?.points ?? 0;
}

export async function referralPointsEarned(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${pointsTransactions.points}), 0)` })
    .from(pointsTransactions)
    .where(and(eq(pointsTransactions.userId, userId), eq(pointsTransactions.kind, 'referral_reward')));
  return Number(row?.total ?? 0);
}

export function referredUsers(db: DbOrTx, userId: number) {
  return db
    .select({ id: users.id, username: users.username, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.referredById, userId))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(500);
}
