import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { users, type DbOrTx } from '@app/db';
import type { Job } from '../../jobs/registry';
import type { DocumentStore } from '../kyc/document-store';
import { eraseDocuments } from '../kyc/kyc-closing';

/** Closed accounts erased per statement; the job goes on until none is left due. */
const ERASURE_BATCH = 100;

/**
 * Up to `limit` closed identities whose retention period has passed, the earliest first. The status
 * is written into the statement, so that its generic plan reaches users_erasure_due_idx (decision 139)
 * and a run reads only the closed identities due, never every member.
 */
export function dueIdentities(
  db: DbOrTx,
  now: Date,
  after: { retainUntil: Date; id: number } | null = null,
  limit = ERASURE_BATCH,
) {
  return db
    .select({ id: users.id, retainUntil: users.retainUntil })
    .from(users)
    .where(
      and(
        sql`${users.status} = 'closed'`,
        isNotNull(users.closedIdentityEnc),
        lte(users.retainUntil, now),
        after
          ? sql`(${users.retainUntil}, ${users.id}) > (${after.retainUntil.toISOString()}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(asc(users.retainUntil), asc(users.id))
    .limit(limit);
}

/** One closed account's identity documents (decision 227), then its sealed identity, in one transaction. */
async function eraseIdentity(db: DbOrTx, store: DocumentStore, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await eraseDocuments(tx, store, userId);
    await tx.update(users).set({ closedIdentityEnc: null }).where(eq(users.id, userId));
  });
}

/**
 * A closed account's sealed identity and its identity documents are kept for the retention period the
 * operator set when it closed (`retain_until`, decisions 177 and 227), then erased; the tombstone row
 * and every ledger entry stay. Idempotent: an erased identity is null and not selected again. One
 * account that cannot be erased (its file store refuses) does not hold up the others: the run goes on
 * past it and reports it at the end, and the next run tries it again.
 */
export function closedAccountErasureJob(store: DocumentStore): Job {
  return {
    name: 'closed-account-erasure',
    async run({ database, clock }) {
      const now = clock.now();
      const failures: unknown[] = [];
      let after: { retainUntil: Date; id: number } | null = null;
      for (;;) {
        const due = await dueIdentities(database.db, now, after);
        for (const { id } of due)
          await eraseIdentity(database.db, store, id).catch((error) => failures.push(error));
        const last = due.at(-1);
        if (due.length < ERASURE_BATCH || !last?.retainUntil) break;
        after = { retainUntil: last.retainUntil, id: last.id };
      }
      if (failures.length > 0)
        throw new AggregateError(failures, `${failures.length} closed account(s) not erased`);
    },
  };
}
