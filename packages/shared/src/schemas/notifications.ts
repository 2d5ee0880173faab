import { z } from 'zod';
import { UNREAD_COUNT_CAP } from '../constants';
import { ListMeta, pageField, perPageField } from './common';

export const NOTIFICATION_KINDS = [
  'deposit_confirmed',
  'deposit_partially_paid',
  'deposit_failed',
  'deposit_refunded',
  'deposit_refund_recovered',
  'withdrawal_requested',
  'withdrawal_approved',
  'withdrawal_rejected',
  'withdrawal_cancelled',
  'deposit_cancelled',
  'loan_application_cancelled',
  'referral_reward',
  // A reversed deposit takes back the referral reward it earned (decision 214).
  'referral_reward_reversed',
  'points_converted',
  'plan_matured',
  // A plan's rate changes (decision 193): new investments at once, renewals after the notice.
  'plan_rate_changed',
  'plan_renewal_notice',
  'plan_renewed',
  'loan_approved',
  'loan_rejected',
  'loan_payment_missed',
  'loan_completed',
  'goal_contribution_skipped',
  'goal_completed',
  'goal_off_track',
  'balance_corrected',
  // Announcements (decision 183): news the member may turn off; security and terms notices always go.
  'news_announcement',
  'security_notice',
  // Identity verification decided (decision 189): an account notice, so always delivered.
  'security_kyc_approved',
  'security_kyc_rejected',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const NOTIFICATION_MESSAGES = {
  empty: "We'll keep you updated when there's something new.",
  notFound: 'Notification not found.',
  allRead: 'All notifications marked as read.',
  preferencesSaved: 'Notification choices saved.',
  securityLocked: 'Security notifications cannot be turned off.',
} as const;

/**
 * What a member can choose to receive (issue 36 item 4, decision 178): per category and channel.
 * Security is always on: sign-ins from a new place, password and email changes.
 */
export const NOTIFICATION_CATEGORIES = ['money', 'security', 'product_news', 'goals', 'loans'] as const;
export const NotificationCategory = z.enum(NOTIFICATION_CATEGORIES);
export type NotificationCategory = z.infer<typeof NotificationCategory>;

/** The category a notification of `kind` belongs to: goals and loans their own, every other money movement `money`. */
export function notificationCategory(kind: string): NotificationCategory {
  if (kind.startsWith('goal_')) return 'goals';
  if (kind.startsWith('loan_')) return 'loans';
  if (kind.startsWith('security_')) return 'security';
  if (kind.startsWith('news_')) return 'product_news';
  return 'money';
}

export const NotificationPreference = z.object({
  category: NotificationCategory,
  in_app: z.boolean(),
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof NotificationPreference>;

export const NotificationPreferencesResponse = z.object({
  data: z.array(NotificationPreference.extend({ locked: z.boolean() })),
});
export type NotificationPreferencesResponse = z.infer<typeof NotificationPreferencesResponse>;

/** A save sends any of the categories; one left out keeps its current choice. Security stays on. */
export const UpdateNotificationPreferencesBody = z.object({
  preferences: z
    .array(NotificationPreference)
    .min(1)
    .max(NOTIFICATION_CATEGORIES.length)
    .superRefine((list, context) => {
      list.forEach((item, index) => {
        if (list.findIndex((other) => other.category === item.category) !== index)
          context.addIssue({
            code: 'custom',
            path: [index, 'category'],
            message: 'Each category can be given once.',
          });
        if (item.category === 'security' && !(item.in_app && item.email))
          context.addIssue({
            code: 'custom',
            path: [index, 'email'],
            message: NOTIFICATION_MESSAGES.securityLocked,
          });
      });
    }),
});
export type UpdateNotificationPreferencesBody = z.infer<typeof UpdateNotificationPreferencesBody>;

export const NotificationPreferencesSaved = NotificationPreferencesResponse.extend({ message: z.string() });
export type NotificationPreferencesSaved = z.infer<typeof NotificationPreferencesSaved>;

export const Notification = z.object({
  id: z.number().int(),
  /** Other areas may add kinds later; the web app shows title and body whatever the kind. Title and
   * body are in the reader's language (made when read from the stored key and parameters). */
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  /** The member page the notification concerns (e.g. /activity?type=deposit), or null. */
  link: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** The page of the member area that a notification of `kind` concerns. */
export function notificationLink(kind: string): string | null {
  if (kind.startsWith('deposit_refund')) return '/activity?type=deposit_refund';
  if (kind.startsWith('deposit_')) return '/activity?type=deposit';
  if (kind.startsWith('withdrawal_')) return '/activity?type=withdrawal';
  if (kind.startsWith('referral_reward')) return '/rewards';
  if (kind === 'points_converted') return '/activity?type=points_conversion';
  if (kind === 'balance_corrected') return '/activity?type=adjustment';
  if (kind.startsWith('plan_')) return '/my-portfolio';
  if (kind.startsWith('goal_')) return '/my-goals';
  if (kind.startsWith('security_kyc_')) return '/profile';
  return null;
}

export const NotificationListQuery = z.object({
  page: pageField(),
  per_page: perPageField().default(20),
  /** The language to show the texts in (the web app's UI language); the member's saved one without. */
  lang: z.string().max(16).optional(),
});
/**
 * The member's unread notifications (of the kinds shown), counted up to UNREAD_COUNT_CAP (decision
 * 219): the cap itself means "at least that many".
 */
const UnreadCount = z
  .number()
  .int()
  .min(0)
  .max(UNREAD_COUNT_CAP)
  .meta({
    description: `Unread notifications of the kinds shown, counted up to ${UNREAD_COUNT_CAP}: ${UNREAD_COUNT_CAP} means ${UNREAD_COUNT_CAP} or more.`,
  });

export const NotificationListResponse = z.object({
  data: z.array(Notification),
  meta: ListMeta,
  unread_count: UnreadCount,
});
export type NotificationListResponse = z.infer<typeof NotificationListResponse>;

export const NotificationReadResponse = z.object({ message: z.string(), unread_count: UnreadCount });
export type NotificationReadResponse = z.infer<typeof NotificationReadResponse>;
