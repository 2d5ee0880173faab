import { z } from 'zod';
import type { LoanInterval } from '../loans';
import { ListMeta, moneyAmount, positiveId, wholeNumber } from './common';
import { AdminUserSummary } from './deposits';
import {
  QueueDecision,
  QueueMemberSummary,
  QueueTotals,
  REJECT_REASON_CODES,
  adminQueueQuery,
  queueRejectRequest,
} from './admin-queues';

/** The unit of a term, singular and plural, per interval (English: the API's messages). */
const TERM_UNITS = {
  daily: ['day', 'days'],
  weekly: ['week', 'weeks'],
  monthly: ['month', 'months'],
  none: ['period', 'periods'],
} as const;

/** Messages of loans: the spec's (§5, §8) where it gives one, ours otherwise. */
export const LOAN_MESSAGES = {
  selectPlan: 'Please select a loan plan first.',
  /** Spec §5, with the plan's limits as the API gives them (dollars); no full stop, as written. */
  outOfRange: (min: number, max: number) => `Amount must be between ${min} and ${max}`,
  invalidTerm: 'Please enter a valid term.',
  /** With the unit of the plan's interval: 'The term can be at most 90 days.' (periods without one). */
  termTooLong: (max: number, interval: LoanInterval | null) =>
    `The term can be at most ${max} ${TERM_UNITS[interval ?? 'none'][max === 1 ? 0 : 1]}.`,
  invalidAmount: 'Please enter a valid amount.',
  submitted: 'Loan application submitted successfully!',
  noPlans: 'No loan plans available.',
  noApplications: 'No loan applications found.',
  unknownPlan: 'Unknown Plan',
  notAvailable: 'Not Available',
  planNotFound: 'Loan plan not found.',
  planInactive: 'This loan plan is not open for applications.',
  noEstimate: 'This plan has no rate to estimate with.',
  alreadyPending: 'You already have a pending application for this plan.',
  applicationNotFound: 'Loan application not found.',
  notPending: 'This loan application is no longer pending.',
  withdrawn: 'Loan application withdrawn.',
  approved: 'Loan application approved.',
  rejected: 'Loan application rejected.',
  loanNotFound: 'Loan not found.',
  notActive: 'This loan is already repaid.',
  repaid: 'Loan repaid in full.',
  insufficientFunds: 'Insufficient balance to repay this loan.',
  payoffChanged: 'The amount to repay has changed. Check the new amount and confirm again.',
  payoffInvalid: 'Send the amount to repay as it was shown.',
} as const;

export const LoanIntervalSchema = z.enum(['daily', 'weekly', 'monthly']);

/** A loan plan (spec §3): profit_rate (percent) and profit_interval come from `change`; null when it does not parse. */
export const LoanPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Dollars. */
  min_amount: z.number(),
  max_amount: z.number(),
  change: z.string(),
  /** Number of periods of the interval (the longest term), or null. */
  duration: z.number().int().nullable(),
  category: z.string(),
  profit_rate: z.number().nullable(),
  profit_interval: LoanIntervalSchema.nullable(),
});
export type LoanPlan = z.infer<typeof LoanPlan>;
export const LoanPlanListResponse = z.array(LoanPlan);
export type LoanPlanListResponse = z.infer<typeof LoanPlanListResponse>;

/** A whole number of periods, at least 1 (spec §5). */
export const loanTerm = () =>
  wholeNumber(
    z
      .number({ error: LOAN_MESSAGES.invalidTerm })
      .int(LOAN_MESSAGES.invalidTerm)
      .min(1, LOAN_MESSAGES.invalidTerm)
      .max(999_999, LOAN_MESSAGES.invalidTerm),
  );

/** POST /api/loans/apply. Output: amount_requested in integer cents. */
export const LoanApplyRequest = z.object({
  plan_id: positiveId(LOAN_MESSAGES.selectPlan),
  amount_requested: moneyAmount({ invalid: LOAN_MESSAGES.invalidAmount }),
  term: loanTerm(),
});
export type LoanApplyRequest = z.input<typeof LoanApplyRequest>;

export const LOAN_APPLICATION_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'withdrawn',
  'completed',
] as const;
export const LoanApplicationStatus = z.enum(LOAN_APPLICATION_STATUSES);
export type LoanApplicationStatus = z.infer<typeof LoanApplicationStatus>;

/** A loan application (spec §3). `plan_name` is null when the plan is gone ('Unknown Plan'). */
export const LoanApplication = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  plan_name: z.string().nullable(),
  amount_requested: z.number(),
  term: z.number().int(),
  profit_interval: LoanIntervalSchema.nullable(),
  status: LoanApplicationStatus,
  reason: z.string().nullable(),
  loan_id: z.number().int().nullable(),
  date: z.string(),
});
export type LoanApplication = z.infer<typeof LoanApplication>;
/**
 * GET /api/loan-applications: every pending application of the member and the newest LOAN_LIST_LIMIT
 * others, newest first (decision 219).
 */
export const LoanApplicationListResponse = z.array(LoanApplication);
export type LoanApplicationListResponse = z.infer<typeof LoanApplicationListResponse>;

export const LoanApplyResponse = z.object({ message: z.string(), application: LoanApplication });
export type LoanApplyResponse = z.infer<typeof LoanApplyResponse>;

