import { and, lte } from 'drizzle-orm';
import { announcements, type DbOrTx } from '@app/db';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Job } from '../../jobs/registry';
import { inLiterals } from '../../ledger/sql';
import { deliverAnnouncement } from './announcement-delivery';

/**
 * Sends the announcements whose time has come, and finishes any a stopped run left half-sent
 * (decision 183). Idempotent: each batch moves the announcement's cursor in the transaction that
 * stores its notifications, and a notification's reference is unique.
 */
/**
 * The announcements due to send (exported for the test that reads its plan): through
 * announcements_due_idx, its status predicate written as literals (decision 139).
 */
export function dueAnnouncementsQuery(db: DbOrTx, now: Date) {
  return db
    .select({ id: announcements.id })
    .from(announcements)
    .where(
      and(inLiterals(announcements.status, ['scheduled', 'sending']), lte(announcements.scheduledAt, now)),
    );
}

export function announcementSendJob(mailer: Mailer): Job {
  return {
    name: 'announcement-send',
    async run({ database, clock }) {
      const now = clock.now();
      const due = await dueAnnouncementsQuery(database.db, now);
      for (const { id } of due) await deliverAnnouncement(database, mailer, id, now);
    },
  };
}
