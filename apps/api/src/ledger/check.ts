import type { DbOrTx } from '@app/db';
import { cashChainMismatches } from './cash-chain-check';
import {
  ledgerCounts,
  mismatchedAccounts,
  mismatchedCashAmounts,
  mismatchedTotals,
  unbalancedEntries,
} from './checks/entries';
import {
  mismatchedDailyEarnings,
  mismatchedEarningTotals,
  mismatchedGoalPeriods,
  mismatchedGoals,
  mismatchedPlanDays,
  mismatchedPlanEarnings,
  mismatchedRenewals,
} from './checks/investing';
import { mismatchedLoanInterest, mismatchedLoanStatuses, mismatchedLoans } from './checks/loans';
import {
  mismatchedListTotals,
  mismatchedPoints,
  mismatchedQueueTotals,
  mismatchedWithdrawalHolds,
} from './checks/members';
import { mismatchedCorrections } from './checks/corrections';
import { mismatchedPrincipals } from './checks/principals';
import { mismatchedRefunds } from './checks/refunds';
import { mismatchedDepositCredits } from './checks/deposits';
import type { LedgerCheck } from './checks/types';

export type { LedgerCheck } from './checks/types';

/** The fields of a check's result that list one invariant's problems (one named check each). */
type ProblemList = {
  [K in keyof LedgerCheck]: LedgerCheck[K] extends unknown[] ? K : never;
}[keyof LedgerCheck];

/**
 * The named checks, in the order they run: each is its own query (./checks/*) and fills the field of
 * the result named after it. The postings sum and the duplicate references come with the counts.
 */
export const LEDGER_CHECKS: { [K in ProblemList]: (db: DbOrTx) => Promise<LedgerCheck[K]> } = {
  unbalancedEntries,
  mismatchedAccounts,
  mismatchedPoints,
  mismatchedTotals,
  mismatchedCashAmounts,
  mismatchedCashChain: cashChainMismatches,
  mismatchedPlanEarnings,
  mismatchedPlanDays,
  mismatchedDailyEarnings,
  mismatchedEarningTotals,
  mismatchedLoans,
  mismatchedLoanInterest,
  mismatchedLoanStatuses,
  mismatchedGoals,
  mismatchedGoalPeriods,
  mismatchedRenewals,
  mismatchedQueueTotals,
  mismatchedWithdrawalHolds,
  mismatchedListTotals,
  mismatchedDepositCredits,
  mismatchedRefunds,
  mismatchedCorrections,
  mismatchedPrincipals,
};

/** Every check's name: the named checks, plus the postings sum and the duplicate references. */
export type LedgerCheckName = ProblemList | 'postingsSum' | 'duplicateReferences';

/**
 * Proves the books balance (DESIGN §5): the sum of all postings is zero, every entry balances, every
 * cached balance equals the sum of its postings, no user account is on the wrong side of zero, one
 * entry per reference; the loyalty points cache equals its rows; every running total equals the
 * postings of its account and entry kind (decision 038); every entry's cash amount equals its postings
 * to its member's cash account (decision 140); every member's cash chain: the balance after each cash
 * entry is the previous one plus its cash amount, the latest is the cash balance (decision 158); every plan's earned-to-date equals the earning
 * postings of its accruals and their amounts, its day count and rate-days their rows, and a member's earning total the sum of their per-day earnings (decision 218); every goal's contribution and skipped counts are its period rows; every renewed position's amount is what its renewal entry moved (decision 194); every deposit's
 * credited amount is what its credit entries moved into cash; every loan's paid interest is its interest
 * postings and its waived interest what an early repayment forgave, and a loan is active exactly while an instalment is open (decision 219); every refunded deposit's take-back plus its debt is its credited amount,
 * and a member's debt account is minus what they still owe (decision 155); every member's withdrawal
 * hold is the sum of their pending withdrawals (decision 174); every balance correction moved its
 * signed amount, and the adjustments account is minus the approved ones' sum (decision 182); every
 * member's invested account is the principal of their running plans, and every plan's reinvested
 * total is its reinvestment postings (decision 192).
 */
