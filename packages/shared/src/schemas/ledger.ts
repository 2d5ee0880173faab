import { z } from 'zod';

/** GET /api/admin/ledger/check: every invariant of DESIGN §5. */
export const LedgerCheckResponse = z.object({
  ok: z.boolean(),
  /** Sum of every posting, in USD; 0 when the books balance. */
  postings_sum: z.number(),
  /** Entries whose postings do not sum to zero. */
  unbalanced_entries: z.array(
    z.object({ entry_id: z.number().int(), reference: z.string(), sum: z.number() }),
  ),
  /** Accounts whose cached balance differs from their postings, or of the wrong sign. */
  mismatched_accounts: z.array(
    z.object({
      account_id: z.number().int(),
      user_id: z.number().int().nullable(),
      kind: z.string(),
      cached_balance: z.number(),
      postings_balance: z.number(),
      problem: z.enum(['cached_balance_differs', 'wrong_sign']),
    }),
  ),
  /** Users whose cached loyalty points differ from their points rows (or are below zero). */
  mismatched_points: z.array(
    z.object({ user_id: z.number().int(), cached: z.number(), from_rows: z.number() }),
  ),
  /** Running totals (per member account and entry kind) that differ from their postings. */
  mismatched_totals: z.array(
    z.object({
      account_id: z.number().int(),
      entry_kind: z.string(),
      cached_total: z.number(),
      postings_total: z.number(),
      cached_entries: z.number().int(),
      postings_entries: z.number().int(),
    }),
  ),
  /** User plans whose earned-to-date differs from the earning postings of their accruals or their amounts. */
  mismatched_plan_earnings: z.array(
    z.object({
      user_plan_id: z.number().int(),
      cached: z.number(),
      from_postings: z.number(),
      from_accruals: z.number(),
    }),
  ),
  /**
   * User plans whose accrual counters differ from their accrual rows: `accrued_days` their count,
   * `rate_days_bps` the sum of their rates (whole numbers, not dollars).
   */
  mismatched_plan_days: z.array(
    z.object({
      user_plan_id: z.number().int(),
      field: z.enum(['accrued_days', 'rate_days_bps']),
      cached: z.number().int(),
      from_accruals: z.number().int(),
    }),
  ),
  /**
   * Entries whose cash amount differs from the sum of their postings to their member's cash account
   * (decision 140); null: no such amount or posting.
   */
  mismatched_cash_amounts: z.array(
    z.object({
      entry_id: z.number().int(),
      cached: z.number().nullable(),
      from_postings: z.number().nullable(),
    }),
  ),
  /**
   * Breaks in members' cash chains (decision 158): with entry_id, the entry's balance after (actual)
   * is not the previous cash entry's plus its cash amount (expected); without, the latest entry's
   * balance after is not the cash account's balance.
   */
  mismatched_cash_chain: z.array(
    z.object({
      user_id: z.number().int(),
      entry_id: z.number().int().nullable(),
      expected: z.number(),
      actual: z.number().nullable(),
    }),
  ),
  /** Members with per-day earnings whose earning total differs from their sum (decision 218). */
  mismatched_earning_totals: z.array(
    z.object({ user_id: z.number().int(), total: z.number(), from_days: z.number() }),
  ),
  /** Members' per-day earnings (the portfolio chart's aggregate) that differ from their plans' accruals. */
  mismatched_daily_earnings: z.array(
    z.object({ user_id: z.number().int(), day: z.string(), cached: z.number(), from_accruals: z.number() }),
  ),
  /**
   * Loans: without loan_id, a member whose loan account (actual) is not minus their outstanding
   * principal (expected); with one, a loan whose paid principal (actual) is not its instalments' (expected).
   */
  mismatched_loans: z.array(
    z.object({
      user_id: z.number().int(),
      loan_id: z.number().int().nullable(),
      expected: z.number(),
      actual: z.number(),
    }),
  ),
  /** Goals whose running invested or earned total differs from its postings (decision 110). */
  mismatched_goals: z.array(
    z.object({
      goal_id: z.number().int(),
      field: z.enum(['invested', 'earned']),
      cached: z.number(),
      from_postings: z.number(),
    }),
  ),
  /** Goals whose contribution or skipped-period count differs from their period rows. */
  mismatched_goal_periods: z.array(
    z.object({
      goal_id: z.number().int(),
      field: z.enum(['contributions', 'skipped_periods']),
      cached: z.number().int(),
      from_periods: z.number().int(),
    }),
  ),
  /** Renewed positions whose amounts differ from their renewal entry's (decision 194). */
  mismatched_renewals: z.array(
    z.object({
      user_plan_id: z.number().int(),
      renewed_from_id: z.number().int(),
      amount: z.number(),
      posted: z.number(),
      renewed_amount: z.number(),
      released: z.number(),
    }),
  ),
  /** Admin queues whose running pending count or amount differs from their pending rows (decision 126). */
  mismatched_queue_totals: z.array(
    z.object({
      queue: z.string(),
      cached_count: z.number().int(),
      count: z.number().int(),
      cached_amount: z.number(),
      amount: z.number(),
    }),
  ),
  /** Members whose withdrawal hold is not the sum of their pending withdrawals (decision 174). */
  mismatched_withdrawal_holds: z.array(
    z.object({ user_id: z.number().int(), held: z.number(), pending: z.number() }),
  ),
  /** Members whose kept list length (member_list_totals) differs from their rows (decision 134). */
  mismatched_list_totals: z.array(
    z.object({
      user_id: z.number().int(),
      list: z.string(),
      cached: z.number().int(),
      rows: z.number().int(),
    }),
  ),
  /** Loans whose paid interest differs from their interest postings, or whose waived interest is not the profit an early repayment forgave. */
  mismatched_loan_interest: z.array(
    z.object({
      loan_id: z.number().int(),
      user_id: z.number().int(),
      field: z.enum(['paid_interest', 'waived_interest']),
      expected: z.number(),
      actual: z.number(),
    }),
  ),
  /** Loans active with no open instalment, or completed with one (decision 219). */
  mismatched_loan_statuses: z.array(
    z.object({
      loan_id: z.number().int(),
      user_id: z.number().int(),
      status: z.string(),
      open_instalments: z.number().int(),
    }),
  ),
  /** Deposits whose running credited amount differs from what their credit entries moved into cash. */
  mismatched_deposit_credits: z.array(
    z.object({
      deposit_id: z.number().int(),
      user_id: z.number().int(),
      credited: z.number(),
      from_entries: z.number(),
    }),
  ),
  /**
   * Refunds and chargebacks (decision 155): a refund whose figures differ from its deposit or its
   * postings (`deposit`, `taken_back`, `debt`, `recovered`), or a member (refund_id null,
   * `debt_account`) whose debt account is not minus what their refunds still owe.
   */
  mismatched_refunds: z.array(
    z.object({
      refund_id: z.number().int().nullable(),
      user_id: z.number().int(),
      field: z.enum(['deposit', 'taken_back', 'debt', 'recovered', 'debt_account']),
      expected: z.number(),
      actual: z.number(),
    }),
  ),
  /**
   * Balance corrections (decision 182): a correction whose entry did not move its signed amount
   * (`entry`), or the adjustments account (correction_id null) not minus the approved corrections' sum.
   */
  mismatched_corrections: z.array(
    z.object({
      correction_id: z.number().int().nullable(),
      field: z.enum(['entry', 'adjustments_account']),
      expected: z.number(),
      actual: z.number(),
    }),
  ),
  /**
   * Principal held in plans (decision 192): a member (user_plan_id null) whose invested account
   * (actual) is not their running plans' principal (expected), or a plan whose reinvested total is not
   * its reinvestment postings.
   */
  mismatched_principals: z.array(
    z.object({
      user_id: z.number().int(),
      user_plan_id: z.number().int().nullable(),
      expected: z.number(),
      actual: z.number(),
    }),
  ),
  duplicate_references: z.number().int(),
  accounts_checked: z.number().int(),
  entries_checked: z.number().int(),
  /**
   * The platform's own accounts and their balances in USD (decision 182: the adjustments account is
   * the net cost of corrections), read after the check.
   */
  platform_accounts: z.array(z.object({ kind: z.string(), balance: z.number() })),
});
export type LedgerCheckResponse = z.infer<typeof LedgerCheckResponse>;
