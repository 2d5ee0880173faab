import { and, count, eq, isNull } from 'drizzle-orm';
import { notifications, type DbOrTx, type NotificationRow } from '@app/db';
import { selectMemberPage } from '../../lib/paging';

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

export async function listForUser(
  db: DbOrTx,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const { rows, total } = await selectMemberPage(db, notifications, userId, page, perPage);
  return { rows, total, unread: await unreadCount(db, userId) };
}

export async function unreadCount(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
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
