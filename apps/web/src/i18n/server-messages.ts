import type { TFunction } from 'i18next';

/**
 * The API's messages that carry a number or an amount ("Too many attempts. Please try again in 15
 * minutes."): their English is made by functions (`AUTH_MESSAGES.throttled`, `GOAL_MESSAGES.tooManyGoals`,
 * …), so they cannot be keys of the `messages` namespace. Each is read back into its key under
 * `serverMessages` and its count, then said in the reader's language with its plural form. The test
 * renders every function's English through these patterns, so a changed wording fails there.
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

/** The message in the reader's language when it is one of the templates; null otherwise. */
export function templatedMessage(t: TFunction, message: string): string | null {
  for (const { pattern, key, param } of TEMPLATES) {
    const match = pattern.exec(message);
    if (!match?.[1]) continue;
    const value = param === 'count' ? Number(match[1]) : match[1];
    return t(`serverMessages.${key}`, { [param]: value, ns: 'translation' });
  }
  return null;
}
