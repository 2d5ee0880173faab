import { and, desc, eq, sql } from 'drizzle-orm';
import { pointsTransactions, users, type DbOrTx, type Tx } from '@app/db';

/** Adds a points row once per reference and moves the cached users.loyalty_points with it. */
export async function addPoints(
  db: DbOrTx,
  row: {
    userId: number;
    kind: 'referral_reward' | 'referral_reversal' | 'conversion';
    points: number;
    reference: string;
    relatedUserId: number | null;
    /** Referral rows: the deposit whose confirmation earned the reward (decision 214). */
    depositId?: number | null;
    createdAt: Date;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(pointsTransactions)
    .values(row)
    .onConflictDoNothing({ target: pointsTransactions.reference })
    .returning({ id: pointsTransactions.id });
  if (inserted.length === 0) return false;
  const referral = row.kind === 'referral_reward' || row.kind === 'referral_reversal';
  await db
    .update(users)
    .set({
      loyaltyPoints: sql`${users.loyaltyPoints} + ${row.points}`,
      // The running total of referral points kept (decision 225), moved with its row.
      ...(referral ? { referralPoints: sql`${users.referralPoints} + ${row.points}` } : {}),
    })
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

/** Locks the user row of the member's referrer, if any (their points), for the rest of the transaction. */
export async function lockReferrerPoints(tx: Tx, memberId: number): Promise<void> {
  await tx.execute(
    sql`select r.id from users r
        where r.id = (select m.referred_by_id from users m where m.id = ${memberId})
        for no key update`,
  );
}

/** The reward a deposit earned its referrer, if it earned one. */
export async function findReferralReward(
  db: DbOrTx,
  depositId: number,
): Promise<{ userId: number; points: number } | undefined> {
  const [row] = await db
    .select({ userId: pointsTransactions.userId, points: pointsTransactions.points })
    .from(pointsTransactions)
    .where(and(eq(pointsTransactions.depositId, depositId), eq(pointsTransactions.kind, 'referral_reward')));
  return row;
}

/**
 * Referral points kept: rewards less what reversed deposits took back (decision 214), the running total
 * on the member's row (decision 225): one row, however many referrals.
 */
export async function referralPointsEarned(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ total: users.referralPoints }).from(users).where(eq(users.id, userId));
  return row?.total ?? 0;
}

/** The newest `limit` people the member referred (all: null), newest first (users_referred_by_joined_idx). */
export function referredUsers(db: DbOrTx, userId: number, limit: number | null) {
  const newestFirst = db
    .select({ id: users.id, username: users.username, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.referredById, userId))
    .orderBy(desc(users.createdAt), desc(users.id));
  return limit === null ? newestFirst : newestFirst.limit(limit);
}
