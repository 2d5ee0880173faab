import { centsToMajor, formatMoney, formatPercentLabel, type AdminQueue } from '@app/shared';
import { rejectionReasonIn } from './notification-texts-reasons';
import { AR } from './notification-texts-ar';
import { EN } from './notification-texts-en';
import { ES } from './notification-texts-es';

/**
 * The texts of members' notifications, by key, in every language the site offers (decision 162). A
 * notification stores its key and parameters; the text is made when it is read (the bell, the admin's
 * view of a member) or mailed, in the reader's language. Money parameters are integer cents and dates
 * ISO days, formatted here for the reader's locale; names (plans, goals, usernames) and the reasons an
 * operator typed are shown as written.
 */
export interface NotificationParams {
  deposit_confirmed: { reference: string; amount: number };
  deposit_partially_paid: { reference: string; credited: number; amount: number };
  deposit_failed: { reference: string; amount: number };
  deposit_expired: { reference: string; amount: number };
  deposit_rejected: { reference: string; amount: number; reason: string };
  deposit_refunded: { reference: string; credited: number; taken: number; owed: number };
  deposit_refund_recovered: { reference: string; paid: number; outstanding: number };
  withdrawal_approved: { amount: number };
  withdrawal_rejected: { amount: number; reason: string };
  withdrawal_cancelled: { amount: number };
  /** Cancelled by the undo of an email change asked after it (decision 175). */
  withdrawal_cancelled_by_undo: { amount: number };
  deposit_cancelled: { reference: string; amount: number };
  loan_application_cancelled: { plan: string; amount: number };
  referral_reward: { username: string; points: number };
  /** Points taken back of the `earned` reward, when its deposit was reversed (decision 214). */
  referral_reward_reversed: { username: string; points: number; earned: number };
  plan_matured: { plan: string; amount: number; earned: number };
  /** Rates in basis points; `changed_on` and `renewals_from` ISO days (decision 193). */
  plan_rate_changed: {
    plan: string;
    apy_before: number;
    apy_after: number;
    locked_before: number;
    locked_after: number;
    changed_on: string;
    renewals_from: string;
  };
  /**
   * Decision 194: rate in basis points, `ends` the ISO day the term ends; with_earnings 1 or 0;
   * reinvesting 1 when the position reinvests its earnings (absent on notices written before it).
   */
  plan_renewal_notice: {
    plan: string;
    amount: number;
    rate_bps: number;
    ends: string;
    with_earnings: number;
    reinvesting?: number;
  };
  plan_renewed: { plan: string; amount: number; earned: number; rate_bps: number; ends: string };
  loan_approved: { plan: string; amount: number };
  loan_rejected: { plan: string; amount: number; reason: string };
  loan_completed: { plan: string; amount: number };
  loan_payment_missed: { amount: number; due: string };
  goal_completed: { goal: string; target: number };
  goal_skipped_plan_closed: { goal: string; due: string; plan: string };
  goal_skipped_low_balance: { goal: string; due: string; amount: number };
  goal_off_track: { goal: string; target: number; date: string; projected: number; suggested: number };
  goal_off_track_late: { goal: string; target: number; date: string; projected: number };
  balance_corrected: { amount: number; reason: string };
  /** Identity verification decided (decision 189); the reason is the reviewer's. */
  kyc_approved: Record<string, never>;
  kyc_rejected: { reason: string };
  /** An admin's announcement (decision 183): its own text per language, English always there. */
  announcement: AnnouncementParams;
}
/** An announcement's texts, flat (parameters are strings and numbers): `title_en`, `body_es`... */
export type AnnouncementParams = Record<string, string | number> & {
  announcement: number;
  title_en: string;
  body_en: string;
};
export type NotificationKey = keyof NotificationParams;
export type NotificationMessage = {
  [K in NotificationKey]: { key: K; params: NotificationParams[K] };
}[NotificationKey];

export const NOTIFICATION_LANGUAGES = ['en', 'es', 'ar'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];

/** Formats for one reader: money from cents, ISO days, whole numbers. */
export interface Formats {
  money(cents: number): string;
  date(isoDay: string): string;
  number(value: number): string;
  /** A rate in basis points as a percentage ("12.5%"). */
  percent(bps: number): string;
  /**
   * An operator's rejection reason, its chosen label in the reader's language (the words as written),
   * as a clause (`clause`).
   */
  reason(queue: AdminQueue, text: string): string;
  /**
   * Words an operator typed, as a clause of the sentence around them: without a final full stop (the
   * sentence adds its own) and, in Arabic, isolated (U+2068 … U+2069) so that English words keep their
   * order inside the right-to-left sentence.
   */
  clause(text: string): string;
}

export type Texts = {
  [K in Exclude<NotificationKey, 'announcement'>]: {
    title: (p: NotificationParams[K]) => string;
    body: (p: NotificationParams[K], f: Formats) => string;
  };
};

const TEXTS: Record<NotificationLanguage, Texts> = { en: EN, es: ES, ar: AR };

/** Locale tags per language, as the web app formats figures (Arabic keeps Western digits). */
const LOCALES: Record<NotificationLanguage, string> = { en: 'en-US', es: 'es-ES', ar: 'ar-u-nu-latn' };

/** The language to render in: the first of `candidates` the texts exist in, else English. */
export function notificationLanguage(...candidates: (string | null | undefined)[]): NotificationLanguage {
  for (const candidate of candidates) {
    const code = candidate?.toLowerCase().split('-')[0];
    if (code && (NOTIFICATION_LANGUAGES as readonly string[]).includes(code))
      return code as NotificationLanguage;
  }
  return 'en';
}

function formatsFor(language: NotificationLanguage): Formats {
  const locale = LOCALES[language];
  const clause = (text: string) => {
    const words = text.trim().replace(/[.。]+$/u, '');
    return language === 'ar' ? `\u2068${words}\u2069` : words;
  };
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const numbers = new Intl.NumberFormat(locale);
  return {
    money: (cents) => formatMoney(centsToMajor(cents), { locale }),
    date: (isoDay) => {
      const date = new Date(`${isoDay}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? isoDay : dates.format(date);
    },
    number: (value) => numbers.format(value),
    percent: (bps) => formatPercentLabel(bps, language),
    reason: (queue, text) => clause(rejectionReasonIn(language, queue, text)),
    clause,
  };
}

/** A message's title and body in `language`. */
export function renderNotification(
  message: NotificationMessage,
  language: NotificationLanguage,
): { title: string; body: string } {
  if (message.key === 'announcement') {
    // The reader's language when the admin wrote it, else English (decision 183).
    const p = message.params;
    const title = p[`title_${language}`];
    const body = p[`body_${language}`];
    return typeof title === 'string' && typeof body === 'string'
      ? { title, body }
      : { title: p.title_en, body: p.body_en };
  }
  const text = TEXTS[language][message.key] as {
    title: (p: NotificationMessage['params']) => string;
    body: (p: NotificationMessage['params'], f: Formats) => string;
  };
  return { title: text.title(message.params), body: text.body(message.params, formatsFor(language)) };
}

/** Whether a stored key and parameters make a message these texts can render (else the stored text shows). */
export function storedMessage(
  key: string | null,
  params: Record<string, string | number> | null,
): NotificationMessage | null {
  if (!key || !params || !(key === 'announcement' || key in EN)) return null;
  return { key, params } as NotificationMessage;
}
