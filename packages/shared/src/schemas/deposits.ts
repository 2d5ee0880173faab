import { z } from 'zod';
import { DEFAULT_DEPOSIT_CURRENCY, DEPOSIT_METHODS } from '../constants';
import { ListMeta, PageQuery, moneyAmount, positiveId, requiredText } from './common';
import {
  AdminActor,
  QueueDecision,
  QueueMemberSummary,
  QueueTotals,
  REJECT_REASON_CODES,
  adminQueueQuery,
  queueRejectRequest,
} from './admin-queues';

/** Messages of the deposit API: the spec's (§5, §8) where it gives one, ours otherwise. */
export const DEPOSIT_MESSAGES = {
  invalidAmount: 'Please enter a valid deposit amount.',
  minimum: 'The minimum deposit is $1.00.',
  invalidMethod: 'Choose a payment method.',
  invalidCurrency: 'Choose a supported currency.',
  failed: 'Deposit failed. Please try again.',
  success: 'Deposit successful!',
  createdBank: 'Deposit created. Transfer the amount to the bank account below and quote the reference.',
  createdGateway: 'Deposit created. Complete the payment on the payment page.',
  notFound: 'Deposit not found.',
  notPending: 'This deposit is no longer pending.',
  gatewayUnavailable: 'The payment service is unavailable. Please try again later.',
  confirmed: 'Deposit confirmed.',
  rejected: 'Deposit rejected.',
  bankReferenceInvalid:
    'Enter the bank’s reference of the credit: 3 to 64 letters, digits, spaces, dots, slashes or dashes.',
  amountReceivedInvalid: 'Enter the amount the bank statement shows, e.g. 100 or 99.50.',
  amountReceivedDiffers:
    'The amount received differs from the transfer’s amount. Reject it and ask the member to request the amount they sent.',
  bankReferenceUsed: 'This bank reference already confirmed another transfer.',
  firstConfirmationReplaced:
    'Your bank reference differs from the first confirmation’s: yours is now the first confirmation, and a second admin must confirm it.',
} as const;

export const MIN_DEPOSIT_CENTS = 100;

/** Crypto currencies a member can pay a gateway deposit in (gateway tickers, lowercase). */
export const DEPOSIT_CURRENCIES = [
  'btc',
  'eth',
  'ltc',
  'usdttrc20',
  'usdterc20',
  'usdc',
  'bnb',
  'trx',
] as const;
export type DepositCurrency = (typeof DEPOSIT_CURRENCIES)[number];

export const DepositMethod = z.enum(DEPOSIT_METHODS, { error: DEPOSIT_MESSAGES.invalidMethod });
export type DepositMethod = z.infer<typeof DepositMethod>;

/**
 * POST /api/deposit. Output: amount in integer cents; currency 'usd' for bank transfers and the
 * chosen crypto (default btc) for the gateways.
 */
export const CreateDepositRequest = z
  .object({
    amount: moneyAmount({
      invalid: DEPOSIT_MESSAGES.invalidAmount,
      min: { cents: MIN_DEPOSIT_CENTS, message: DEPOSIT_MESSAGES.minimum },
    }),
    payment_method: DepositMethod,
    currency: z
      .string({ error: DEPOSIT_MESSAGES.invalidCurrency })
      .trim()
      .toLowerCase()
      .pipe(z.enum(DEPOSIT_CURRENCIES, { error: DEPOSIT_MESSAGES.invalidCurrency }))
      .nullish(),
  })
  .transform((value) => ({
    amount: value.amount,
    payment_method: value.payment_method,
    currency: value.payment_method === 'bank_transfer' ? 'usd' : (value.currency ?? DEFAULT_DEPOSIT_CURRENCY),
  }));
export type CreateDepositRequest = z.input<typeof CreateDepositRequest>;

export const DEPOSIT_STATUSES = [
  'pending',
  'confirmed',
  'partially_paid',
  'failed',
  'expired',
  'rejected',
  'refunded',
  'cancelled',
] as const;
export const DepositStatus = z.enum(DEPOSIT_STATUSES);
export type DepositStatus = z.infer<typeof DepositStatus>;

