import type { Job } from '../../jobs/registry';
import { pruneEmailOtps } from './email-verification.service';
import { pruneChallenges } from './sign-in.service';
import { pruneResetLinks } from './password-reset.service';
import { pruneFailures } from './throttle.service';
import { pruneEndedTokens } from './token.service';

/**
 * Deletes auth rows that no rule reads any more: failures, codes, challenges and reset links more than a
 * day past their window, and tokens 90 days after they ended (decision 217). Plain deletes by age are
 * idempotent, so every node may run it (DESIGN §4).
 */
export const authCleanupJob: Job = {
  name: 'auth-cleanup',
  async run({ database, clock }) {
    const now = clock.now();
    await pruneFailures(database.db, now);
    await pruneEmailOtps(database.db, now);
    await pruneChallenges(database.db, now);
    await pruneEndedTokens(database.db, now);
    await pruneResetLinks(database.db, now);
  },
};
