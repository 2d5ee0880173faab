import { and, asc, count, desc, eq, gt, gte, sql } from 'drizzle-orm';
import { MAX_SAVED_DESTINATIONS } from '@app/shared';
import {
  withdrawalDestinations,
  withdrawals,
  type DbOrTx,
  type WithdrawalDestinationRow,
  type WithdrawalRow,
} from '@app/db';
import { selectMemberPage } from '../../lib/paging';

export type NewWithdrawal = Omit<typeof withdrawals.$inferInsert, 'id'>;
export type NewDestination = Omit<typeof withdrawalDestinations.$inferInsert, 'id'>;

export async function insertWithdrawal(db: DbOrTx, row: NewWithdrawal): Promise<WithdrawalRow> {
  const [created] = await db.insert(withdrawals).values(row).returning();
  if (!created) throw new Error('withdrawal insert returned nothing');
  return created;
}

export async function lockWithdrawal(db: DbOrTx, id: number): Promise<WithdrawalRow | null> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row ?? null;
}

export async function updateWithdrawal(
  db: DbOrTx,
  id: number,
  patch: Partial<NewWithdrawal>,
): Promise<WithdrawalRow> {
  const [row] = await db.update(withdrawals).set(patch).where(eq(withdrawals.id, id)).returning();
  if (!row) throw new Error(`withdrawal ${id} vanished`);
  return row;
}

export function listUserWithdrawals(db: DbOrTx, userId: number, page: number, perPage: number) {
  return selectMemberPage(db, withdrawals, userId, page, perPage);
}

export async function findWithdrawal(db: DbOrTx, id: number): Promise<WithdrawalRow | null> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row ?? null;
}

/**
 * The member's withdrawals paid after `since`, in cents. The status is written into the statement so
 * that its generic plan reaches withdrawals_user_paid_idx (decision 139): it reads that window's rows
 * only, however long the member's history.
 */
export function paidSinceQuery(db: DbOrTx, userId: number, since: Date) {
  return db
    .select({ cents: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
    .from(withdrawals)
    .where(
      and(
        sql`${withdrawals.status} = 'approved'`,
        eq(withdrawals.userId, userId),
        gt(withdrawals.decidedAt, since),
      ),
    );
}

export async function sumPaidSince(db: DbOrTx, userId: number, since: Date): Promise<number> {
  const [row] = await paidSinceQuery(db, userId, since);
  return Number(row?.cents ?? 0);
}

// ── Destinations ─────────────────────────────────────────────────────────────────────────────

/** A member's saved destinations, the default first: at most MAX_SAVED_DESTINATIONS (decision 215). */
export function listDestinations(db: DbOrTx, userId: number): Promise<WithdrawalDestinationRow[]> {
  return db
    .select()
    .from(withdrawalDestinations)
    .where(eq(withdrawalDestinations.userId, userId))
    .orderBy(
      desc(withdrawalDestinations.isDefault),
      desc(withdrawalDestinations.createdAt),
      desc(withdrawalDestinations.id),
    )
    .limit(MAX_SAVED_DESTINATIONS);
}

export async function findDestination(
  db: DbOrTx,
  userId: number,
  id: number,
): Promise<WithdrawalDestinationRow | null> {
  const [row] = await db
    .select()
    .from(withdrawalDestinations)
    .where(and(eq(withdrawalDestinations.id, id), eq(withdrawalDestinations.userId, userId)));
  return row ?? null;
}

export async function clearDefault(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(withdrawalDestinations)
    .set({ isDefault: false })
    .where(and(eq(withdrawalDestinations.userId, userId), eq(withdrawalDestinations.isDefault, true)));
}

export async function insertDestination(db: DbOrTx, row: NewDestination): Promise<WithdrawalDestinationRow> {
  const [created] = await db.insert(withdrawalDestinations).values(row).returning();
  if (!created) throw new Error('destination insert returned nothing');
  return created;
}

export async function updateDestination(
  db: DbOrTx,
  userId: number,
  id: number,
  patch: Partial<NewDestination>,
): Promise<WithdrawalDestinationRow | null> {
  const [row] = await db
    .update(withdrawalDestinations)
    .set(patch)
    .where(and(eq(withdrawalDestinations.id, id), eq(withdrawalDestinations.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteDestination(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(withdrawalDestinations)
    .where(and(eq(withdrawalDestinations.id, id), eq(withdrawalDestinations.userId, userId)))
    .returning({ id: withdrawalDestinations.id });
  return deleted.length > 0;
}

/** Deletes every saved destination of the member; answers how many. */
export async function deleteDestinationsOf(db: DbOrTx, userId: number): Promise<number> {
  const deleted = await db
    .delete(withdrawalDestinations)
    .where(eq(withdrawalDestinations.userId, userId))
    .returning({ id: withdrawalDestinations.id });
  return deleted.length;
}

/** Deletes the member's destinations saved or edited at or after `since`; answers how many. */
export async function deleteDestinationsChangedSince(
  db: DbOrTx,
  userId: number,
  since: Date,
): Promise<number> {
  const deleted = await db
    .delete(withdrawalDestinations)
    .where(and(eq(withdrawalDestinations.userId, userId), gte(withdrawalDestinations.updatedAt, since)))
    .returning({ id: withdrawalDestinations.id });
  return deleted.length;
}

/** The member's pending withdrawals asked at or after `since`, locked FOR UPDATE, oldest first. */
export function lockPendingSince(db: DbOrTx, userId: number, since: Date): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        eq(withdrawals.status, 'pending'),
        gte(withdrawals.createdAt, since),
      ),
    )
    .orderBy(asc(withdrawals.id))
    .for('update');
}

export async function countDestinations(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawalDestinations)
    .where(eq(withdrawalDestinations.userId, userId));
  return row?.n ?? 0;
}

/** Withdrawals waiting for an operator's decision (the metrics' queue size); uses withdrawals_status_idx. */
export async function countPending(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.status, 'pending'));
  return row?.n ?? 0;
}