/** A deposit as the member sees it. Amounts in USD major units. */
export const Deposit = z.object({
  id: z.number().int(),
  amount: z.number(),
  payment_method: DepositMethod,
  currency: z.string(),
  status: DepositStatus,
  reference: z.string(),
  /** What reached the balance (0 until confirmed; less than amount when partially paid). */
  credited_amount: z.number(),
  created_at: z.string(),
});
export type Deposit = z.infer<typeof Deposit>;

export const BankDetails = z.object({
  bank_name: z.string(),
  account_number: z.string(),
  routing_number: z.string(),
  reference: z.string(),
});
export type BankDetails = z.infer<typeof BankDetails>;

export const CreateDepositResponse = z.object({
  message: z.string(),
  deposit: Deposit,
  /** Where to send the member for gateway deposits (the sandbox checkout in sandbox mode). */
  payment_url: z.string().nullable(),
  bank_details: BankDetails.nullable(),
});
export type CreateDepositResponse = z.infer<typeof CreateDepositResponse>;

export const DepositListQuery = PageQuery;
export const DepositListResponse = z.object({ data: z.array(Deposit), meta: ListMeta });
export type DepositListResponse = z.infer<typeof DepositListResponse>;

export const DepositTotalResponse = z.object({ total_deposits: z.number() });
export type DepositTotalResponse = z.infer<typeof DepositTotalResponse>;

export const IdParams = z.object({ id: positiveId() });

/** GET /api/sandbox/checkout/:id (PAYMENTS_MODE=sandbox only; the signed-in member's own deposit). */
export const SandboxCheckout = z.object({
  id: z.number().int(),
  amount: z.number(),
  payment_method: DepositMethod,
  currency: z.string(),
  status: DepositStatus,
});
export type SandboxCheckout = z.infer<typeof SandboxCheckout>;

/**
 * POST /api/sandbox/checkout/:id/pay and /cancel. redirect_url = /dashboard?deposit=<id>, with
 * &payment=cancelled after a cancel that ended the payment (the dashboard then says it was cancelled).
 */
export const SandboxActionResponse = z.object({ status: DepositStatus, redirect_url: z.string() });
export type SandboxActionResponse = z.infer<typeof SandboxActionResponse>;

// ── Admin ────────────────────────────────────────────────────────────────────────────────────

export const AdminUserSummary = z.object({ id: z.number().int(), username: z.string(), email: z.string() });
export type AdminUserSummary = z.infer<typeof AdminUserSummary>;

export const AdminDeposit = Deposit.extend({
  user: AdminUserSummary,
  rejection_reason: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  /** Seconds since the member made it (the queue's age column). */
  age_seconds: z.number().int(),
  /** Four eyes (decision 235): the first confirmation of a bank transfer above the threshold. */
  first_approval: z.object({ by: AdminActor, at: z.string() }).nullable(),
  awaiting_second_approval: z.boolean(),
  /** The bank's reference of the credit that confirmed it (decision 237); null until it is decided. */
  bank_reference: z.string().nullable(),
});
export type AdminDeposit = z.infer<typeof AdminDeposit>;

/** The bank deposits queue is `?method=bank_transfer`; without it every method is listed. */
export const AdminDepositListQuery = adminQueueQuery(DepositStatus, {
  method: z.preprocess((value) => (value === '' ? undefined : value), DepositMethod.optional()),
});
export type AdminDepositListQuery = z.input<typeof AdminDepositListQuery>;
export const AdminDepositListResponse = z.object({
  data: z.array(AdminDeposit),
  meta: ListMeta,
  totals: QueueTotals,
});
export type AdminDepositListResponse = z.infer<typeof AdminDepositListResponse>;

export const REASON_REQUIRED = 'Please give a reason.';
/** POST /api/admin/deposits/:id/reject and /api/admin/withdrawals/:id/reject. */
export const RejectRequest = z.object({ reason: requiredText(REASON_REQUIRED, 500) });
export type RejectRequest = z.input<typeof RejectRequest>;

export const AdminDepositActionResponse = z.object({ message: z.string(), deposit: AdminDeposit });
export type AdminDepositActionResponse = z.infer<typeof AdminDepositActionResponse>;

