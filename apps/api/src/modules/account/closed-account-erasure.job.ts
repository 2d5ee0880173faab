import { and, isNotNull, lte, sql } from 'drizzle-orm';
import { users, type DbOrTx } from '@app/db';
import type { Job } from '../../jobs/registry';

/**
 * The closed identities whose retention period has passed, erased. The status is written into the
 * statement, so that its generic plan reaches users_erasure_due_idx (decision 139) and a run reads only
 * the closed identities due, never every member.
 */
export function eraseDueIdentities(db: DbOrTx, now: Date) {
  return db
    .update(users)
    .set({ closedIdentityEnc: null })
    .where(
      and(sql`${users.status} = 'closed'`, isNotNull(users.closedIdentityEnc), lte(users.retainUntil, now)),
    );
}

/**
 * A closed account's sealed identity is kept for the retention period the operator set when it closed
 * (`retain_until`, decision 177), then erased; the tombstone row and every ledger entry stay. Idempotent:
 * an erased identity is null and not selected again.
 */
export const closedAccountErasureJob: Job = {
  name: 'closed-account-erasure',
  async run({ database, clock }) {
    await eraseDueIdentities(database.db, clock.now());
  },
};
