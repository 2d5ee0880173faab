import type { Job } from '../../jobs/registry';
import { pruneDeliveredMails } from '../../integrations/mail/mail-dispatch';

/**
 * Deletes mails 90 days after their delivery ended (decision 232): a batch a run, oldest first. A
 * plain delete by age is idempotent, so every node may run it (DESIGN §4).
 */
export const mailCleanupJob: Job = {
  name: 'mail-cleanup',
  async run({ database, clock }) {
    await pruneDeliveredMails(database.db, clock.now());
  },
};
