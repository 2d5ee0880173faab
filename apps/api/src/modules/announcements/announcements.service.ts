import { desc, eq, count } from 'drizzle-orm';
import { announcements, plans, type AnnouncementRow, type Tx } from '@app/db';
import {
  ANNOUNCEMENT_MESSAGES as M,
  type Announcement,
  type AnnouncementInput as InputSchema,
  type AnnouncementListResponse,
} from '@app/shared';
import type { z } from 'zod';
import type { AppDeps as Deps } from '../../deps';
import { AppError } from '../../errors';
import { pageMeta } from '../../lib/paging';
import { auditChange, type AdminActor } from '../admin-content/admin-actor';
import { audienceSize, deliverAnnouncement } from './announcement-delivery';

type Input = z.output<typeof InputSchema>;

function toApi(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    notice: row.notice,
    segment: row.segment,
    country: row.segmentCountry,
    plan_id: row.segmentPlanId,
    status: row.status,
    scheduled_at: row.scheduledAt?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
    recipients: row.recipients,
    mailed: row.mailed,
    created_at: row.createdAt.toISOString(),
  };
}

const texts = (value: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(value).filter(([, text]) => text)) as Record<string, string>;

async function columns(deps: Deps, input: Input) {
  if (input.segment === 'plan') {
    const [plan] = await deps.database.db
      .select({ id: plans.id })
      .from(plans)
      .where(eq(plans.id, input.plan_id!));
    if (!plan) throw AppError.validation('plan_id', M.planUnknown);
  }
  return {
    title: texts(input.title),
    body: texts(input.body),
    notice: input.notice,
    segment: input.segment,
    segmentCountry: input.segment === 'country' ? input.country! : null,
    segmentPlanId: input.segment === 'plan' ? input.plan_id! : null,
  };
}

/**
 * The announcement, locked for the rest of the transaction, if it may still change: a draft or a
 * scheduled one (404, or 409 once sending or sent). The job's batches lock it too, so a change and a
 * batch take turns, and a batch that comes after a change sees it (decision 183, amended).
 */
async function lockEditable(tx: Tx, id: number): Promise<AnnouncementRow> {
  const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
  if (!row) throw AppError.notFound(M.notFound);
  if (row.status === 'sending' || row.status === 'sent') throw new AppError('CONFLICT', M.alreadySent);
  return row;
}

const timing = (row: AnnouncementRow) => ({
  status: row.status,
  scheduled_at: row.scheduledAt?.toISOString() ?? null,
});

export async function listAnnouncements(
  deps: Deps,
  page: number,
  perPage: number,
): Promise<AnnouncementListResponse> {
  const { db } = deps.database;
  const rows = await db
    .select()
    .from(announcements)
    .orderBy(desc(announcements.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(announcements);
  return { data: rows.map(toApi), meta: pageMeta(page, perPage, total?.n ?? 0) };
}

export async function getAnnouncement(deps: Deps, id: number): Promise<Announcement> {
  const [row] = await deps.database.db.select().from(announcements).where(eq(announcements.id, id));
  if (!row) throw AppError.notFound(M.notFound);
  return toApi(row);
}

export async function announcementAudience(deps: Deps, id: number): Promise<number> {
  const [row] = await deps.database.db.select().from(announcements).where(eq(announcements.id, id));
  if (!row) throw AppError.notFound(M.notFound);
  return audienceSize(deps.database.db, row, deps.clock.now());
}

export async function createAnnouncement(deps: Deps, actor: AdminActor, input: Input): Promise<Announcement> {
  const values = await columns(deps, input);
  return deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({ ...values, createdBy: actor.user.id, createdAt: actor.now, updatedAt: actor.now })
      .returning();
    await auditChange(tx, actor, 'announcement.create', { type: 'announcement', id: row!.id }, null, values);
    return toApi(row!);
  });
}

export async function updateAnnouncement(
  deps: Deps,
  actor: AdminActor,
  id: number,
  input: Input,
): Promise<Announcement> {
  const values = await columns(deps, input);
  return deps.database.db.transaction(async (tx) => {
    const before = await lockEditable(tx, id);
    // Scheduling asked for a recent second factor; a later edit of what the job will mail must not
    // skip it, so only a draft is edited (decision 183).
    if (before.status === 'scheduled') throw new AppError('CONFLICT', M.editScheduled);
    const [row] = await tx
      .update(announcements)
      .set({ ...values, updatedAt: actor.now })
      .where(eq(announcements.id, id))
      .returning();
    await auditChange(tx, actor, 'announcement.update', { type: 'announcement', id }, before, values);
    return toApi(row!);
  });
}

/** Sets the time the job sends it (or, `at` null, takes it back to a draft). */
export async function scheduleAnnouncement(
  deps: Deps,
  actor: AdminActor,
  id: number,
  at: Date | null,
): Promise<Announcement> {
  if (at && at <= actor.now) throw AppError.validation('at', M.scheduleInPast);
  return deps.database.db.transaction(async (tx) => {
    const before = await lockEditable(tx, id);
    const [row] = await tx
      .update(announcements)
      .set({ status: at ? 'scheduled' : 'draft', scheduledAt: at, updatedAt: actor.now })
      .where(eq(announcements.id, id))
      .returning();
    await auditChange(
      tx,
      actor,
      'announcement.schedule',
      { type: 'announcement', id },
      timing(before),
      timing(row!),
    );
    return toApi(row!);
  });
}

/** Sends now: marks it due and delivers it batch by batch (the job finishes it if this stops). */
export async function sendAnnouncement(deps: Deps, actor: AdminActor, id: number): Promise<Announcement> {
  await deps.database.db.transaction(async (tx) => {
    const before = await lockEditable(tx, id);
    const [row] = await tx
      .update(announcements)
      .set({ status: 'sending', scheduledAt: actor.now, updatedAt: actor.now })
      .where(eq(announcements.id, id))
      .returning();
    // Who started a mass mailing, to whom, and to how many members at that moment.
    await auditChange(tx, actor, 'announcement.send', { type: 'announcement', id }, timing(before), {
      ...timing(row!),
      segment: before.segment,
      country: before.segmentCountry,
      plan_id: before.segmentPlanId,
      notice: before.notice,
      audience: await audienceSize(tx, before, actor.now),
    });
  });
  await deliverAnnouncement(deps.database, deps.mailer, id, actor.now);
  return getAnnouncement(deps, id);
}
