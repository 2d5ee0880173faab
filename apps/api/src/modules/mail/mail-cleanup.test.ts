import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mailOutbox } from '@app/db';
import { createTestApp } from '../../../test/helpers';
import { genericPlanOf } from '../../../test/plans';
import { queryRows } from '../../ledger/sql';
import {
  DELIVERED_MAIL_PRUNE_BATCH,
  DELIVERED_MAIL_RETENTION_DAYS,
  deliveredMailsPrune,
} from '../../integrations/mail/mail-dispatch';
import { mailCleanupJob } from './mail-cleanup.job';

/** Decision 232: delivered mails are deleted 90 days after they were written, a batch a run. */
const { app, clock } = await createTestApp();
const { db } = app.deps.database;
const DAY = 86_400_000;

async function mail(
  status: 'stored' | 'pending' | 'sent' | 'failed',
  daysAgo: number,
  to = 'ada@example.com',
) {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to,
      subject: `${status} ${daysAgo}`,
      text: '',
      status,
      createdAt: new Date(clock.now().getTime() - daysAgo * DAY),
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

const ids = async () => (await db.select({ id: mailOutbox.id }).from(mailOutbox)).map((row) => row.id);

describe('the mail clean-up job', () => {
  it('deletes sent and failed mails past 90 days, and keeps pending, stored and younger ones', async () => {
    const gone = [
      await mail('sent', DELIVERED_MAIL_RETENTION_DAYS + 1),
      await mail('failed', DELIVERED_MAIL_RETENTION_DAYS + 30),
    ];
    const kept = [
      await mail('sent', DELIVERED_MAIL_RETENTION_DAYS - 1),
      await mail('failed', 2),
      await mail('pending', DELIVERED_MAIL_RETENTION_DAYS + 5),
      await mail('stored', DELIVERED_MAIL_RETENTION_DAYS + 5),
    ];
    await mailCleanupJob.run({ database: app.deps.database, clock });
    const left = await ids();
    for (const id of gone) expect(left).not.toContain(id);
    for (const id of kept) expect(left).toContain(id);
  });

  it('deletes at most one batch a run, oldest first', async () => {
    await db.delete(mailOutbox);
    await db.insert(mailOutbox).values(
      Array.from({ length: DELIVERED_MAIL_PRUNE_BATCH + 5 }, (_, i) => ({
        to: 'grace@example.com',
        subject: `old ${i}`,
        text: '',
        status: 'sent' as const,
        createdAt: new Date(clock.now().getTime() - (DELIVERED_MAIL_RETENTION_DAYS + 1 + i) * DAY),
      })),
    );
    await mailCleanupJob.run({ database: app.deps.database, clock });
    const left = await db.select({ subject: mailOutbox.subject }).from(mailOutbox);
    // The five youngest of the expired stay for the next run.
    expect(left.map((row) => row.subject).sort()).toEqual(['old 0', 'old 1', 'old 2', 'old 3', 'old 4']);
    await mailCleanupJob.run({ database: app.deps.database, clock });
    expect(await ids()).toEqual([]);
  });

  it('finds them by mail_outbox_delivered_idx and deletes each by its key, on a large analysed outbox', async () => {
    await db.delete(mailOutbox);
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      to: `member${i % 500}@example.com`,
      subject: `mail ${i}`,
      text: '',
      status: i % 10 === 0 ? ('pending' as const) : ('sent' as const),
      createdAt: new Date(clock.now().getTime() - (i % 200) * DAY),
    }));
    for (let i = 0; i < rows.length; i += 2_000) await db.insert(mailOutbox).values(rows.slice(i, i + 2_000));
    await db.execute(sql`analyze mail_outbox`);
    const before = new Date(clock.now().getTime() - DELIVERED_MAIL_RETENTION_DAYS * DAY);
    // The job's own statement, planned as the product plans it (generically, decision 135).
    const plan = await genericPlanOf(app.deps.database, () => deliveredMailsPrune(before), {
      asConfigured: true,
    });
    expect(plan).toContain('mail_outbox_delivered_idx');
    expect(plan).not.toMatch(/Seq Scan on mail_outbox/);
    await mailCleanupJob.run({ database: app.deps.database, clock });
    const [left] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from mail_outbox`);
    expect(left?.n).toBe(rows.length - DELIVERED_MAIL_PRUNE_BATCH);
  });
});
