import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LedgerCheckResponse, centsToMajor } from '@app/shared';
import { checkLedger } from '../../ledger/check';
import { bearer, errorResponses } from '../auth/route-schemas';

/** GET /api/admin/ledger/check: an operator proves at any moment that the books balance (DESIGN §5). */
export const ledgerCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/ledger/check',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary:
          'Every ledger invariant: postings sum to zero, cached balances equal postings, signs, references',
        security: bearer,
        response: { 200: LedgerCheckResponse, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const check = await checkLedger(app.deps.database.db);
      return {
        ok: check.ok,
        postings_sum: centsToMajor(check.postingsSum),
        unbalanced_entries: check.unbalancedEntries.map((row) => ({
          entry_id: row.entryId,
          reference: row.reference,
          sum: centsToMajor(row.sum),
        })),
        mismatched_accounts: check.mismatchedAccounts.map((row) => ({
          account_id: row.accountId,
          user_id: row.userId,
          kind: row.kind,
          cached_balance: centsToMajor(row.cachedBalance),
          postings_balance: centsToMajor(row.postingsBalance),
          problem: row.problem,
        })),
        mismatched_points: check.mismatchedPoints.map((row) => ({
          user_id: row.userId,
          cached: row.cached,
          from_rows: row.fromRows,
        })),
        mismatched_totals: check.mismatchedTotals.map((row) => ({
          account_id: row.accountId,
          entry_kind: row.entryKind,
          cached_total: centsToMajor(row.cachedTotal),
          postings_total: centsToMajor(row.postingsTotal),
          cached_entries: row.cachedEntries,
          postings_entries: row.postingsEntries,
        })),
        mismatched_plan_earnings: check.mismatchedPlanEarnings.map((row) => ({
          user_plan_id: row.userPlanId,
          cached: centsToMajor(row.cached),
          from_postings: centsToMajor(row.fromPostings),
        })),
        mismatched_daily_earnings: check.mismatchedDailyEarnings.map((row) => ({
          user_id: row.userId,
          day: row.day,
          cached: centsToMajor(row.cached),
          from_accruals: centsToMajor(row.fromAccruals),
        })),
        mismatched_loans: check.mismatchedLoans.map((row) => ({
          user_id: row.userId,
          loan_id: row.loanId,
          expected: centsToMajor(row.expected),
          actual: centsToMajor(row.actual),
        })),
        mismatched_goals: check.mismatchedGoals.map((row) => ({
          goal_id: row.goalId,
          field: row.field,
          cached: centsToMajor(row.cached),
          from_postings: centsToMajor(row.fromPostings),
        })),
        duplicate_references: check.duplicateReferences,
        accounts_checked: check.accountsChecked,
        entries_checked: check.entriesChecked,
      };
    },
  );
};
