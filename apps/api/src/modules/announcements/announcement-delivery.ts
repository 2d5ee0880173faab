import { sql, type SQL } from 'drizzle-orm';
import { announcements, type AnnouncementRow, type Database, type DbOrTx, type Tx } from '@app/db';
import { notificationLink } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { Mailer, PreparedMail } from '../../integrations/mail/mailer';
import { mailLanguage } from '../../integrations/mail/mail-texts';
import { notificationMail } from '../mail/mail-templates';
import { notifyEach } from '../notifications/notifications.service';
import {
  notificationLanguage,
  renderNotification,
  type AnnouncementParams,
} from '../notifications/notification-texts';

/** Members per delivery transaction: one INSERT … SELECT of notifications, then their mails. */
export const ANNOUNCEMENT_BATCH = 1000;

/**
 * The members an announcement reaches (decision 183): active members, narrowed by the segment.
 * "Verified" is an approved identity verification whose document has not expired on `now`'s day
 * (decision 180's states: an approved one past its expiry date reads as expired).
 */
export function segmentFilter(
  row: Pick<AnnouncementRow, 'segment' | 'segmentCountry' | 'segmentPlanId'>,
  now: Date,
): SQL {
  const base = sql`u.role = 'member' and u.status = 'active'`;
  switch (row.segment) {
    case 'all':
      return base;
    case 'verified':
      return sql`${base} and exists (select 1 from kyc_verifications k where k.user_id = u.id
        and k.status = 'approved' and (k.document_expires_on is null or k.document_expires_on >= ${now.toISOString().slice(0, 10)}::date))`;
    case 'with_plan':
      return sql`${base} and exists (select 1 from user_plans x where x.user_id = u.id and x.status in ('active', 'locked'))`;
    case 'with_loan':
      return sql`${base} and exists (select 1 from loans x where x.user_id = u.id and x.status = 'active')`;
    case 'country':
      return sql`${base} and exists (select 1 from user_profiles p where p.user_id = u.id and p.country = ${row.segmentCountry})`;
    case 'plan':
      return sql`${base} and exists (select 1 from user_plans x where x.user_id = u.id and x.plan_id = ${row.segmentPlanId}
        and x.status in ('active', 'locked'))`;
  }
}

