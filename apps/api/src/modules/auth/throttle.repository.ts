import { and, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { authFailures, type DbOrTx } from '@app/db';

/**
 * The class of the throttle's advisory locks, in PostgreSQL's two-key space (`pg_advisory_xact_lock(int,
 * int)`), which never meets the one-key space of the jobs' and the migration's locks.
 */
const THROTTLE_LOCK_CLASS = 0x74687274; // 'thrt'

/**
 * Holds one lock per subject of the scope until the transaction ends, so two requests counting the same
 * subject take turns. Taken in one order (by subject), so two requests never wait for each other in a
 * circle. On PGlite a transaction already runs alone; the lock is then taken at once.
 */
export async function lockSubjects(tx: DbOrTx, scope: string, subjects: string[]): Promise<void> {
  for (const subject of [...subjects].sort()) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${THROTTLE_LOCK_CLASS}, hashtext(${`${scope}:${subject}`}))`,
    );
  }
}

/** The newest `limit` failure times of one subject in a scope since `since`, newest first. */
export async function recentFailureTimes(
  db: DbOrTx,
  where: { scope: string; subject: string; since: Date; limit: number },
): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: authFailures.createdAt })
    .from(authFailures)
    .where(
      and(
        eq(authFailures.scope, where.scope),
        eq(authFailures.subject, where.subject),
        gt(authFailures.createdAt, where.since),
      ),
    )
    .orderBy(desc(authFailures.createdAt))
    .limit(where.limit);
  return rows.map((row) => row.createdAt);
}

/** One row per subject; their ids. */
export async function insertFailures(
  db: DbOrTx,
  scope: string,
  subjects: string[],
  now: Date,
): Promise<number[]> {
  if (subjects.length === 0) return [];
  const rows = await db
    .insert(authFailures)
    .values(subjects.map((subject) => ({ scope, subject, createdAt: now })))
    .returning({ id: authFailures.id });
  return rows.map((row) => row.id);
}

/** Deletes the rows `ids`, and every row of `subjects` in the scope, in one statement. */
export async function deleteFailures(
  db: DbOrTx,
  scope: string,
  where: { ids: number[]; subjects: string[] },
): Promise<void> {
  const conditions = [];
  if (where.ids.length > 0) conditions.push(inArray(authFailures.id, where.ids));
  if (where.subjects.length > 0) {
    conditions.push(and(eq(authFailures.scope, scope), inArray(authFailures.subject, where.subjects)));
  }
  if (conditions.length === 0) return;
  await db.delete(authFailures).where(or(...conditions));
}

/** Deletes every row of `subjects` in `scopes`, in one statement. */
export async function deleteSubjectsFailures(
  db: DbOrTx,
  scopes: string[],
  subjects: string[],
): Promise<void> {
  await db
    .delete(authFailures)
    .where(and(inArray(authFailures.scope, scopes), inArray(authFailures.subject, subjects)));
}

/** The clean-up's delete of every failure counted before `before`, through auth_failures_created_idx. */
export function failuresPrune(db: DbOrTx, before: Date) {
  return db.delete(authFailures).where(lt(authFailures.createdAt, before));
}

/**
 * The clean-up's delete of the failures no ceiling counts (addresses', the password step's and the reset
 * links asked for) counted before `before`, through their partial index: the predicate is written into
 * the statement as in the index's, so that a generic plan uses it.
 */
export function windowOnlyFailuresPrune(db: DbOrTx, before: Date) {
  return db
    .delete(authFailures)
    .where(
      and(
        sql`(${authFailures.subject} like 'ip:%' or ${authFailures.scope} in ('login', 'reset_request'))`,
        lt(authFailures.createdAt, before),
      ),
    );
}

/** The failures no ceiling counts before `windowOnly`, every failure before `all` (decision 236). */
export async function deleteFailuresBefore(
  db: DbOrTx,
  before: { windowOnly: Date; all: Date },
): Promise<void> {
  await windowOnlyFailuresPrune(db, before.windowOnly);
  await failuresPrune(db, before.all);
}