export const InstalmentStatus = z.enum([
  'scheduled',
  'due',
  'partially_paid',
  'overdue',
  'paid',
  'repaid_early',
]);
export type InstalmentStatus = z.infer<typeof InstalmentStatus>;

/** One instalment of a loan's schedule. Dollars. */
export const LoanInstalment = z.object({
  number: z.number().int(),
  due_date: z.string(),
  amount: z.number(),
  principal: z.number(),
  interest: z.number(),
  paid_principal: z.number(),
  paid_interest: z.number(),
  /** What is still owed on it (0 when paid or waived). */
  outstanding: z.number(),
  status: InstalmentStatus,
  paid_at: z.string().nullable(),
});
export type LoanInstalment = z.infer<typeof LoanInstalment>;

export const LoanPayment = z.object({
  id: z.number().int(),
  kind: z.enum(['instalment', 'early_repayment']),
  instalment_number: z.number().int().nullable(),
  principal: z.number(),
  interest: z.number(),
  amount: z.number(),
  date: z.string(),
});
export type LoanPayment = z.infer<typeof LoanPayment>;

/** A member's loan. Dollars; `overdue` is derived (an instalment past its due date not paid in full). */
export const Loan = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  plan_id: z.number().int(),
  plan_name: z.string(),
  principal: z.number(),
  profit: z.number(),
  total: z.number(),
  term: z.number().int(),
  profit_interval: LoanIntervalSchema,
  rate: z.number(),
  change: z.string(),
  status: z.enum(['active', 'completed']),
  disbursed_at: z.string(),
  completed_at: z.string().nullable(),
  paid_principal: z.number(),
  paid_interest: z.number(),
  /** Interest of instalments an early repayment made unnecessary: never charged. */
  waived_interest: z.number(),
  outstanding_principal: z.number(),
  /** Interest still to pay on the schedule (due or not). */
  outstanding_interest: z.number(),
  next_due_date: z.string().nullable(),
  next_due_amount: z.number().nullable(),
  overdue: z.boolean(),
  overdue_amount: z.number(),
  days_past_due: z.number().int(),
  /** What POST /api/loans/:id/repay takes today: outstanding principal + interest of instalments due. */
  payoff_amount: z.number(),
  /** Interest of instalments not yet due, waived by an early repayment today. */
  payoff_waived_interest: z.number(),
});
export type Loan = z.infer<typeof Loan>;
/**
 * GET /api/loans: every active loan of the member and the newest LOAN_LIST_LIMIT completed ones, newest
 * first (decision 219).
 */
export const LoanListResponse = z.array(Loan);
export type LoanListResponse = z.infer<typeof LoanListResponse>;

/** GET /api/loans/:id: the loan, its whole schedule and its newest LOAN_DETAIL_PAYMENTS payments, newest first. */
export const LoanDetail = Loan.extend({ schedule: z.array(LoanInstalment), payments: z.array(LoanPayment) });
export type LoanDetail = z.infer<typeof LoanDetail>;

/**
 * POST /api/loans/:id/repay. `expected_amount`: the payoff the member was shown and confirmed (major
 * units in, cents out); when it is not what repaying costs now, nothing moves (409). The web app always
 * sends it; without it, today's payoff is taken (decision 223).
 */
export const LoanRepayRequest = z
  .object({ expected_amount: moneyAmount({ invalid: LOAN_MESSAGES.payoffInvalid }).optional() })
  .optional();
export type LoanRepayRequest = z.input<typeof LoanRepayRequest>;

export const LoanRepayResponse = z.object({ message: z.string(), loan: LoanDetail });
export type LoanRepayResponse = z.infer<typeof LoanRepayResponse>;

// ── Admin ──────────────────────────────────────────────────────────────────────────────────
export const AdminLoanApplication = LoanApplication.extend({
  user: AdminUserSummary,
  decided_at: z.string().nullable(),
  /** Estimate of the schedule at the plan's rate (dollars), null without a rate. */
  profit: z.number().nullable(),
  per_period: z.number().nullable(),
  age_seconds: z.number().int(),
});
export type AdminLoanApplication = z.infer<typeof AdminLoanApplication>;

export const AdminLoanApplicationListQuery = adminQueueQuery(LoanApplicationStatus);
export type AdminLoanApplicationListQuery = z.input<typeof AdminLoanApplicationListQuery>;
export const AdminLoanApplicationListResponse = z.object({
  data: z.array(AdminLoanApplication),
  totals: QueueTotals,
  meta: ListMeta,
});
export type AdminLoanApplicationListResponse = z.infer<typeof AdminLoanApplicationListResponse>;
export const AdminLoanApplicationActionResponse = z.object({
  message: z.string(),
  application: AdminLoanApplication,
});
export type AdminLoanApplicationActionResponse = z.infer<typeof AdminLoanApplicationActionResponse>;

export const LoanApplicationRejectRequest = queueRejectRequest(REJECT_REASON_CODES.loan_applications);
export type LoanApplicationRejectRequest = z.input<typeof LoanApplicationRejectRequest>;

/** GET /api/admin/loan-applications/:id: the application, its member's summary and the decision if any. */
export const AdminLoanApplicationDetailResponse = z.object({
  application: AdminLoanApplication,
  member: QueueMemberSummary,
  decision: QueueDecision.nullable(),
});
export type AdminLoanApplicationDetailResponse = z.infer<typeof AdminLoanApplicationDetailResponse>;
