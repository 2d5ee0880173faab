import { sendRenewalNotices } from '../modules/investing/renewal-notice';
import type { Job } from './registry';

/**
 * Tells members whose fixed term will renew the rate it renews at, RENEWAL_NOTICE_DAYS before its end
 * (decision 194). Idempotent: a told position is marked, and each notice has a unique reference.
 */
export const renewalNoticeJob: Job = {
  name: 'renewal-notice',
  async run({ database, clock }) {
    await sendRenewalNotices(database, clock.now());
  },
};
