/**
 * Money is integer cents everywhere (DESIGN §5). This module is the only place that turns user input
 * into cents and cents into text, on the server and in the browser.
 */
import { numberFormat } from './intl-formats';

export const MAX_AMOUNT_MAJOR = 1_000_000_000_000; // 1e12 dollars
const AMOUNT_PATTERN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

export type ParseAmountResult = { ok: true; cents: number } | { ok: false; reason: string };

/**
 * Parses a money amount given as a JSON number or a numeric string: greater than 0, at most two
 * decimals, at most 1e12. Never goes through floating-point arithmetic: the decimal text is split.
 */
export function parseAmountToCents(input: unknown): ParseAmountResult {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, reason: 'Amount must be a number.' };
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return { ok: false, reason: 'Amount must be a number.' };
  }
  const match = AMOUNT_PATTERN.exec(text);
  if (!match) {
    if (/^-?\d*(\.\d+)?$/.test(text) && text !== '' && text !== '.') {
      if (text.startsWith('-')) return { ok: false, reason: 'Amount must be greater than 0.' };
      if ((text.split('.')[0] ?? '').replace(/^0+/, '').length > 13)
        return { ok: false, reason: 'Amount is too large.' };
      return { ok: false, reason: 'Amount may have at most 2 decimals.' };
    }
    return { ok: false, reason: 'Amount must be a number.' };
  }
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const cents = whole * 100 + fraction;
  if (cents <= 0) return { ok: false, reason: 'Amount must be greater than 0.' };
  if (cents > MAX_AMOUNT_MAJOR * 100) return { ok: false, reason: 'Amount is too large.' };
  return { ok: true, cents };
}

/** How a language writes a number: the mark before the decimals and the mark between thousands. */
export interface NumberMarks {
  decimal: string;
  group: string;
}

/** English (and the API's) marks: 1,500.50. */
export const ENGLISH_MARKS: NumberMarks = { decimal: '.', group: ',' };

const ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
const CURRENCY_AFFIX = /^(US\$|USD|\$)|(US\$|USD|\$)$/gi;
const SPACES = /[\s\u00a0\u202f]/g;
const DIRECTION_MARKS = /[\u200e\u200f\u061c\u2066-\u2069]/g;
const escapeMark = (mark: string) => mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An amount as a member types it in their language, as the plain decimal text parseAmountToCents
 * reads: with Spanish marks "1.500,50" → "1500.50" and "1.500" → "1500"; with English ones
 * "$1,500.50" → "1500.50". A dollar sign or USD around it, spaces, and Arabic-Indic digits and marks
 * are allowed; a space between digits is a grouping mark. Grouping marks must stand between groups of
 * three digits before the decimals: text
 * that could be read two ways ("1.50" with Spanish marks, "1,50" with English ones) gives null, as
 * does anything else that is not an amount. A sign is kept, so a negative amount can be named so.
 */
export function localAmountText(input: string, marks: NumberMarks): string | null {
  const text = input
    .replace(DIRECTION_MARKS, '')
    .replace(ARABIC_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf))
    .replace(/\u066b/g, marks.decimal)
    .replace(/\u066c/g, marks.group)
    .trim()
    .replace(CURRENCY_AFFIX, '')
    // A space between digits groups them ("20 000"), under the grouping mark's rule: "1 5" is no amount.
    .replace(/(\d)[\s\u00a0\u202f]+(?=\d)/g, `$1${marks.group}`)
    .replace(SPACES, '')
    .replace(/^\u2212/, '-');
  const decimal = escapeMark(marks.decimal);
  const group = escapeMark(marks.group);
  const shape = new RegExp(`^(-?)(\\d{1,3}(?:${group}\\d{3})+|\\d*)(?:${decimal}(\\d+))?$`);
  const match = shape.exec(text);
  if (!match || (match[2] === '' && match[3] === undefined)) return null;
  const [, sign = '', whole = '', fraction] = match;
  const digits = whole.split(marks.group).join('') || '0';
  return `${sign}${digits}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Cents to major units for API responses: an exact JSON number with at most 2 decimals. */
export function centsToMajor(cents: number): number {
  return cents / 100;
}

/** Major units (as the API gives them) back to integer cents, rounding away float noise. */
export function majorToCents(major: number): number {
  return Math.round(major * 100);
}

/** Integer division rounding half to even: the one rounding rule of the ledger (DESIGN §5). */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const quotient = numerator / denominator; // truncates toward zero
  const remainder = numerator - quotient * denominator;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < denominator) return quotient;
  const away = numerator < 0n ? quotient - 1n : quotient + 1n;
  if (twice > denominator) return away;
  return quotient % 2n === 0n ? quotient : away;
}

export interface FormatMoneyOptions {
  currency?: string;
  locale?: string;
  /** Number of decimals shown; the dashboard balance uses 0, totals use 2. */
  decimals?: 0 | 2;
  /**
   * Intl's `signDisplay`: 'auto' (the default) shows only a minus; 'exceptZero' a plus or a minus, none
   * on zero; 'always' a plus on zero too. The locale places the sign ("+25,00 US$" in Spanish; in Arabic
   * inside the number's left-to-right run); a signed amount's minus is drawn as U+2212.
   */
  signDisplay?: 'auto' | 'exceptZero' | 'always';
}

// One formatter per locale, currency and decimals (intl-formats.ts): building an Intl.NumberFormat
// costs far more than formatting with it (it was a tenth of the assistant's CPU).
function moneyFormat(
  locale: string,
  currency: string,
  decimals: 0 | 2,
  signDisplay: NonNullable<FormatMoneyOptions['signDisplay']>,
): Intl.NumberFormat {
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay,
  });
}

/** Languages written right to left, by a locale tag's language subtag. */
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur']);

/**
 * An amount formatted for a right-to-left language, as one left-to-right unit (U+2066 LEFT-TO-RIGHT
 * ISOLATE … U+2069 POP DIRECTIONAL ISOLATE); other languages' text as it is. ICU's Arabic amount
 * ("5,044.39 US$", with direction marks) otherwise comes apart in a right-to-left line: its "$" was drawn
 * before "US" ("$US 5,044.39"), and a signed amount's sign and currency on either side of it.
 */
export function isolateAmount(text: string, locale: string): string {
  const language = locale.split('-')[0]?.toLowerCase() ?? '';
  return RIGHT_TO_LEFT.has(language) ? `\u2066${text}\u2069` : text;
}

/** Formats major units (as the API gives them) for display, e.g. 1234.5 → "$1,234.50". */
export function formatMoney(major: number, options: FormatMoneyOptions = {}): string {
  const { currency = 'USD', locale = 'en-US', decimals = 2, signDisplay = 'auto' } = options;
  const value = Number.isFinite(major) ? major : 0;
  const format = moneyFormat(locale, currency, decimals, signDisplay);
  const shown = decimals === 0 ? Math.trunc(value) : value;
  if (signDisplay === 'auto') return isolateAmount(format.format(shown), locale);
  const text = format
    .formatToParts(shown)
    .map((part) => (part.type === 'minusSign' ? part.value.replace('-', '\u2212') : part.value))
    .join('');
  return isolateAmount(text, locale);
}