export async function audienceSize(
  db: DbOrTx,
  row: Parameters<typeof segmentFilter>[0],
  now: Date,
): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from users u where ${segmentFilter(row, now)}`,
  );
  return Number((result as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
}

export function announcementParams(row: Pick<AnnouncementRow, 'id' | 'title' | 'body'>): AnnouncementParams {
  const params: AnnouncementParams = {
    announcement: row.id,
    title_en: row.title.en ?? '',
    body_en: row.body.en ?? '',
  };
  for (const language of ['es', 'ar'] as const) {
    const title = row.title[language];
    const body = row.body[language];
    if (title && body) Object.assign(params, { [`title_${language}`]: title, [`body_${language}`]: body });
  }
  return params;
}

interface Member {
  id: number;
  email: string;
  username: string;
  language: string;
  /** The member's mail choice allows it (a notice always). */
  mail: boolean;
}

interface Picked extends Member {
  /** Its notification was stored by this statement (not there from an earlier run). */
  fresh: boolean;
}

/**
 * Whether the member is mailed: always for a notice, else unless they turned product news off. Their
 * choice is read by its key (a `left join` of the preferences was planned as a scan of all of them).
 */
const mailAllowed = (notice: boolean, member: SQL) =>
  sql`(${notice}::boolean or coalesce((select np.email from notification_preferences np
        where np.user_id = ${member} and np.category = 'product_news'), true)) as mail`;

/** The members of the next batch after the cursor, with their mail choice: read before the lock. */
async function nextMembers(database: Database, row: AnnouncementRow, now: Date): Promise<Member[]> {
  const result = await database.db.execute(sql`
    select u.id, u.email, u.username, u.language, ${mailAllowed(row.notice, sql`u.id`)}
    from users u
    where u.id > ${row.cursor} and ${segmentFilter(row, now)}
    order by u.id limit ${ANNOUNCEMENT_BATCH}`);
  return (result as { rows: Member[] }).rows;
}

function announcementMail(row: AnnouncementRow, member: Member) {
  const language = notificationLanguage(member.language);
  return {
    to: member.email,
    content: notificationMail(mailLanguage(language), {
      name: member.username,
      ...renderNotification({ key: 'announcement', params: announcementParams(row) }, language),
      link: notificationLink(row.notice ? 'security_notice' : 'news_announcement'),
    }),
  };
}

/**
 * Whether an announcement is to be delivered now: scheduled (or being sent) for a time that has come.
 * Checked again under the row's lock before each batch, so one taken back to a draft or moved to a
 * later time after the job listed it is not sent (decision 183, amended).
 */
function due(row: AnnouncementRow, now: Date): boolean {
  return (
    (row.status === 'scheduled' || row.status === 'sending') &&
    row.scheduledAt !== null &&
    row.scheduledAt.getTime() <= now.getTime()
  );
}

/**
 * Delivers one batch (decision 183). The next members after the cursor are read, and their mails
 * rendered, before the transaction; the transaction then locks the announcement and, if no other run
 * moved its cursor meanwhile, stores the notifications of the members of the segment in that id range
 * in one INSERT … SELECT (a reference already there is skipped), writes the rendered mails of the new
 * ones to the outbox, and moves the cursor and counts: the lock is held for statements, not rendering
 * (a run that finds the row changed since it read it starts the batch again).
 * Answers false when the segment is exhausted (the announcement is then marked sent).
 */
async function deliverBatch(database: Database, mailer: Mailer, id: number, now: Date): Promise<boolean> {
  const [seen] = await database.db.select().from(announcements).where(eq(announcements.id, id));
  if (!seen || !due(seen, now)) return false;
  const members = await nextMembers(database, seen, now);
  const rendered = new Map<number, PreparedMail>();
  for (const member of members.filter((m) => m.mail))
    rendered.set(Number(member.id), await mailer.prepare(database.db, announcementMail(seen, member)));
  return database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
    if (!row || !due(row, now)) return false;
    // Another run moved on, or an admin edited it, meanwhile: read (and render) the batch again.
    if (row.cursor !== seen.cursor || row.updatedAt.getTime() !== seen.updatedAt.getTime()) return true;
    if (members.length === 0) {
      await tx
        .update(announcements)
        .set({ status: 'sent', sentAt: now, updatedAt: now })
        .where(eq(announcements.id, id));
      return false;
    }
    const last = Number(members[members.length - 1]!.id);
    const picked = await storeNotifications(tx, row, last, now);
    let mailed = 0;
    for (const member of picked.filter((m) => m.fresh && m.mail)) {
      const mail = rendered.get(Number(member.id));
      // Bulk: sent after every other due mail (decision 209).
      if (mail) await mailer.deliver(tx, mail, { bulk: true });
      else await mailer.send(tx, announcementMail(row, member), { bulk: true }); // joined meanwhile: rare
      mailed += 1;
    }
    await tx
      .update(announcements)
      .set({
        status: 'sending',
        cursor: last,
        recipients: sql`${announcements.recipients} + ${picked.filter((m) => m.fresh).length}`,
        mailed: sql`${announcements.mailed} + ${mailed}`,
        updatedAt: now,
      })
      .where(eq(announcements.id, id));
    return true;
  });
}

/**
 * The notifications of the segment's members in (cursor, last], stored through the notifications
 * service in one INSERT … SELECT (a reference already there is skipped), then those members with their
 * mail choice, each marked fresh when this run stored its notification.
 */
async function storeNotifications(tx: Tx, row: AnnouncementRow, last: number, now: Date): Promise<Picked[]> {
  const inBatch = sql`u.id > ${row.cursor} and u.id <= ${last} and ${segmentFilter(row, now)}`;
  const stored = await notifyEach(
    tx,
    sql`select u.id as user_id from users u where ${inBatch}`,
    {
      kind: row.notice ? 'security_notice' : 'news_announcement',
      message: { key: 'announcement', params: announcementParams(row) },
      referencePrefix: `announcement:${row.id}:`,
    },
    now,
  );
  const fresh = new Set(stored);
  const result = await tx.execute(sql`
    select u.id, u.email, u.username, u.language, ${mailAllowed(row.notice, sql`u.id`)}
    from users u where ${inBatch} order by u.id`);
  return (result as { rows: Member[] }).rows.map((member) => ({
    ...member,
    fresh: fresh.has(Number(member.id)),
  }));
}

/** Delivers a whole announcement, batch after batch; safe to run again (it resumes at its cursor). */
export async function deliverAnnouncement(
  database: Database,
  mailer: Mailer,
  id: number,
  now: Date,
): Promise<void> {
  while (await deliverBatch(database, mailer, id, now)) {
    // next batch
  }
}
