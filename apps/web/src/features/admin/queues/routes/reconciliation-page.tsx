import { useTranslation } from 'react-i18next';
import type { LedgerCheckResponse } from '@app/shared/schemas/ledger';
import { Alert } from '#components/ui/alert';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { useDocumentMeta } from '#lib/document-meta';
import { useMoney } from '#lib/money';
import { useRunLedgerCheck } from '../api/admin-queues-api';

/** Every invariant of the ledger check, each with how many rows break it. */
function invariants(check: LedgerCheckResponse): [string, number][] {
  return [
    ['postingsSum', check.postings_sum === 0 ? 0 : 1],
    ['unbalancedEntries', check.unbalanced_entries.length],
    ['accounts', check.mismatched_accounts.length],
    ['points', check.mismatched_points.length],
    ['totals', check.mismatched_totals.length],
    ['cashAmounts', check.mismatched_cash_amounts.length],
    ['planEarnings', check.mismatched_plan_earnings.length],
    ['planDays', check.mismatched_plan_days.length],
    ['dailyEarnings', check.mismatched_daily_earnings.length],
    ['earningTotals', check.mismatched_earning_totals.length],
    ['loans', check.mismatched_loans.length],
    ['loanInterest', check.mismatched_loan_interest.length],
    ['loanStatuses', check.mismatched_loan_statuses.length],
    ['goals', check.mismatched_goals.length],
    ['goalPeriods', check.mismatched_goal_periods.length],
    ['renewals', check.mismatched_renewals.length],
    ['queueTotals', check.mismatched_queue_totals.length],
    ['withdrawalHolds', check.mismatched_withdrawal_holds.length],
    ['listTotals', check.mismatched_list_totals.length],
    ['depositCredits', check.mismatched_deposit_credits.length],
    ['refunds', check.mismatched_refunds.length],
    ['corrections', check.mismatched_corrections.length],
    ['principals', check.mismatched_principals.length],
    ['cashChain', check.mismatched_cash_chain.length],
    ['references', check.duplicate_references],
  ];
}

/** Reconciliation: run the ledger check on demand (audited) and read every invariant and mismatch. */
export function ReconciliationPage() {
  const { t } = useTranslation();
  const run = useRunLedgerCheck();
  useDocumentMeta(t('adminQueues.reconciliation.title'), t('adminQueues.reconciliation.metaDescription'));
  const check = run.data;
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('adminQueues.reconciliation.title')}</h1>
      <p className="text-muted">{t('adminQueues.reconciliation.lead')}</p>
      <Button onClick={() => run.mutate()} loading={run.isPending}>
        {t('adminQueues.reconciliation.run')}
      </Button>
      {run.isError && <Alert tone="error">{t('adminQueues.reconciliation.error')}</Alert>}
      {check && (
        <div className="space-y-6" aria-live="polite">
          <Alert tone={check.ok ? 'success' : 'error'}>
            {t(check.ok ? 'adminQueues.reconciliation.ok' : 'adminQueues.reconciliation.failed', {
              accounts: check.accounts_checked,
              entries: check.entries_checked,
            })}
          </Alert>
          <InvariantsCard check={check} />
          {check.mismatched_accounts.length > 0 && <MismatchedAccounts rows={check.mismatched_accounts} />}
        </div>
      )}
    </section>
  );
}

/** Each invariant: holds, or how many rows break it. */
function InvariantsCard({ check }: { check: LedgerCheckResponse }) {
  const { t } = useTranslation();
  return (
    <Card className="p-5">
      <h2 className="font-semibold">{t('adminQueues.reconciliation.invariants')}</h2>
      <ul className="mt-3 divide-y divide-line text-sm">
        {invariants(check).map(([key, count]) => (
          <li key={key} className="flex items-center justify-between gap-3 py-2">
            <span>{t(`adminQueues.reconciliation.checks.${key}`)}</span>
            <Badge tone={count === 0 ? 'success' : 'danger'}>
              {count === 0
                ? t('adminQueues.reconciliation.holds')
                : t('adminQueues.reconciliation.broken', { n: count })}
            </Badge>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The accounts whose cached balance differs from the sum of their postings, as a table. */
function MismatchedAccounts({ rows }: { rows: LedgerCheckResponse['mismatched_accounts'] }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div
      role="region"
      aria-label={t('adminQueues.reconciliation.mismatched')}
      tabIndex={0}
      className="overflow-x-auto"
    >
      <table className="w-full text-sm">
        <caption className="text-start font-semibold">{t('adminQueues.reconciliation.mismatched')}</caption>
        <thead>
          <tr className="border-b border-line text-xs text-muted">
            <th scope="col" className="px-3 py-2 text-start">
              {t('adminQueues.reconciliation.account')}
            </th>
            <th scope="col" className="px-3 py-2 text-start">
              {t('adminQueues.reconciliation.member')}
            </th>
            <th scope="col" className="px-3 py-2 text-start">
              {t('adminQueues.reconciliation.kind')}
            </th>
            <th scope="col" className="px-3 py-2 text-end">
              {t('adminQueues.reconciliation.cached')}
            </th>
            <th scope="col" className="px-3 py-2 text-end">
              {t('adminQueues.reconciliation.postings')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.account_id} className="border-b border-line">
              <td className="px-3 py-2">{row.account_id}</td>
              <td className="px-3 py-2">{row.user_id ?? '—'}</td>
              <td className="px-3 py-2">{row.kind}</td>
              <td className="px-3 py-2 text-end tabular-nums">{money(row.cached_balance)}</td>
              <td className="px-3 py-2 text-end tabular-nums">{money(row.postings_balance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
