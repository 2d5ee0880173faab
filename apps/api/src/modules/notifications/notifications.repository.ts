import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { notificationPreferences, notifications, type DbOrTx, type NotificationRow } from '@app/db';
import { NOTIFICATION_CATEGORIES, UNREAD_COUNT_CAP, type NotificationCategory } from '@app/shared';
import { COUNT_PAGES_AHEAD, selectMemberPage } from '../../lib/paging';

export async function insertOnce(
  db: DbOrTx,
  row: Omit<typeof notifications.$inferInsert, 'id' | 'readAt'>,
): Promise<boolean> {
  const inserted = await db
    .insert(notifications)
    .values(row)
    .onConflictDoNothing({ target: notifications.reference })
    .returning({ id: notifications.id });
  return inserted.length > 0;
}

export interface NewNotificationRow {
  user_id: number;
  kind: string;
  /** The English text (what a reader sees if the key is ever unknown) and the key + parameters. */
  title: string;
  body: string;
  message_key: string;
  params: Record<string, string | number>;
  reference: string;
}

/** Notifications of a whole batch in one statement (one per reference, as insertOnce stores them). */
export async function insertManyOnce(db: DbOrTx, rows: NewNotificationRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`insert into notifications (user_id, kind, title, body, message_key, params, reference, created_at)
        select x.user_id, x.kind, x.title, x.body, x.message_key, x.params, x.reference, ${now.toISOString()}
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(user_id int, kind text, title text, body text, message_key text, params jsonb, reference text)
        on conflict (reference) do nothing`,
  );
}

/**
 * One row per member `members` selects (column `user_id`), the same text for all: one statement.
 * Answers the members whose row it stored (a reference already there is skipped).
 */
export async function insertEachOnce(
  db: DbOrTx,
  members: SQL,
  row: Omit<NewNotificationRow, 'user_id' | 'reference'>,
  referencePrefix: string,
  now: Date,
): Promise<number[]> {
  const result = await db.execute(
    sql`insert into notifications (user_id, kind, title, body, message_key, params, reference, created_at)
        select m.user_id, ${row.kind}, ${row.title}, ${row.body}, ${row.message_key},
               ${JSON.stringify(row.params)}::jsonb, ${referencePrefix} || m.user_id, ${now.toISOString()}
        from (${members}) as m
        on conflict (reference) do nothing
        returning user_id`,
  );
  return (result as { rows: Array<{ user_id: number | string }> }).rows.map((r) => Number(r.user_id));
}

/**
 * A notification's category in SQL: migration 0055's `notification_category(kind)`, the same function
 * as `notificationCategory` in @app/shared, and the expression of the two category indexes.
 */
const categoryOf = sql<NotificationCategory>`notification_category(${notifications.kind})`;

/** A select of each shown category, put together with UNION ALL (one alone when only one is shown). */
function eachShown<Q extends { unionAll(other: Q): unknown }>(
  shown: readonly NotificationCategory[],
  branch: (category: NotificationCategory) => Q,
): Q {
  const [first, ...rest] = shown.map(branch);
  if (!first) throw new Error('the bell shows at least the security category');
  return rest.reduce((union, next) => union.unionAll(next) as Q, first);
}

const ofCategory = (userId: number, category: NotificationCategory) =>
  and(eq(notifications.userId, userId), eq(categoryOf, category));
/** The bell's order, made fresh for each use: Drizzle rewrites a set operation's ORDER BY terms in place. */
const newest = () => [desc(notifications.createdAt), desc(notifications.id)];

/** The page's rows when some categories are hidden (exported for the test that reads its plan). */
export function shownPageQuery(
  db: DbOrTx,
  userId: number,
  shown: readonly NotificationCategory[],
  offset: number,
  limit: number,
) {
  return eachShown(shown, (category) =>
    db
      .select()
      .from(notifications)
      .where(ofCategory(userId, category))
      .orderBy(...newest())
      .limit(offset + limit)
      .$dynamic(),
  )
    .orderBy(...newest())
    .limit(limit)
    .offset(offset);
}

