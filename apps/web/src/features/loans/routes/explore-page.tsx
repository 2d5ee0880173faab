import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOAN_LIST_LIMIT, OPEN_LOAN_APPLICATION_STATUSES, OPEN_LOAN_STATUSES } from '@app/shared/constants';
import { centsToMajor, majorToCents } from '@app/shared/money';
import type { Loan, LoanApplication, LoanPlan } from '@app/shared/schemas/loans';
import { CancelPendingButton } from '#components/cancel-pending-button';
import { PrivateAmount, usePrivateMoney } from '#components/private-amount';
import { PageHeader } from '#components/page-header';
import { RetryAlert } from '#components/ui/alert';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { ResponsiveTable } from '#components/ui/responsive-table';
import { Skeleton } from '#components/ui/skeleton';
import { SpinnerIcon } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { logger } from '#lib/logger';
import { useLabels } from '#lib/labels';
import { useDateFormat, useMoney, useNumberLocale, useUtcDayFormat } from '#lib/money';
import { localRejectionReason } from '#i18n/rejection-reasons';
import { useLoanApplications, useLoanPlans, useLoans, useWithdrawApplication } from '../api/loans-api';
import { APPLICATION_TONES, useLoanRate, usePeriods } from '../components/loan-format';

function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center justify-center gap-3 py-10 text-sm text-muted">
      <SpinnerIcon className="size-5 text-brand" />
      {text}
    </p>
  );
}

// The dialogs load when first opened: the page's first paint does not wait for them (decision 170).
const ApplyLoanDialog = lazy(async () => ({
  default: (await import('../components/apply-loan-dialog')).ApplyLoanDialog,
}));
const LoanDetailDialog = lazy(async () => ({
  default: (await import('../components/loan-detail-dialog')).LoanDetailDialog,
}));

/** A plan card's height (at least): the loading cards have it too, so nothing moves when plans arrive. */
const PLAN_CARD_HEIGHT = 'min-h-64';

/**
 * The plans while they load: cards of a plan card's size, enough of them to fill a phone's first
 * screen, so the sections below stay out of view until the plans are there (decision 170).
 */
function PlanCardsLoading({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-label={text}
      className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
      data-testid="loan-plans"
    >
      {[0, 1, 2].map((key) => (
        <Card key={key} className={`flex flex-col gap-3 p-5 ${PLAN_CARD_HEIGHT}`}>
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-16 w-3/4" />
          <Skeleton className="mt-auto h-10 w-full rounded-xl" />
        </Card>
      ))}
    </div>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <p className="rounded-xl border border-dashed border-line px-4 py-10 text-center text-sm text-muted">
      {text}
    </p>
  );
}

/** What is open in each list (always listed by the server) and the note under it (decision 219). */
const NEWEST_ONLY = {
  history: { open: OPEN_LOAN_APPLICATION_STATUSES, text: 'loans.history.newestOnly' },
  mine: { open: OPEN_LOAN_STATUSES, text: 'loans.mine.newestOnly' },
} as const;

/**
 * Under a list that came with LOAN_LIST_LIMIT closed rows (decision 219): the server answers every open
 * loan or application and only the newest closed ones, so older closed ones may exist and are not
 * shown; the data export has them all.
 */
function NewestOnly({ list, rows }: { list: keyof typeof NEWEST_ONLY; rows: readonly { status: string }[] }) {
  const { t } = useTranslation();
  const numbers = useNumberLocale();
  const { open, text } = NEWEST_ONLY[list];
  const closed = rows.filter((row) => !(open as readonly string[]).includes(row.status)).length;
  if (closed < LOAN_LIST_LIMIT) return null;
  return (
    <p className="mt-3 text-xs text-muted">
      {t(text, { count: LOAN_LIST_LIMIT, number: LOAN_LIST_LIMIT.toLocaleString(numbers) })}
    </p>
  );
}

/** Spec §8: load failures of plans and history are logged; the screen also offers Retry. */
function useLogFailure(error: unknown, what: string) {
  useEffect(() => {
    if (error) logger.warn(`${what} failed to load`, error);
  }, [error, what]);
}

/**
 * A loan plan's description: as the admin wrote it (English) in English; in another language one built
 * from the plan's category and interval, so no stored English is shown there.
 */
function useDescription() {
  const { t, i18n } = useTranslation();
  return (plan: LoanPlan) => {
    if ((i18n.resolvedLanguage ?? 'en') === 'en') return plan.description;
    const kind = plan.category === 'personal' || plan.category === 'business' ? plan.category : 'other';
    const about = t(`loans.plans.about.${kind}`);
    return plan.profit_interval ? `${about} ${t(`loans.plans.repaid.${plan.profit_interval}`)}` : about;
  };
}

