import { useTranslation } from 'react-i18next';
import type { LedgerCheckResponse } from '@app/shared/schemas/ledger';
import { Alert } from '#components/ui/alert';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { useDocumentMeta } from '#lib/document-meta';
import { useMoney } from '#lib/money';
import { useRunLedgerCheck } from '../api/admin-queues-api';

/** An invariant of the ledger check: its key, how many rows break it, and those rows (when it lists them). */
type Invariant = [key: string, count: number, rows: readonly Record<string, unknown>[]];

/** Every invariant of the ledger check, each with the rows that break it. */
function invariants(check: LedgerCheckResponse): Invariant[] {
  const listed = (key: string, rows: readonly Record<string, unknown>[]): Invariant => [
    key,
    rows.length,
    rows,
  ];
  return [
    ['postingsSum', check.postings_sum === 0 ? 0 : 1, []],
    listed('unbalancedEntries', check.unbalanced_entries),
    listed('accounts', check.mismatched_accounts),
    listed('points', check.mismatched_points),
    listed('totals', check.mismatched_totals),
    listed('cashAmounts', check.mismatched_cash_amounts),
    listed('planEarnings', check.mismatched_plan_earnings),
    listed('planDays', check.mismatched_plan_days),
    listed('dailyEarnings', check.mismatched_daily_earnings),
    listed('earningTotals', check.mismatched_earning_totals),
    listed('loans', check.mismatched_loans),
    listed('loanInterest', check.mismatched_loan_interest),
    listed('loanStatuses', check.mismatched_loan_statuses),
    listed('goals', check.mismatched_goals),
    listed('goalPeriods', check.mismatched_goal_periods),
    listed('renewals', check.mismatched_renewals),
    listed('queueTotals', check.mismatched_queue_totals),
    listed('withdrawalHolds', check.mismatched_withdrawal_holds),
    listed('listTotals', check.mismatched_list_totals),
    listed('depositCredits', check.mismatched_deposit_credits),
    listed('refunds', check.mismatched_refunds),
    listed('corrections', check.mismatched_corrections),
    listed('principals', check.mismatched_principals),
    listed('cashChain', check.mismatched_cash_chain),
    ['references', check.duplicate_references, []],
  ];
}

/** A field's value as text: numbers, words and ids; '—' for none. */
function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '—';
}

/** A broken row as the check reports it: its fields and values (ids to find it by, the figures). */
function rowText(row: Record<string, unknown>): string {
  return Object.entries(row)
    .map(([field, value]) => `${field}: ${fieldText(value)}`)
    .join(', ');
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
          <PlatformAccounts rows={check.platform_accounts} />
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
        {invariants(check).map(([key, count, rows]) => (
          <li key={key} className="py-2">
            <div className="flex items-center justify-between gap-3">
              <span>{t(`adminQueues.reconciliation.checks.${key}`)}</span>
              <Badge tone={count === 0 ? 'success' : 'danger'}>
                {count === 0
                  ? t('adminQueues.reconciliation.holds')
                  : t('adminQueues.reconciliation.broken', { n: count })}
              </Badge>
            </div>
            {rows.length > 0 && (
              <details className="mt-2">
                <summary className="cursor-pointer text-muted">
                  {t('adminQueues.reconciliation.showRows', {
                    check: t(`adminQueues.reconciliation.checks.${key}`),
                  })}
                </summary>
                <ul className="mt-1 space-y-1 font-mono text-xs wrap-anywhere" dir="ltr">
                  {rows.map((row, index) => (
                    <li key={index}>{rowText(row)}</li>
                  ))}
                </ul>
              </details>
            )}
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

/** The platform's own accounts and their balances (decision 182: adjustments is the net cost of corrections). */
function PlatformAccounts({ rows }: { rows: LedgerCheckResponse['platform_accounts'] }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Card className="p-5">
      <h2 className="font-semibold">{t('adminQueues.reconciliation.platformAccounts')}</h2>
      <dl className="mt-3 divide-y divide-line text-sm">
        {rows.map((row) => (
          <div key={row.kind} className="flex items-center justify-between gap-3 py-2">
            <dt>{t(`adminQueues.reconciliation.platformKinds.${row.kind}`, { defaultValue: row.kind })}</dt>
            <dd className="tabular-nums">{money(row.balance)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