/**
 * POST /api/admin/deposits/:id/confirm (decision 237): the statement line the admin matched, its bank
 * reference (kept as its letters and digits, upper-case: "ny-7781" and "NY 7781" are one reference)
 * and the amount it shows (output: cents).
 */
export const DepositConfirmRequest = z.object({
  bank_reference: z
    .string({ error: DEPOSIT_MESSAGES.bankReferenceInvalid })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]{2,63}$/, { error: DEPOSIT_MESSAGES.bankReferenceInvalid })
    .transform((value) => value.replace(/[^A-Za-z0-9]/g, '').toUpperCase())
    .pipe(z.string().min(3, { error: DEPOSIT_MESSAGES.bankReferenceInvalid })),
  amount_received: moneyAmount({ invalid: DEPOSIT_MESSAGES.amountReceivedInvalid }),
});
export type DepositConfirmRequest = z.input<typeof DepositConfirmRequest>;

/** POST /api/admin/deposits/:id/reject: a reason of the deposits list and the operator's words. */
export const DepositRejectRequest = queueRejectRequest(REJECT_REASON_CODES.deposits);
export type DepositRejectRequest = z.input<typeof DepositRejectRequest>;

/** GET /api/admin/deposits/:id: the deposit, its member's summary and the decision if any. */
export const AdminDepositDetailResponse = z.object({
  deposit: AdminDeposit,
  member: QueueMemberSummary,
  decision: QueueDecision.nullable(),
  /**
   * Dollars: above this a bank transfer, with the member's bank transfers confirmed in the last
   * FOUR_EYES_WINDOW_HOURS, needs two admins (the withdrawals' setting, decision 235).
   */
  four_eyes_threshold: z.number(),
  /** Dollars: the member's bank transfers confirmed in the last FOUR_EYES_WINDOW_HOURS. */
  confirmed_last_day: z.number(),
  /** Confirming it now records a first confirmation: a second, different admin's credits it. */
  needs_second_approval: z.boolean(),
});
export type AdminDepositDetailResponse = z.infer<typeof AdminDepositDetailResponse>;

// ── Refunds and chargebacks (decision 155) ────────────────────────────────────────────────────

/**
 * A credited gateway deposit that the gateway took back. Amounts in USD: `amount` had been credited;
 * `taken_back` left the balance at once, `recovered` was taken later from money that reached the
 * balance, `outstanding` is still owed.
 */
export const DepositRefund = z.object({
  id: z.number().int(),
  deposit_id: z.number().int(),
  reference: z.string(),
  payment_method: DepositMethod,
  amount: z.number(),
  taken_back: z.number(),
  recovered: z.number(),
  outstanding: z.number(),
  refunded_at: z.string(),
  settled_at: z.string().nullable(),
});
export type DepositRefund = z.infer<typeof DepositRefund>;

/** GET /api/deposits/refunds: what the signed-in member still owes, and the refunds it comes from. */
export const MemberRefundsResponse = z.object({
  amount_owed: z.number(),
  data: z.array(DepositRefund),
});
export type MemberRefundsResponse = z.infer<typeof MemberRefundsResponse>;

export const REFUND_STATES = ['open', 'settled', 'all'] as const;

/** GET /api/admin/refunds: open (something is still owed, the default), settled or all; oldest first. */
export const AdminRefundListQuery = PageQuery.extend({
  state: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(REFUND_STATES, { error: 'Choose open, settled or all.' }).default('open'),
  ),
});
export type AdminRefundListQuery = z.input<typeof AdminRefundListQuery>;

export const AdminRefund = DepositRefund.extend({
  user: AdminUserSummary,
  /** The gateway's status that reversed the payment. */
  gateway_status: z.string(),
});
export type AdminRefund = z.infer<typeof AdminRefund>;

export const AdminRefundListResponse = z.object({
  data: z.array(AdminRefund),
  meta: ListMeta,
  /** Every open refund: how many, and what members still owe in all (USD). */
  totals: z.object({ open_count: z.number().int(), outstanding: z.number() }),
});
export type AdminRefundListResponse = z.infer<typeof AdminRefundListResponse>;
