import { and, eq, isNotNull, lte } from 'drizzle-orm';
import { users } from '@app/db';
import type { Job } from '../../jobs/registry';

/**
 * A closed account's sealed identity is kept for the retention period the operator set when it closed
 * (`retain_until`, decision 177), then erased; the tombstone row and every ledger entry stay. Idempotent:
 * an erased identity is null and not selected again.
 */
export const closedAccountErasureJob: Job = {
  name: 'closed-account-erasure',
  async run({ database, clock }) {
    await database.db
      .update(users)
      .set({ closedIdentityEnc: null })
      .where(
        and(
          eq(users.status, 'closed'),
          isNotNull(users.closedIdentityEnc),
          lte(users.retainUntil, clock.now()),
        ),
      );
  },
};
