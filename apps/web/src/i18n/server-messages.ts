import type { TFunction } from 'i18next';
import {
  centsToMajor,
  ENGLISH_MARKS,
  formatMoney,
  localAmountText,
  parseAmountToCents,
} from '@app/shared/money';

/**
 * The API's messages that carry a number or an amount ("Too many attempts. Please try again in 15
 * minutes."): their English is made by functions (`AUTH_MESSAGES.throttled`, `GOAL_MESSAGES.tooManyGoals`,
 * …), so they cannot be keys of the `messages` namespace. Each is read back into its key under
 * `serverMessages` and its count, then said in the reader's language with its plural form; an amount
 * (the API writes it in English: "$1,250.00") is formatted again in the reader's ("1250,00 US$"). The
 * test renders every function's English through these patterns, so a changed wording fails there.
 */
const TEMPLATES: ReadonlyArray<{ pattern: RegExp; key: string; param: 'count' | 'unit' }> = [
  {
    pattern: /^Too many attempts\. Please try again in (\d+) seconds?\.$/,
    key: 'throttledSeconds',
    param: 'count',
  },
  {
    pattern: /^Too many attempts\. Please try again in (\d+) minutes?\.$/,
    key: 'throttledMinutes',
    param: 'count',
  },
  {
    pattern: /^Please wait (\d+) seconds? before requesting a new code\.$/,
    key: 'otpResendTooSoon',
    param: 'count',
  },
  {
    pattern: /^Please wait (\d+) seconds? before asking for another code\.$/,
    key: 'emailChangeTooSoon',
    param: 'count',
  },
  { pattern: /^You can have at most (\d+) goals?\.$/, key: 'tooManyGoals', param: 'count' },
  {
    pattern: /^Your balance is insufficient: the first investment of this goal is (.+)\.$/,
    key: 'goalFirstUnit',
    param: 'unit',
  },
];

/**
 * An amount as the API wrote it ("$1,250.00") in the reader's number locale ("1250,00 US$"); as given
 * when it is not one.
 */
function localMoney(amount: string, locale: string): string {
  const text = localAmountText(amount, ENGLISH_MARKS);
  const read = text === null ? null : parseAmountToCents(text);
  return read?.ok ? formatMoney(centsToMajor(read.cents), { locale }) : amount;
}

/**
 * The message in the reader's language when it is one of the templates; null otherwise. `locale` is the
 * reader's number locale (NUMBER_LOCALES), for an amount the message carries.
 */
export function templatedMessage(t: TFunction, message: string, locale: string): string | null {
  for (const { pattern, key, param } of TEMPLATES) {
    const match = pattern.exec(message);
    if (!match?.[1]) continue;
    const value = param === 'count' ? Number(match[1]) : localMoney(match[1], locale);
    return t(`serverMessages.${key}`, { [param]: value, ns: 'translation' });
  }
  return null;
}
