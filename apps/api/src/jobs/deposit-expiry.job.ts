import { pruneIdempotencyKeys } from '../plugins/idempotency';
import { expireDueDeposits } from '../modules/deposits/deposit-crediting.service';
import type { Mailer } from '../integrations/mail/mailer';
import type { Job } from './registry';

/**
 * Pending gateway deposits expire 24 hours after they were started (DESIGN §6); the stored
 * Idempotency-Key answers older than a day are pruned. Idempotent: an expired deposit is not pending.
 */
export function depositExpiryJob(mailer: Mailer): Job {
  return {
    name: 'deposit-expiry',
    async run({ database, clock }) {
      const now = clock.now();
      await expireDueDeposits({ database, mailer, now });
      await pruneIdempotencyKeys(database.db, now);
    },
  };
}
