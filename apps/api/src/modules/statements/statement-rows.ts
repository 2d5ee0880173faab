import type { StatementMovement } from './statements.repository';
import { typeLabel, type StatementLanguage, type StatementTexts } from './statement-texts';

/** The Activity type of a ledger entry kind (the kind itself when it is its own type). */
export function movementType(kind: string): string {
  return kind;
}

/** The row's description in the member's language. */
export function movementDescription(
  movement: StatementMovement,
  texts: StatementTexts,
  _language: StatementLanguage,
): string {
  return typeLabel(texts, movementType(movement.kind));
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
