import { z } from 'zod';
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

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
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

/**
 * A calendar date written YYYY-MM-DD (a real date, from year 1: there is no year 0, and the database
 * refuses one).
 */
export const isoDate = (message = 'Enter a date as YYYY-MM-DD.') =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return (
        !Number.isNaN(date.getTime()) &&
        date.toISOString().slice(0, 10) === value &&
        !value.startsWith('0000')
      );
    }, message);
