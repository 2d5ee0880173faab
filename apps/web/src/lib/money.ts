import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, numberFormat } from '@app/shared/intl-formats';
import { formatMoney, type FormatMoneyOptions } from '@app/shared/money';
import { NUMBER_LOCALES } from '@app/shared/number-locales';

export type MoneyDecimals = 0 | 2;

/** Whether an amount shows its sign: the shared formatter's `signDisplay` (Intl's). */
export type MoneySign = NonNullable<FormatMoneyOptions['signDisplay']>;

export interface MoneyOptions {
  /** A movement or a correction shown with its sign: "+$25.00", "−$25.00" (Intl places it). */
  signDisplay?: MoneySign;
}

/**
 * Formats account amounts (USD major units, as the API gives them) with the shared money formatter
 * in the reader's language: `money(1234.5)` → "$1,234.50"; `money(1234.5, 0)` → "$1,234";
 * `money(-40, 2, { signDisplay: 'exceptZero' })` → "−$40.00" (in Arabic RLM, LRM, "−40.00 US$", all in
 * one left-to-right isolate, so a right-to-left line keeps it whole).
 */
export function useMoney(): (major: number, decimals?: MoneyDecimals, options?: MoneyOptions) => string {
  const { i18n } = useTranslation();
  const locale = NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'] ?? 'en-US';
  return useCallback(
    (major: number, decimals: MoneyDecimals = 2, { signDisplay = 'auto' }: MoneyOptions = {}) =>
      formatMoney(major, { locale, decimals, signDisplay }),
    [locale],
  );
}

/** The number locale of the reader's language (NUMBER_LOCALES). */
export function useNumberLocale(): string {
  const { i18n } = useTranslation();
  return NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'] ?? 'en-US';
}

/** A calendar day as the API writes it (YYYY-MM-DD): a UTC day, never a moment in the reader's zone. */
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function formatDate(
  iso: string | null | undefined,
  readersDay: Intl.DateTimeFormat,
  utcDay: Intl.DateTimeFormat,
): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return (DAY_ONLY.test(iso) ? utcDay : readersDay).format(date);
}

/** A day in UTC, kept for every reader (intl-formats.ts). */
const utcDayFormat = (locale: string) => dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * A date (ISO string) for tables and lists, in the reader's language; '—' when it is not a date. A
 * moment is shown on the reader's day; a bare day (YYYY-MM-DD) is that day wherever the reader is.
 */
export function useDateFormat(): (iso: string | null | undefined) => string {
  const locale = useNumberLocale();
  // The reader's zone as the component is built (a kept formatter would keep the zone of its first use).
  const readersDay = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale]);
  return useCallback(
    (iso: string | null | undefined) => formatDate(iso, readersDay, utcDayFormat(locale)),
    [locale, readersDay],
  );
}

/**
 * A UTC day in the reader's language: a bare day (YYYY-MM-DD: an accrual, a due date) or the UTC day
 * of a moment, as the API's filters, exports and statements count days. West of UTC a day shown in
 * the reader's zone would be the day before.
 */
export function useUtcDayFormat(): (iso: string | null | undefined) => string {
  const locale = useNumberLocale();
  return useCallback(
    (iso: string | null | undefined) => {
      const utcDay = utcDayFormat(locale);
      return formatDate(iso, utcDay, utcDay);
    },
    [locale],
  );
}

/** A moment (ISO string) with its time, in the reader's language: "Mar 4, 2026, 10:00 AM". */
export function useDateTimeFormat(): (iso: string) => string {
  const { i18n } = useTranslation();
  const locale = NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'] ?? 'en-US';
  // The reader's zone as the component is built (a kept formatter would keep the zone of its first use).
  const format = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  );
  return useCallback(
    (iso: string) => {
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return '—';
      return format.format(date);
    },
    [format],
  );
}

export interface PercentOptions {
  /** Decimals shown (2 unless told: "8.00%"; progress bars use 0). */
  decimals?: number;
  /** A change or a rate shown with its sign: "+8.00%". */
  signed?: boolean;
}

/**
 * A percentage (8 = 8%) in the reader's language, through Intl: "8.00%" in English, "8,00 %" in
 * Spanish, "8.00%" in Arabic (Western digits, as amounts). Every percentage on a member screen goes
 * through this, so it never sits in English form beside a localised amount.
 */
export function usePercent(): (percent: number, options?: PercentOptions) => string {
  const { i18n } = useTranslation();
  const locale = NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'] ?? 'en-US';
  return useCallback(
    (percent: number, { decimals = 2, signed = false }: PercentOptions = {}) =>
      numberFormat(locale, {
        style: 'percent',
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
        signDisplay: signed ? 'exceptZero' : 'auto',
      }).format(Number.isFinite(percent) ? percent / 100 : 0),
    [locale],
  );
}

/**
 * A formatted amount that may wrap only between its number and its currency ("12.500,00" / "US$"),
 * never inside its digits: Intl joins them with a no-break space. For narrow boxes on a phone, with
 * `wrap-break-word`, which breaks inside a word only when nothing else would fit.
 */
export function currencyMayWrap(amount: string): string {
  return amount.replace(/\u00a0/g, ' ');
}
