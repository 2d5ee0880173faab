import { z } from 'zod';
import { DATE_RANGE, INPUT_MESSAGES } from '../input-rules';
import { parseAmountToCents } from '../money';

/** A required text field: trimmed, not empty, with the message a person reads. */
export const requiredText = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

export const emailField = (requiredMessage = 'Email is required') =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(254, 'Email is too long.')
    .pipe(z.email('Please enter a valid email address.'))
    .transform((value) => value.toLowerCase());

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** A whole number's decimal text as a person or a URL writes it: no sign but minus, no padding, no leading zero. */
const CANONICAL_INTEGER = /^(0|-?[1-9][0-9]{0,15})$/;

/**
 * A whole number as a request carries it: a JSON number, or the canonical decimal text of one (a path,
 * a query string). Never a boolean, an array, or text such as " 10", "1e1", "0x1", "+1", "01" or "":
 * those reach `rules` as they came and fail its type check. `rules` is a `z.number()` with its bounds
 * and messages (give it `{ error }` for the message of a value that is not a number at all).
 */
export const wholeNumber = (rules: z.ZodNumber) =>
  z.preprocess(
    (value: number | string) =>
      typeof value === 'string' && CANONICAL_INTEGER.test(value) ? Number(value) : value,
    rules,
  );

/** A database id (a path's `:id`, a body's `plan_id`): a whole number from 1 to 2^31 - 1. */
export const positiveId = (message: string = INPUT_MESSAGES.wholeNumber) =>
  wholeNumber(z.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message));

/** `page` of a paged list (DESIGN §7), 1 when absent; `messages` where a list words its own. */
export const pageField = (messages: { min?: string } = {}) =>
  wholeNumber(
    z
      .number({ error: INPUT_MESSAGES.wholeNumber })
      .int(INPUT_MESSAGES.wholeNumber)
      .min(1, messages.min)
      .max(100_000),
  ).default(1);

/** `per_page` of a paged list: 1 to 100. */
export const perPageField = (messages: { max?: string } = {}) =>
  wholeNumber(
    z
      .number({ error: INPUT_MESSAGES.wholeNumber })
      .int(INPUT_MESSAGES.wholeNumber)
      .min(1)
      .max(100, messages.max),
  );

export const PageQuery = z.object({
  page: pageField(),
  per_page: perPageField().optional(),
});

/** The `meta` of a paged list (DESIGN §7). */
export const ListMeta = z.object({
  current_page: z.number().int(),
  total_pages: z.number().int(),
  total: z.number().int(),
});
export type ListMeta = z.infer<typeof ListMeta>;

export interface MoneyAmountMessages {
  /** Missing, not a number, zero or negative. */
  invalid: string;
  /** Smallest accepted amount in cents and the message when below it. */
  min?: { cents: number; message: string };
}

/**
 * A money amount typed by a person (JSON number or numeric string). Input: what the form holds;
 * output: integer **cents** (money.ts rules: > 0, at most 2 decimals, at most 1e12).
 */
export const moneyAmount = (messages: MoneyAmountMessages) =>
  z.union([z.number(), z.string()], { error: messages.invalid }).transform((value, ctx) => {
    const parsed = parseAmountToCents(value);
    if (!parsed.ok) {
      const message =
        parsed.reason === 'Amount may have at most 2 decimals.' || parsed.reason === 'Amount is too large.'
          ? parsed.reason
          : messages.invalid;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (messages.min && parsed.cents < messages.min.cents) {
      ctx.addIssue({ code: 'custom', message: messages.min.message });
      return z.NEVER;
    }
    return parsed.cents;
  });

function isRealDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * A calendar date written YYYY-MM-DD: a real date, within DATE_RANGE (decision 153; the database and
 * the code that adds a day to the last one both have limits far from any date a person means).
 */
export const isoDate = (message = 'Enter a date as YYYY-MM-DD.') =>
  z
    .string({ error: message })
    .trim()
    // One message a field: a day that is not real, else one outside the range (not aborting, so that a
    // union holding this, such as the goal's "empty or a date", still reports it).
    .superRefine((value, ctx) => {
      if (!isRealDay(value)) ctx.addIssue({ code: 'custom', message });
      else if (value < DATE_RANGE.earliest || value > DATE_RANGE.latest) {
        ctx.addIssue({ code: 'custom', message: INPUT_MESSAGES.dateOutOfRange });
      }
    })
    // The API's document says which fields are dates (tests probe them with dates out of range).
    .meta({ format: 'date' });

/** Whitespace, a backslash or a control character anywhere: never part of an address we link to. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSAFE_IN_URL = /[\s\u0000-\u001f\u007f\\]/;

/**
 * Whether `value` is an address the site may link to or load (decision 153): `https:` with a host and
 * no credentials, or (`mailto`) a `mailto:` address, or (`sitePath`) a path of this site ("/logo.svg",
 * never "//host", which is another site). Never `javascript:`, `data:`, `http:` or any other scheme.
 */
export function isSafeLinkUrl(
  value: string,
  options: { mailto?: boolean; sitePath?: boolean } = {},
): boolean {
  if (value === '' || UNSAFE_IN_URL.test(value)) return false;
  if (options.sitePath && value.startsWith('/')) return !value.startsWith('//');
  if (options.mailto && /^mailto:/i.test(value)) {
    return z.email().safeParse(value.slice('mailto:'.length).split('?')[0]).success;
  }
  // No user or password before the host ("https://bank.example@evil.example").
  if (!/^https:\/\/[^/?#@]+(?:[/?#]|$)/i.test(value)) return false;
  return HTTPS_URL.safeParse(value).success;
}

const HTTPS_URL = z.url({ protocol: /^https$/, hostname: z.regexes.domain });

/** An address an admin enters (a social profile, a logo): `isSafeLinkUrl`, at most `max` characters. */
export const linkUrl = (options: { message: string; mailto?: boolean; sitePath?: boolean; max?: number }) =>
  z
    .string({ error: options.message })
    .trim()
    .max(options.max ?? 500, options.message)
    .refine((value) => isSafeLinkUrl(value, options), options.message);