function PlanCard({ plan, onApply }: { plan: LoanPlan; onApply: (plan: LoanPlan) => void }) {
  const { t } = useTranslation();
  const description = useDescription();
  const money = useMoney();
  const periods = usePeriods();
  const rate = useLoanRate();
  return (
    <Card className={`flex flex-col gap-3 p-5 ${PLAN_CARD_HEIGHT}`}>
      <div>
        <h3 className="text-base font-semibold">{plan.name}</h3>
        <p className="mt-1 text-sm text-muted">{description(plan)}</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('loans.plans.range')}</dt>
        <dd className="font-medium tabular-nums">
          {t('loans.plans.rangeValue', { min: money(plan.min_amount), max: money(plan.max_amount) })}
        </dd>
        <dt className="text-muted">{t('loans.plans.rate')}</dt>
        <dd className="font-medium">{rate(plan.profit_rate, plan.profit_interval)}</dd>
        <dt className="text-muted">{t('loans.plans.duration')}</dt>
        <dd className="font-medium">
          {plan.duration === null ? t('loans.varies') : periods(plan.duration, plan.profit_interval)}
        </dd>
      </dl>
      <Button
        className="mt-auto"
        onClick={() => onApply(plan)}
        aria-label={t('loans.apply.title', { name: plan.name })}
      >
        {t('loans.plans.apply')}
      </Button>
    </Card>
  );
}

function Plans({ onApply }: { onApply: (plan: LoanPlan) => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const plans = useLoanPlans();
  useLogFailure(plans.error, 'loan plans');
  if (plans.isPending) return <PlanCardsLoading text={t('loans.plans.loading')} />;
  if (plans.isError)
    return (
      <RetryAlert onRetry={() => void plans.refetch()}>
        {message(errorMessage(plans.error, 'An error occurred'))}
      </RetryAlert>
    );
  if (plans.data.length === 0) return <Empty text={message('No loan plans available.')} />;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="loan-plans">
      {plans.data.map((plan) => (
        <PlanCard key={plan.id} plan={plan} onApply={onApply} />
      ))}
    </div>
  );
}

/** The history's term: months as the spec shows them, or the plan's own days and weeks (decision 084). */
function History() {
  const { t } = useTranslation();
  const message = useMessage();
  const money = useMoney();
  const date = useDateFormat();
  const periods = usePeriods();
  const applications = useLoanApplications();
  const withdraw = useWithdrawApplication();
  useLogFailure(applications.error, 'loan applications');
  if (applications.isPending) return <Loading text={t('loans.history.loading')} />;
  if (applications.isError)
    return (
      <RetryAlert onRetry={() => void applications.refetch()}>
        {message(errorMessage(applications.error, 'An error occurred'))}
      </RetryAlert>
    );
  if (applications.data.length === 0) return <Empty text={message('No loan applications found.')} />;
  const planName = (row: LoanApplication) => row.plan_name ?? message('Unknown Plan');
  const when = (row: LoanApplication) =>
    Number.isNaN(Date.parse(row.date)) ? message('Not Available') : date(row.date);
  const status = (row: LoanApplication) => <ApplicationStatus row={row} />;
  const term = (row: LoanApplication) => periods(row.term, row.profit_interval);
  const cancelButton = (row: LoanApplication) =>
    row.status === 'pending' ? (
      <CancelPendingButton
        id={row.id}
        mutation={withdraw}
        texts={{
          label: t('loans.cancel.label', { plan: planName(row), amount: money(row.amount_requested) }),
          title: t('loans.cancel.title'),
          body: t('loans.cancel.body', { plan: planName(row), amount: money(row.amount_requested) }),
          confirm: t('loans.cancel.confirm'),
        }}
      />
    ) : null;
  return (
    <ResponsiveTable
      caption={t('loans.history.title')}
      rows={applications.data}
      rowKey={(row) => row.id}
      columns={[
        { header: t('loans.history.columns.plan'), className: 'font-medium', cell: planName },
        {
          header: t('loans.history.columns.amount'),
          className: 'tabular-nums',
          cell: (row) => <PrivateAmount value={row.amount_requested} />,
        },
        { header: t('loans.history.columns.term'), className: 'whitespace-nowrap', cell: term },
        { header: t('loans.history.columns.status'), cell: status },
        { header: t('loans.history.columns.date'), className: 'whitespace-nowrap', cell: when },
        { header: t('loans.history.columns.actions'), cell: cancelButton },
      ]}
      cardStyle="boxed"
      cardClassName="flex items-start justify-between gap-3"
      card={(row) => (
        <>
          <div className="min-w-0 text-sm">
            <p className="font-medium">{planName(row)}</p>
            <p className="tabular-nums">
              <PrivateAmount value={row.amount_requested} /> · {term(row)}
            </p>
            <p className="text-xs text-muted">{when(row)}</p>
          </div>
          <div className="flex flex-col items-end gap-2">
            {status(row)}
            {cancelButton(row)}
          </div>
        </>
      )}
      busy={applications.isFetching}
    >
      <NewestOnly list="history" rows={applications.data} />
    </ResponsiveTable>
  );
}