/**
 * A page of the bell, without the categories the member turned off in the app (decision 178). Most
 * members turn nothing off: their page is the shared member-list read. Otherwise each shown category is
 * read newest first through notifications_category_idx, cut to the page's end, and the branches merged
 * (decision 221): the rows the member does not see are never walked.
 */
export async function listForUser(
  db: DbOrTx,
  userId: number,
  page: number,
  perPage: number,
  shown: readonly NotificationCategory[],
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const unread = await unreadCount(db, userId, shown);
  if (shown.length === NOTIFICATION_CATEGORIES.length) {
    const { rows, total } = await selectMemberPage(db, notifications, userId, page, perPage);
    return { rows, total, unread };
  }
  const offset = (page - 1) * perPage;
  const rows = await shownPageQuery(db, userId, shown, offset, perPage);
  // Counted as the shared member lists count (decision 039): at most COUNT_PAGES_AHEAD pages past this
  // one, so a long history costs this read no more than a short one.
  const cap = offset + perPage * (COUNT_PAGES_AHEAD + 1);
  const capped = eachShown(shown, (category) =>
    db
      .select({ id: notifications.id })
      .from(notifications)
      .where(ofCategory(userId, category))
      .limit(cap)
      .$dynamic(),
  )
    .limit(cap)
    .as('capped');
  const [counted] = await db.select({ total: count() }).from(capped);
  return { rows, total: counted?.total ?? 0, unread };
}

/**
 * The bell's unread count, counted as the member lists count (decision 039): at most UNREAD_COUNT_CAP
 * unread rows, then the count of those (decision 219). A member who never reads has thousands; the bell
 * shows 99+ from 100 on, so more would cost a read and tell the member nothing. The rows come from
 * notifications_unread_category_idx: by its first column for a member who sees every category, by each
 * shown category otherwise (decision 221).
 */
export async function unreadCount(
  db: DbOrTx,
  userId: number,
  shown: readonly NotificationCategory[] = NOTIFICATION_CATEGORIES,
): Promise<number> {
  const [row] = await unreadCountQuery(db, userId, shown);
  return row?.unread ?? 0;
}

/** The select of unreadCount (exported for the test that reads its plan). */
export function unreadCountQuery(db: DbOrTx, userId: number, shown: readonly NotificationCategory[]) {
  const unreadOf = (category: NotificationCategory | null) =>
    db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          category === null ? undefined : eq(categoryOf, category),
        ),
      )
      .limit(UNREAD_COUNT_CAP)
      .$dynamic();
  const unread =
    shown.length === NOTIFICATION_CATEGORIES.length
      ? unreadOf(null)
      : eachShown(shown, unreadOf).limit(UNREAD_COUNT_CAP);
  return db.select({ unread: count() }).from(unread.as('unread'));
}

export interface PreferenceRow {
  category: string;
  inApp: boolean;
  email: boolean;
}

/** The categories whose defaults (every channel on) the member changed. */
export function preferencesOf(db: DbOrTx, userId: number): Promise<PreferenceRow[]> {
  return db
    .select({
      category: notificationPreferences.category,
      inApp: notificationPreferences.inApp,
      email: notificationPreferences.email,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function savePreferences(
  db: DbOrTx,
  userId: number,
  rows: PreferenceRow[],
  now: Date,
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values(rows.map((row) => ({ userId, ...row, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.category],
      set: {
        inApp: sql`excluded.in_app`,
        email: sql`excluded.email`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

export async function markRead(db: DbOrTx, userId: number, id: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)));
  if (!row) return false;
  if (!row.readAt) await db.update(notifications).set({ readAt: now }).where(eq(notifications.id, id));
  return true;
}

export async function markAllRead(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
