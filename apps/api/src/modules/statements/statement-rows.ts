import type { StatementMovement } from './statements.repository';
import { ACTIVITY_ENTRY_KINDS, ACTIVITY_TYPES, describeActivity, type ActivityType } from '@app/shared';
import type { StatementLanguage } from './statement-texts';

const TYPE_OF_KIND = new Map<string, ActivityType>(
  ACTIVITY_TYPES.flatMap((type) => ACTIVITY_ENTRY_KINDS[type].map((kind) => [kind, type] as const)),
);

/** The Activity type of a ledger entry kind, as Activity types it (any other kind is an adjustment). */
export function movementType(kind: string): ActivityType {
  return TYPE_OF_KIND.get(kind) ?? 'adjustment';
}

/** The row's description in the member's language: the same words as Activity (decision 158). */
export function movementDescription(movement: StatementMovement, language: StatementLanguage): string {
  return describeActivity(movement, language);
}

const LOCALES: Record<StatementLanguage, string> = { en: 'en-US', es: 'es', ar: 'ar' };

/** Formats of one statement: money (cents, US dollars) and dates (UTC) in the member's language. */
export function statementFormats(language: StatementLanguage) {
  const locale = LOCALES[language];
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
  const signed = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    signDisplay: 'exceptZero',
  });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return {
    money: (cents: number) => money.format(cents / 100),
    signed: (cents: number) => signed.format(cents / 100),
    day: (iso: string) => day.format(new Date(iso)),
    month: (from: Date) => month.format(from),
  };
}
