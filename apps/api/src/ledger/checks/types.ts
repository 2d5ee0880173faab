import type { CashChainMismatch } from '../cash-chain-check';

export interface LedgerCheck {
  ok: boolean;
  /** Cents. */
  postingsSum: number;
  unbalancedEntries: { entryId: number; reference: string; sum: number }[];
  mismatchedAccounts: {
    accountId: number;
    userId: number | null;
    kind: string;
    cachedBalance: number;
    postingsBalance: number;
    problem: 'cached_balance_differs' | 'wrong_sign';
  }[];
  /** Users whose cached loyalty points differ from their points rows, or are below zero. */
  mismatchedPoints: { userId: number; cached: number; fromRows: number }[];
  /** Running totals (decision 038) that differ from the postings of their account and entry kind. */
  mismatchedTotals: {
    accountId: number;
    entryKind: string;
    cachedTotal: number;
    postingsTotal: number;
    cachedEntries: number;
    postingsEntries: number;
  }[];
  /**
   * Entries whose cash amount (decision 140) differs from the sum of their postings to their member's
   * cash account (null: no such posting).
   */
  mismatchedCashAmounts: { entryId: number; cached: number | null; fromPostings: number | null }[];
  /** Breaks in members' cash chains: balance after each entry, and the latest against the balance. */
  mismatchedCashChain: CashChainMismatch[];
  /**
   * User plans whose earned-to-date differs from the earning postings of their accruals, or from the
   * sum of their accrual rows.
   */
  mismatchedPlanEarnings: {
    userPlanId: number;
    cached: number;
    fromPostings: number;
    fromAccruals: number;
  }[];
  /**
   * User plans whose accrual counters differ from their accrual rows: `accrued_days` their count,
   * `rate_days_bps` (which sets every later day's earning, decision 071) the sum of their rates.
   */
  mismatchedPlanDays: {
    userPlanId: number;
    field: 'accrued_days' | 'rate_days_bps';
    cached: number;
    fromAccruals: number;
  }[];
  /** Members with per-day earnings whose earning total differs from their sum (decision 218). */
  mismatchedEarningTotals: { userId: number; total: number; fromDays: number }[];
  /** Members' per-day earnings (the portfolio chart's aggregate) that differ from their plans' accruals. */
  mismatchedDailyEarnings: { userId: number; day: string; cached: number; fromAccruals: number }[];
  /**
   * Members whose loan account is not minus the outstanding principal of their loans, or a loan whose
   * running paid totals differ from its instalments'.
   */
  mismatchedLoans: {
    userId: number;
    /** Null: the member's loan account (actual) against minus their outstanding principal (expected). */
    loanId: number | null;
    expected: number;
    actual: number;
  }[];
  /** Loans whose paid interest differs from their interest postings, or whose waived interest is not what an early repayment forgave. */
  mismatchedLoanInterest: {
    loanId: number;
    userId: number;
    field: 'paid_interest' | 'waived_interest';
    expected: number;
    actual: number;
  }[];
  /** Loans active with no open instalment, or completed with one (decision 219). */
  mismatchedLoanStatuses: { loanId: number; userId: number; status: string; openInstalments: number }[];
  /**
   * Goals whose running invested total differs from the investment postings of the goal's entries, or
   * whose earned total differs from the earning postings of its plans' accruals (decision 110).
   */
  mismatchedGoals: {
    goalId: number;
    field: 'invested' | 'earned';
    cached: number;
    fromPostings: number;
  }[];
  /** Goals whose contribution and skipped-period counts differ from their period rows (decision 110). */
  mismatchedGoalPeriods: {
    goalId: number;
    field: 'contributions' | 'skipped_periods';
    cached: number;
    fromPeriods: number;
  }[];
  /**
   * Renewed positions (decision 194) whose amount differs from what their renewal entry put into the
   * invested account, or whose old position's amount from what it took out (or it is not completed).
   */
  mismatchedRenewals: {
    userPlanId: number;
    renewedFromId: number;
    amount: number;
    posted: number;
    renewedAmount: number;
    released: number;
  }[];
  /**
   * Admin queues whose running pending count or amount (admin_queue_totals, decision 126) differs from
   * their pending rows.
   */
  mismatchedQueueTotals: {
    queue: string;
    cachedCount: number;
    count: number;
    cachedAmount: number;
    amount: number;
  }[];
  /** Members whose withdrawal hold (cents) is not the sum of their pending withdrawals (decision 174). */
  mismatchedWithdrawalHolds: { userId: number; held: number; pending: number }[];
  /** Members whose kept list length (member_list_totals, decision 134) differs from their rows. */
  mismatchedListTotals: { userId: number; list: string; cached: number; rows: number }[];
  /** Deposits whose running credited amount differs from their credit entries' cash (or entries of no deposit). */
  mismatchedDepositCredits: { depositId: number; userId: number; credited: number; fromEntries: number }[];
  /**
   * Refunded deposits (decision 155) whose figures differ from their postings: `deposit` (the refund
   * is not the deposit's credited amount, or the deposit is not marked refunded, or a refunded
   * deposit has no refund row), `taken_back`, `debt` (what was booked as owed is not the amount less
   * what was taken back), `recovered`; and members (refundId null, field `debt_account`) whose debt
   * account is not minus what their refunds still owe.
   */
  mismatchedRefunds: {
    refundId: number | null;
    userId: number;
    field: 'deposit' | 'taken_back' | 'debt' | 'recovered' | 'debt_account';
    expected: number;
    actual: number;
  }[];
  /**
   * Balance corrections (decision 182): a correction whose entry did not move its member's cash by its
   * signed amount (`entry`; nothing for one not approved), or the platform's adjustments account
   * (correctionId null, `adjustments_account`) not minus the sum of the approved corrections.
   */
  /**
   * Principal held in plans (decision 192): a member (userPlanId null) whose invested account (actual)
   * is not the principal of their running positions (expected), or a position whose reinvested total
   * (actual) is not its earning_reinvested postings (expected).
   */
  mismatchedPrincipals: { userId: number; userPlanId: number | null; expected: number; actual: number }[];
  mismatchedCorrections: {
    correctionId: number | null;
    field: 'entry' | 'adjustments_account';
    expected: number;
    actual: number;
  }[];
  duplicateReferences: number;
  accountsChecked: number;
  entriesChecked: number;
}
