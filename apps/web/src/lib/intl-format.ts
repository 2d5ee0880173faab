import { numberFormat } from '@app/shared/intl-formats';
import { isolateAmount } from '@app/shared/money';
import { NUMBER_LOCALES } from '@app/shared/number-locales';

/**
 * Numbers, money and dates for the chosen language (Intl). A figure that is missing (null) or not a
 * finite number is shown as a dash, never as NaN.
 */
export const MISSING = '—';

/** The formatting tag of a language: `ar` keeps Western digits wherever the page is formatted. */
const tagOf = (locale: string) => NUMBER_LOCALES[locale] ?? locale;

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** `signDisplay: 'exceptZero'` shows a gain's plus where the locale puts a sign (inside an Arabic amount). */
export function formatMoney(
  value: number | null | undefined,
  currency: string,
  locale: string,
  { signDisplay = 'auto' }: { signDisplay?: 'auto' | 'exceptZero' } = {},
): string {
  if (!isNumber(value)) return MISSING;
  const small = Math.abs(value) < 10;
  const text = numberFormat(tagOf(locale), {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: small ? 4 : 2,
    signDisplay,
  }).format(value);
  return isolateAmount(text, tagOf(locale));
}

/** Large sums in short form: $1.35T, 433 mil. M€, ... */
export function formatCompactMoney(
  value: number | null | undefined,
  currency: string,
  locale: string,
): string {
  if (!isNumber(value)) return MISSING;
  const text = numberFormat(tagOf(locale), {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 2,
  }).format(value);
  return isolateAmount(text, tagOf(locale));
}

/** A percentage change with its sign and 2 decimals (spec §3): +1.24%, −0.86%. */
export function formatChange(value: number | null | undefined, locale: string): string {
  if (!isNumber(value)) return MISSING;
  return numberFormat(tagOf(locale), {
    style: 'percent',
    signDisplay: 'exceptZero',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value / 100);
}

export function formatNumber(value: number | null | undefined, locale: string, digits = 0): string {
  if (!isNumber(value)) return MISSING;
  return numberFormat(tagOf(locale), { maximumFractionDigits: digits }).format(value);
}

export function formatTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  // In the reader's zone, built for each call: a kept formatter would keep the zone of its first use.
  return new Intl.DateTimeFormat(tagOf(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function changeTone(value: number | null | undefined): 'up' | 'down' | 'flat' {
  if (!isNumber(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

/** A whole amount of money: $100, 5.000 US$, ... */
export function formatWholeMoney(value: number | null | undefined, currency: string, locale: string): string {
  if (!isNumber(value)) return MISSING;
  const text = numberFormat(tagOf(locale), {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
  }).format(value);
  return isolateAmount(text, tagOf(locale));
}
