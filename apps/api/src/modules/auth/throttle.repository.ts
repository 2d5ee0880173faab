import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import { authFailures, type DbOrTx } from '@app/db';

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

export async function insertFailures(
  db: DbOrTx,
  scope: string,
  subjects: string[],
  now: Date,
): Promise<void> {
  if (subjects.length === 0) return;
  await db.insert(authFailures).values(subjects.map((subject) => ({ scope, subject, createdAt: now })));
}

export async function deleteFailures(db: DbOrTx, scope: string, subjects: string[]): Promise<void> {
  if (subjects.length === 0) return;
  await db
    .delete(authFailures)
    .where(and(eq(authFailures.scope, scope), inArray(authFailures.subject, subjects)));
}

export async function deleteFailuresBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(authFailures).where(lt(authFailures.createdAt, before));
}