export async function checkLedger(db: DbOrTx): Promise<LedgerCheck> {
  const counts = await ledgerCounts(db);
  const result: LedgerCheck = {
    ok: false,
    postingsSum: counts.postingsSum,
    unbalancedEntries: await LEDGER_CHECKS.unbalancedEntries(db),
    mismatchedAccounts: await LEDGER_CHECKS.mismatchedAccounts(db),
    mismatchedPoints: await LEDGER_CHECKS.mismatchedPoints(db),
    mismatchedCashAmounts: await LEDGER_CHECKS.mismatchedCashAmounts(db),
    mismatchedCashChain: await LEDGER_CHECKS.mismatchedCashChain(db),
    mismatchedTotals: await LEDGER_CHECKS.mismatchedTotals(db),
    mismatchedPlanEarnings: await LEDGER_CHECKS.mismatchedPlanEarnings(db),
    mismatchedPlanDays: await LEDGER_CHECKS.mismatchedPlanDays(db),
    mismatchedDailyEarnings: await LEDGER_CHECKS.mismatchedDailyEarnings(db),
    mismatchedEarningTotals: await LEDGER_CHECKS.mismatchedEarningTotals(db),
    mismatchedLoans: await LEDGER_CHECKS.mismatchedLoans(db),
    mismatchedLoanInterest: await LEDGER_CHECKS.mismatchedLoanInterest(db),
    mismatchedLoanStatuses: await LEDGER_CHECKS.mismatchedLoanStatuses(db),
    mismatchedGoals: await LEDGER_CHECKS.mismatchedGoals(db),
    mismatchedGoalPeriods: await LEDGER_CHECKS.mismatchedGoalPeriods(db),
    mismatchedRenewals: await LEDGER_CHECKS.mismatchedRenewals(db),
    mismatchedQueueTotals: await LEDGER_CHECKS.mismatchedQueueTotals(db),
    mismatchedWithdrawalHolds: await LEDGER_CHECKS.mismatchedWithdrawalHolds(db),
    mismatchedListTotals: await LEDGER_CHECKS.mismatchedListTotals(db),
    mismatchedDepositCredits: await LEDGER_CHECKS.mismatchedDepositCredits(db),
    mismatchedRefunds: await LEDGER_CHECKS.mismatchedRefunds(db),
    mismatchedCorrections: await LEDGER_CHECKS.mismatchedCorrections(db),
    mismatchedPrincipals: await LEDGER_CHECKS.mismatchedPrincipals(db),
    duplicateReferences: counts.duplicateReferences,
    accountsChecked: counts.accountsChecked,
    entriesChecked: counts.entriesChecked,
  };
  // One definition of a problem, for the verdict, the audit record and the metric alike.
  result.ok = ledgerProblemCount(result) === 0;
  return result;
}

/** Each named check's problem count: its mismatched rows; one for a postings sum that is not zero. */
export function ledgerProblems(check: LedgerCheck): Record<LedgerCheckName, number> {
  const problems = {
    postingsSum: check.postingsSum === 0 ? 0 : 1,
    duplicateReferences: check.duplicateReferences,
  } as Record<LedgerCheckName, number>;
  for (const name of Object.keys(LEDGER_CHECKS) as ProblemList[]) problems[name] = check[name].length;
  return problems;
}

/** The names of the checks that found a problem, in the order they run. */
export function failingLedgerChecks(check: LedgerCheck): LedgerCheckName[] {
  return Object.entries(ledgerProblems(check))
    .filter(([, count]) => count > 0)
    .map(([name]) => name as LedgerCheckName);
}

/**
 * How many problems a check found: every mismatched row of every invariant, the duplicate references,
 * and one for a postings sum that is not zero (the audit record of a run and the
 * `ledger_check_problems` metric).
 */
export function ledgerProblemCount(check: LedgerCheck): number {
  return Object.values(ledgerProblems(check)).reduce((sum, count) => sum + count, 0);
}
