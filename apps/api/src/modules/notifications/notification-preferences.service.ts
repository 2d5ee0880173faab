import type { DbOrTx } from '@app/db';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_MESSAGES,
  notificationCategory,
  type NotificationCategory,
  type NotificationPreferencesResponse,
  type NotificationPreferencesSaved,
  type UpdateNotificationPreferencesBody,
} from '@app/shared';
import * as repository from './notifications.repository';

/**
 * A member's notification choices (issue 36 item 4, decision 178): per category, in the app (the bell)
 * and by email. A category the member never changed has every channel on; security cannot be turned off.
 */
export interface Channels {
  inApp: boolean;
  email: boolean;
}

const ALL_ON: Channels = { inApp: true, email: true };

async function choices(db: DbOrTx, userId: number): Promise<Map<string, Channels>> {
  const rows = await repository.preferencesOf(db, userId);
  return new Map(rows.map((row) => [row.category, { inApp: row.inApp, email: row.email }]));
}

export async function getNotificationPreferences(
  db: DbOrTx,
  userId: number,
): Promise<NotificationPreferencesResponse> {
  const saved = await choices(db, userId);
  return {
    data: NOTIFICATION_CATEGORIES.map((category) => {
      const channels = category === 'security' ? ALL_ON : (saved.get(category) ?? ALL_ON);
      return { category, in_app: channels.inApp, email: channels.email, locked: category === 'security' };
    }),
  };
}

export async function updateNotificationPreferences(
  db: DbOrTx,
  userId: number,
  body: UpdateNotificationPreferencesBody,
  now: Date,
): Promise<NotificationPreferencesSaved> {
  await repository.savePreferences(
    db,
    userId,
    body.preferences.map((item) => ({ category: item.category, inApp: item.in_app, email: item.email })),
    now,
  );
  return {
    message: NOTIFICATION_MESSAGES.preferencesSaved,
    ...(await getNotificationPreferences(db, userId)),
  };
}

/** The channels a notification of `kind` may use for this member. */
export async function channelsFor(db: DbOrTx, userId: number, kind: string): Promise<Channels> {
  const category: NotificationCategory = notificationCategory(kind);
  if (category === 'security') return ALL_ON;
  return (await choices(db, userId)).get(category) ?? ALL_ON;
}

/** The categories the bell shows: all but those the member turned off in the app (security always). */
export async function shownCategories(db: DbOrTx, userId: number): Promise<NotificationCategory[]> {
  const saved = await choices(db, userId);
  return NOTIFICATION_CATEGORIES.filter((category) => saved.get(category)?.inApp !== false);
}
