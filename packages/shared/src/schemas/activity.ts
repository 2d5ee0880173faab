import { z } from 'zod';
import { ACTIVITY_PAGE_SIZE, ACTIVITY_TYPES } from '../constants';
import { ListMeta, isoDate, pageField, perPageField } from './common';

export const ACTIVITY_MESSAGES = {
  failed: 'Failed to fetch transactions',
  empty: 'No transactions found.',
  invalidType: `Choose ${ACTIVITY_TYPES.slice(0, -1).join(', ')} or ${ACTIVITY_TYPES.at(-1)}.`,
  invalidDate: 'Enter a date as YYYY-MM-DD.',
  endBeforeStart: 'The end date must be on or after the start date.',
} as const;

export const ActivityType = z.enum(ACTIVITY_TYPES, { error: ACTIVITY_MESSAGES.invalidType });
export type ActivityType = z.infer<typeof ActivityType>;

/** Empty query values ('' from a form) mean "no filter". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** GET /api/activity. Dates are whole UTC days, both inclusive. */
export const ActivityQuery = z
  .object({
    type: z.preprocess(blankToUndefined, ActivityType.optional()),
    start_date: z.preprocess(blankToUndefined, isoDate(ACTIVITY_MESSAGES.invalidDate).optional()),
    end_date: z.preprocess(blankToUndefined, isoDate(ACTIVITY_MESSAGES.invalidDate).optional()),
    page: pageField(),
    per_page: perPageField().default(ACTIVITY_PAGE_SIZE),
  })
  .refine((value) => !value.start_date || !value.end_date || value.start_date <= value.end_date, {
    path: ['end_date'],
    message: ACTIVITY_MESSAGES.endBeforeStart,
  });
export type ActivityQuery = z.input<typeof ActivityQuery>;

/** GET /api/activity/export: the same filters, every page (a CSV statement). */
export const ActivityExportQuery = z
  .object({
    type: z.preprocess(blankToUndefined, ActivityType.optional()),
    start_date: z.preprocess(blankToUndefined, isoDate(ACTIVITY_MESSAGES.invalidDate).optional()),
    end_date: z.preprocess(blankToUndefined, isoDate(ACTIVITY_MESSAGES.invalidDate).optional()),
  })
  .refine((value) => !value.start_date || !value.end_date || value.start_date <= value.end_date, {
    path: ['end_date'],
    message: ACTIVITY_MESSAGES.endBeforeStart,
  });
export type ActivityExportQuery = z.input<typeof ActivityExportQuery>;

/** The statement's columns, in order. */
export const ACTIVITY_EXPORT_COLUMNS = [
  'date',
  'type',
  'description',
  'amount_usd',
  'balance_after_usd',
  'points',
  'status',
  'id',
] as const;

/**
 * What a row's description is built from (decision 158), in the member's language by
 * `describeActivity`: never stored English. `kind` is the ledger entry's kind, or `deposit` for a
 * deposit not credited.
 */
export const ActivityDetail = z.object({
  kind: z.string(),
  /** Deposit or withdrawal method (bank_transfer, coinpayment, nowpayments, crypto). */
  method: z.string().nullable(),
  /** A deposit's reference (the deposit, or the reversed deposit of a deposit_refund); a correction's member reason. */
  reference: z.string().nullable(),
  /** The plan (investment, earning, principal returned, loan disbursement). */
  plan: z.string().nullable(),
  /** The goal an investment is a unit of (a goal contribution); null otherwise. */
  goal: z.string().nullable(),
  /** The loan instalment's number; null for an early repayment. */
  instalment: z.number().int().nullable(),
  /**
   * A loan collection that paid only part of its instalment (the member's cash fell short, decision
   * 081): true; false or absent otherwise (entries written before 2026-12-01 do not say).
   */
  part_payment: z.boolean().optional(),
  /**
   * The entry that restated an early exit written before its penalty and forfeit were rows of their
   * own (migration 0073, decision 186): it returns the rest of the principal, beside those two rows.
   */
  restated: z.boolean().optional(),
  /**
   * A pending bank transfer a first admin has matched to the bank's statement (decision 237): the
   * money has arrived and a second admin is to confirm it, so the member can no longer cancel it.
   */
  matched: z.boolean().optional(),
});
export type ActivityDetail = z.infer<typeof ActivityDetail>;

export const ActivityItem = z.object({
  /** Stable across pages, e.g. "deposit:12", "withdrawal:3", "entry:77". */
  id: z.string(),
  type: ActivityType,
  date: z.string(),
  /**
   * USD major units, signed as the row moved the cash balance (in +, out −); null for a deposit not
   * credited (pending, failed): nothing moved.
   */
  amount: z.number().nullable(),
  /** The cash balance right after this row (USD major units); null when the row moved nothing. */
  balance_after: z.number().nullable(),
  /** Points spent, for points_conversion; null otherwise. */
  points: z.number().nullable(),
  status: z.string(),
  /** In English; a screen builds it in its language from `detail` (describeActivity). */
  description: z.string(),
  detail: ActivityDetail,
});
export type ActivityItem = z.infer<typeof ActivityItem>;

export const ActivityResponse = z.object({ data: z.array(ActivityItem), meta: ListMeta });
export type ActivityResponse = z.infer<typeof ActivityResponse>;
