import type { DbOrTx } from '@app/db';
import {
  NOTIFICATION_MESSAGES,
  notificationLink,
  type NotificationKind,
  type NotificationListResponse,
  type NotificationReadResponse,
} from '@app/shared';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../errors';
import { pageMeta } from '../../lib/paging';
import * as repository from './notifications.repository';

export interface NotifyInput {
  user: { id: number; email: string };
  kind: NotificationKind;
  title: string;
  body: string;
  /** One notification per business event (e.g. deposit:12:confirmed): a repeat is not stored again. */
  reference: string;
  /** Important events are also mailed (DESIGN §6). */
  mail?: boolean;
}

/**
 * Stores a member's notification in the caller's transaction (so it exists exactly when the money
 * event does) and, for the important ones, mails it through the outbox.
 */
export async function notify(
  db: DbOrTx,
  deps: { mailer: Mailer },
  input: NotifyInput,
  now: Date,
): Promise<void> {
  const created = await repository.insertOnce(db, {
    userId: input.user.id,
    kind: input.kind,
    title: input.title,
    body: input.body,
    reference: input.reference,
    createdAt: now,
  });
  if (created && input.mail) {
    await deps.mailer.send(db, { to: input.user.email, subject: input.title, text: input.body });
  }
}

export async function listNotifications(
  db: DbOrTx,
  userId: number,
  page: number,
  perPage: number,
): Promise<NotificationListResponse> {
  const { rows, total, unread } = await repository.listForUser(db, userId, page, perPage);
  return {
    data: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      read_at: row.readAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      link: notificationLink(row.kind),
    })),
    meta: pageMeta(page, perPage, total),
    unread_count: unread,
  };
}

export async function markNotificationRead(
  db: DbOrTx,
  userId: number,
  id: number,
  now: Date,
): Promise<NotificationReadResponse> {
  if (!(await repository.markRead(db, userId, id, now)))
    throw AppError.notFound(NOTIFICATION_MESSAGES.notFound);
  return { message: 'Notification marked as read.', unread_count: await repository.unreadCount(db, userId) };
}

export async function markAllNotificationsRead(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<NotificationReadResponse> {
  await repository.markAllRead(db, userId, now);
  return { message: NOTIFICATION_MESSAGES.allRead, unread_count: 0 };
}
