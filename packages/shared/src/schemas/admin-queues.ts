import { z } from 'zod';
import { PageQuery, isoDate, moneyAmount, requiredText } from './common';

// The queues and their reject reasons are plain constants in admin-queue-names.ts, which a member
// page can load without zod (decision 162).
import { ADMIN_QUEUES, QUEUE_REJECT_REASONS, type AdminQueue } from '../admin-queue-names';
export { ADMIN_QUEUES, QUEUE_REJECT_REASONS, type AdminQueue };

export const QUEUE_MESSAGES = {
  invalidAmount: 'Enter an amount in dollars, e.g. 100 or 99.50.',
  maxBelowMin: 'The largest amount must be at least the smallest.',
  invalidDate: 'Enter a date as YYYY-MM-DD.',
  toBeforeFrom: 'The end date must be on or after the start date.',
  searchTooLong: 'At most 254 characters.',
  invalidSort: 'Sort by created_at or amount, with a leading "-" for descending.',
  invalidReasonCode: 'Choose a reason from the list.',
  /** The free text is the message the member reads; the reason code is chosen in a list beside it. */
  reasonRequired: 'Write the message the member will read.',
  sameAdmin: 'A second approval must come from a different admin.',
  firstApprovalRecorded: 'First approval recorded: a second admin must approve before it is paid.',
  firstConfirmationRecorded:
    'First confirmation recorded: a second admin must confirm before it is credited.',
} as const;

/**
 * The orders a queue is read in: creation time or amount, "-" for descending. Without one, pending
 * items come oldest first (the order they are worked in) and any other status newest first.
 */
export const QUEUE_SORTS = ['created_at', '-created_at', 'amount', '-amount'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/** Empty query values ('' from a form) mean "no filter". */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const amountFilter = () =>
  z.preprocess(blankToUndefined, moneyAmount({ invalid: QUEUE_MESSAGES.invalidAmount }).optional());

/**
 * GET /api/admin/{deposits,withdrawals,loan-applications}: filters of a queue. `q` is the member (an
 * id, an email, a username or a referral code, exact, case-insensitive); amounts in dollars (output
 * cents), both inclusive; dates are whole UTC days of the request's creation, both inclusive.
 */
export function adminQueueQuery<Status extends z.ZodType, Extra extends z.ZodRawShape = Record<never, never>>(
  status: Status,
  extra?: Extra,
) {
  return PageQuery.extend({
    ...(extra as Extra),
    status: z.preprocess(blankToUndefined, status.optional()),
    q: z.preprocess(blankToUndefined, z.string().trim().max(254, QUEUE_MESSAGES.searchTooLong).optional()),
    min_amount: amountFilter(),
    max_amount: amountFilter(),
    from: z.preprocess(blankToUndefined, isoDate(QUEUE_MESSAGES.invalidDate).optional()),
    to: z.preprocess(blankToUndefined, isoDate(QUEUE_MESSAGES.invalidDate).optional()),
    sort: z.preprocess(
      blankToUndefined,
      z.enum(QUEUE_SORTS, { error: QUEUE_MESSAGES.invalidSort }).optional(),
    ),
  })
    .refine((value) => amountsInOrder(value as RangeValues), {
      path: ['max_amount'],
      message: QUEUE_MESSAGES.maxBelowMin,
    })
    .refine((value) => datesInOrder(value as RangeValues), {
      path: ['to'],
      message: QUEUE_MESSAGES.toBeforeFrom,
    });
}

interface RangeValues {
  min_amount?: number | undefined;
  max_amount?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}
const amountsInOrder = (value: RangeValues) =>
  value.min_amount === undefined || value.max_amount === undefined || value.max_amount >= value.min_amount;
const datesInOrder = (value: RangeValues) => !value.from || !value.to || value.from <= value.to;

/** The filters as the services take them (amounts in cents). */
export interface QueueFilters<Status extends string> {
  status?: Status | undefined;
  q?: string | undefined;
  min_amount?: number | undefined;
  max_amount?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  sort?: QueueSort | undefined;
  page: number;
  per_page?: number | undefined;
}

/** The whole pending queue, from the running totals (never a count over the queue). */
export const QueueTotals = z.object({
  pending_count: z.number().int(),
  pending_amount: z.number(),
  /** When the oldest pending item was made; null when nothing waits. */
  oldest_pending_at: z.string().nullable(),
});
export type QueueTotals = z.infer<typeof QueueTotals>;

/** An admin as the queues name them (who decided, who gave the first approval). */
export const AdminActor = z.object({ id: z.number().int(), username: z.string() });
export type AdminActor = z.infer<typeof AdminActor>;

/** Reject a queue item: a reason from the queue's list (optional for scripts) and the free text. */
export function queueRejectRequest<Codes extends readonly [string, ...string[]]>(codes: Codes) {
  return z.object({
    reason_code: z.enum(codes, { error: QUEUE_MESSAGES.invalidReasonCode }).optional(),
    reason: requiredText(QUEUE_MESSAGES.reasonRequired, 500),
  });
}

/** The member beside a queue item: who they are and their money now (running totals, never history). */
export const QueueMemberSummary = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  status: z.enum(['active', 'suspended', 'closed']),
  email_verified: z.boolean(),
  created_at: z.string(),
  balance: z.number(),
  invested: z.number(),
  withdrawal_hold: z.number(),
  loan_outstanding: z.number(),
  /** What the member owes for deposits a gateway took back beyond their balance (decision 155). */
  refund_debt: z.number(),
  total_deposit: z.number(),
  total_withdrawn: z.number(),
});
export type QueueMemberSummary = z.infer<typeof QueueMemberSummary>;

/** The last decision on a queue item, from the audit log: who (null: the system or a gateway), what, when. */
export const QueueDecision = z.object({
  action: z.string(),
  by: AdminActor.nullable(),
  at: z.string(),
  reason: z.string().nullable(),
});
export type QueueDecision = z.infer<typeof QueueDecision>;

export const REJECT_REASON_CODES = {
  deposits: Object.keys(QUEUE_REJECT_REASONS.deposits) as [string, ...string[]],
  withdrawals: Object.keys(QUEUE_REJECT_REASONS.withdrawals) as [string, ...string[]],
  loan_applications: Object.keys(QUEUE_REJECT_REASONS.loan_applications) as [string, ...string[]],
};

/** The text the member reads: the chosen reason's label, then the operator's words. */
export function rejectionText(queue: AdminQueue, code: string | undefined, text: string): string {
  const labels: Record<string, string> = QUEUE_REJECT_REASONS[queue];
  const label = code ? labels[code] : undefined;
  return label && label !== QUEUE_REJECT_REASONS.deposits.other ? `${label} — ${text}` : text;
}

/** Whole seconds an item has waited, as the queues show it. */
export function ageSeconds(createdAt: Date | string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / 1000));
}
