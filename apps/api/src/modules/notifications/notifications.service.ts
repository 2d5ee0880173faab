import type { SQL } from 'drizzle-orm';
import type { DbOrTx, NotificationRow } from '@app/db';
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
import { channelsFor, shownCategories } from './notification-preferences.service';
import { mailLanguage } from '../../integrations/mail/mail-texts';
import { notificationMail } from '../mail/mail-templates';
import * as repository from './notifications.repository';
import {
  notificationLanguage,
  renderNotification,
  storedMessage,
  type NotificationLanguage,
  type NotificationMessage,
} from './notification-texts';
import { addressee } from '../../integrations/mail/mail-content';

export interface NotifyInput {
  user: {
    id: number;
    email: string;
    username?: string;
    language?: string | null;
    /** A corporate account's mail greets its business (decision 185). */
    accountType?: 'personal' | 'business';
    businessName?: string | null;
  };
  kind: NotificationKind;
  /** The text's key and parameters: rendered in the reader's language when read (decision 162). */
  message: NotificationMessage;
  /** One notification per business event (e.g. deposit:12:confirmed): a repeat is not stored again. */
  reference: string;
  /** Important events are also mailed (DESIGN §6), unless the member turned that category's mail off. */
  mail?: boolean;
}

/**
 * Stores a member's notification in the caller's transaction (so it exists exactly when the money
 * event does) and, for the important ones, mails it through the outbox in the member's language. The
 * row keeps the key and parameters; its English text is stored too, as every row before them had.
 * The row is stored whatever the member's choices (it is the record of the event); the bell leaves out
 * the categories turned off in the app, and no mail goes to a category whose mail is off (decision 178).
 */
export async function notify(
  db: DbOrTx,
  deps: { mailer: Mailer },
  input: NotifyInput,
  now: Date,
): Promise<void> {
  const english = renderNotification(input.message, 'en');
  const created = await repository.insertOnce(db, {
    userId: input.user.id,
    kind: input.kind,
    title: english.title,
    body: english.body,
    messageKey: input.message.key,
    params: input.message.params,
    reference: input.reference,
    createdAt: now,
  });
  if (created && input.mail && (await channelsFor(db, input.user.id, input.kind)).email) {
    const language = notificationLanguage(input.user.language);
    const { title, body } = renderNotification(input.message, language);
    await deps.mailer.send(db, {
      to: input.user.email,
      content: notificationMail(mailLanguage(language), {
        name: input.user.username
          ? addressee({ ...input.user, username: input.user.username })
          : input.user.email,
        title,
        body,
        link: notificationLink(input.kind),
      }),
    });
  }
}

export interface NotifyManyInput {
  userId: number;
  kind: NotificationKind;
  message: NotificationMessage;
  reference: string;
}

/**
 * Stores a batch's notifications (goals' skipped contributions) in one statement in the caller's
 * transaction: the same columns notify() writes, one per reference; none is mailed.
 */
export async function notifyMany(db: DbOrTx, inputs: NotifyManyInput[], now: Date): Promise<void> {
  await repository.insertManyOnce(
    db,
    inputs.map((input) => ({
      user_id: input.userId,
      kind: input.kind,
      ...renderNotification(input.message, 'en'),
      message_key: input.message.key,
      params: input.message.params,
      reference: input.reference,
    })),
    now,
  );
}

/** A stored row's title and body in `language`; a row stored before keys (0031) shows its own text. */
export function notificationText(
  row: Pick<NotificationRow, 'title' | 'body' | 'messageKey' | 'params'>,
  language: NotificationLanguage,
): { title: string; body: string } {
  const message = storedMessage(row.messageKey, row.params);
  return message ? renderNotification(message, language) : { title: row.title, body: row.body };
}

export async function listNotifications(
  db: DbOrTx,
  userId: number,
  page: number,
  perPage: number,
  language: NotificationLanguage,
): Promise<NotificationListResponse> {
  const shown = await shownCategories(db, userId);
  const { rows, total, unread } = await repository.listForUser(db, userId, page, perPage, shown);
  return {
    data: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      ...notificationText(row, language),
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
  const unread = await repository.unreadCount(db, userId, await shownCategories(db, userId));
  return { message: 'Notification marked as read.', unread_count: unread };
}

export async function markAllNotificationsRead(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<NotificationReadResponse> {
  await repository.markAllRead(db, userId, now);
  return { message: NOTIFICATION_MESSAGES.allRead, unread_count: 0 };
}

/**
 * One notification to each member `members` selects (a query of one column, `user_id`), in one
 * INSERT … SELECT in the caller's transaction: the same message for all, reference `<prefix><user id>`
 * (a repeat is not stored again); none is mailed. Answers the members it stored one for (their ids).
 */
export async function notifyEach(
  db: DbOrTx,
  members: SQL,
  input: { kind: NotificationKind; message: NotificationMessage; referencePrefix: string },
  now: Date,
): Promise<number[]> {
  return repository.insertEachOnce(
    db,
    members,
    {
      kind: input.kind,
      ...renderNotification(input.message, 'en'),
      message_key: input.message.key,
      params: input.message.params,
    },
    input.referencePrefix,
    now,
  );
}