/** An application's status, and why a rejected one was rejected, as the member's notice said. */
function ApplicationStatus({ row }: { row: LoanApplication }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge tone={APPLICATION_TONES[row.status] ?? 'neutral'}>
        {t(`loans.applicationStatus.${row.status}`, { defaultValue: row.status })}
      </Badge>
      {row.status === 'rejected' && row.reason && (
        <p className="mt-1 text-xs text-muted">{localRejectionReason(t, 'loan_applications', row.reason)}</p>
      )}
    </>
  );
}

function LoanCard({ loan, onOpen }: { loan: Loan; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const { days } = useLabels();
  const money = usePrivateMoney();
  const day = useUtcDayFormat();
  const owed = centsToMajor(
    majorToCents(loan.outstanding_principal) + majorToCents(loan.outstanding_interest),
  );
  const badge =
    loan.status === 'completed' ? (
      <Badge tone="info">{t('loans.loanStatus.completed')}</Badge>
    ) : loan.overdue ? (
      <Badge tone="danger">{t('loans.loanStatus.overdue', { days: days(loan.days_past_due) })}</Badge>
    ) : (
      <Badge tone="success">{t('loans.loanStatus.active')}</Badge>
    );
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {loan.plan_name} {badge}
        </p>
        <p className="tabular-nums">
          {t('loans.mine.summary', { principal: money(loan.principal), owed: money(owed) })}
        </p>
        {loan.next_due_date && loan.next_due_amount !== null && (
          <p className="text-xs text-muted">
            {t('loans.mine.next', {
              amount: money(loan.next_due_amount),
              date: day(loan.next_due_date),
            })}
          </p>
        )}
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onOpen(loan.id)}
        aria-label={t('loans.mine.open', { name: loan.plan_name })}
      >
        {t('loans.mine.view')}
      </Button>
    </li>
  );
}

function MyLoans({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const loans = useLoans();
  if (loans.isPending) return <Loading text={t('loans.mine.loading')} />;
  if (loans.isError)
    return (
      <RetryAlert onRetry={() => void loans.refetch()}>
        {message(errorMessage(loans.error, 'An error occurred'))}
      </RetryAlert>
    );
  if (loans.data.length === 0) return <Empty text={t('loans.mine.empty')} />;
  return (
    <>
      <ul className="space-y-3">
        {loans.data.map((loan) => (
          <LoanCard key={loan.id} loan={loan} onOpen={onOpen} />
        ))}
      </ul>
      <NewestOnly list="mine" rows={loans.data} />
    </>
  );
}

/**
 * Explore (spec §2): the loan plans, the apply dialog with its estimate, the member's loans with their
 * schedules, and 'Loan Application History'.
 */
export function ExplorePage() {
  const { t } = useTranslation();
  const [applying, setApplying] = useState<LoanPlan | null>(null);
  const [openLoan, setOpenLoan] = useState<number | null>(null);
  // Once opened, a dialog stays mounted, so it closes with its animation.
  const [applyWanted, setApplyWanted] = useState(false);
  const [loanWanted, setLoanWanted] = useState(false);
  if (applying && !applyWanted) setApplyWanted(true);
  if (openLoan !== null && !loanWanted) setLoanWanted(true);
  useDocumentMeta(t('pages.explore.title'), t('pages.explore.description'));
  return (
    <>
      <PageHeader title={t('pages.explore.title')} description={t('loans.lead')} />
      <section aria-labelledby="loan-plans" className="space-y-4">
        <h2 id="loan-plans" className="text-lg font-semibold">
          {t('loans.plans.title')}
        </h2>
        <Plans onApply={setApplying} />
      </section>
      <section aria-labelledby="my-loans" className="mt-8 space-y-4">
        <h2 id="my-loans" className="text-lg font-semibold">
          {t('loans.mine.title')}
        </h2>
        <Card className="p-4 sm:p-6">
          <MyLoans onOpen={setOpenLoan} />
        </Card>
      </section>
      <section aria-labelledby="loan-history" className="mt-8 space-y-4">
        <h2 id="loan-history" className="text-lg font-semibold">
          {t('loans.history.title')}
        </h2>
        <Card className="p-4 sm:p-6">
          <History />
        </Card>
      </section>
      <Suspense fallback={null}>
        {applyWanted && (
          <ApplyLoanDialog plan={applying} onOpenChange={(open) => !open && setApplying(null)} />
        )}
        {loanWanted && (
          <LoanDetailDialog loanId={openLoan} onOpenChange={(open) => !open && setOpenLoan(null)} />
        )}
      </Suspense>
    </>
  );
}
