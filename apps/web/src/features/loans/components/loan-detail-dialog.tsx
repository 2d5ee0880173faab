import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { TOAST_AUTO_CLOSE_LOANS_GOALS_MS } from '@app/shared/constants';
import { centsToMajor, majorToCents } from '@app/shared/money';
import type { LoanDetail, LoanInstalment } from '@app/shared/schemas/loans';
import { PrivateAmount, usePrivateMoney } from '#components/private-amount';
import { Alert, RetryAlert } from '#components/ui/alert';
import { Badge, type BadgeTone } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';
import { ResponsiveTable } from '#components/ui/responsive-table';
import { SpinnerIcon } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useLabels } from '#lib/labels';
import { useUtcDayFormat } from '#lib/money';
import { useLoan, useRepayLoan } from '../api/loans-api';
import { useLoanRate } from './loan-format';

const toastOptions = { autoClose: TOAST_AUTO_CLOSE_LOANS_GOALS_MS };

const INSTALMENT_TONES: Record<LoanInstalment['status'], BadgeTone> = {
  scheduled: 'neutral',
  due: 'warning',
  partially_paid: 'warning',
  overdue: 'danger',
  paid: 'success',
  repaid_early: 'info',
};

/** A calendar date (YYYY-MM-DD, UTC) in the reader's language, the same day in every time zone. */
function useDay() {
  const date = useUtcDayFormat();
  return (day: string | null) => date(day);
}

/** The loan's figures, the member's own: hidden while Hide balance is on. */
function Summary({ loan }: { loan: LoanDetail }) {
  const { t } = useTranslation();
  const money = usePrivateMoney();
  const day = useDay();
  const loanRate = useLoanRate();
  const owed = centsToMajor(
    majorToCents(loan.outstanding_principal) + majorToCents(loan.outstanding_interest),
  );
  const rows: [string, string][] = [
    [t('loans.detail.borrowed'), money(loan.principal)],
    [t('loans.detail.interest'), `${money(loan.profit)} (${loanRate(loan.rate, loan.profit_interval)})`],
    [
      t('loans.detail.paid'),
      money(centsToMajor(majorToCents(loan.paid_principal) + majorToCents(loan.paid_interest))),
    ],
    // An early repayment: the interest of the instalments it made unnecessary was never charged.
    ...(loan.waived_interest > 0
      ? ([[t('loans.detail.waived'), money(loan.waived_interest)]] as [string, string][])
      : []),
    [t('loans.detail.owed'), money(owed)],
    [
      t('loans.detail.next'),
      loan.next_due_date && loan.next_due_amount !== null
        ? t('loans.detail.nextValue', { amount: money(loan.next_due_amount), date: day(loan.next_due_date) })
        : '—',
    ],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3 sm:block">
          <dt className="text-muted">{label}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Schedule({ loan }: { loan: LoanDetail }) {
  const { t } = useTranslation();
  const money = usePrivateMoney();
  const day = useDay();
  const status = (row: LoanInstalment) => (
    <Badge tone={INSTALMENT_TONES[row.status]}>{t(`loans.instalmentStatus.${row.status}`)}</Badge>
  );
  return (
    <ResponsiveTable
      caption={t('loans.detail.schedule')}
      rows={loan.schedule}
      rowKey={(row) => row.number}
      columns={[
        { header: t('loans.detail.columns.number'), cell: (row) => row.number },
        {
          header: t('loans.detail.columns.due'),
          className: 'whitespace-nowrap',
          cell: (row) => day(row.due_date),
        },
        {
          header: t('loans.detail.columns.amount'),
          className: 'tabular-nums',
          cell: (row) => <PrivateAmount value={row.amount} />,
        },
        {
          header: t('loans.detail.columns.principal'),
          className: 'tabular-nums',
          cell: (row) => <PrivateAmount value={row.principal} />,
        },
        {
          header: t('loans.detail.columns.interest'),
          className: 'tabular-nums',
          cell: (row) => <PrivateAmount value={row.interest} />,
        },
        { header: t('loans.detail.columns.status'), align: 'end', cell: status },
      ]}
      // The dialog is narrower than the screen the breakpoint sees: the table scrolls inside it.
      scroll
      cardStyle="divided"
      cardClassName="flex items-start justify-between gap-3"
      card={(row) => (
        <>
          <div className="min-w-0 text-sm">
            <p className="font-medium">
              {t('loans.detail.instalment', { number: row.number })} · {day(row.due_date)}
            </p>
            <p className="tabular-nums">
              <PrivateAmount value={row.amount} />
            </p>
            <p className="text-xs text-muted">
              {t('loans.detail.parts', { principal: money(row.principal), interest: money(row.interest) })}
            </p>
          </div>
          {status(row)}
        </>
      )}
    />
  );
}

function RepayConfirmation({ loan, onDone }: { loan: LoanDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const money = usePrivateMoney();
  // The toasts go with the mutation, not mutate(): this panel unmounts once the loan reloads as repaid.
  const repay = useRepayLoan({
    onRepaid: (answer) => toast.success(message(answer.message), toastOptions),
    onFailed: (failure) => toast.error(message(errorMessage(failure, 'API Error')), toastOptions),
  });
  const dueInterest = centsToMajor(
    majorToCents(loan.payoff_amount) - majorToCents(loan.outstanding_principal),
  );
  return (
    <div className="space-y-4 rounded-xl border border-line p-4" role="group" aria-labelledby="repay-confirm">
      <p id="repay-confirm" className="font-medium">
        {t('loans.repay.confirm', { amount: money(loan.payoff_amount) })}
      </p>
      <p className="text-sm text-muted">
        {t('loans.repay.explain', {
          principal: money(loan.outstanding_principal),
          interest: money(dueInterest),
          waived: money(loan.payoff_waived_interest),
        })}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button
          disabled={repay.isPending}
          onClick={() => repay.mutate({ id: loan.id, payoff: loan.payoff_amount }, { onSuccess: onDone })}
        >
          {repay.isPending
            ? t('loans.repay.submitting')
            : t('loans.repay.submit', { amount: money(loan.payoff_amount) })}
        </Button>
      </div>
    </div>
  );
}

/**
 * One loan (DESIGN §6): what is borrowed, paid and owed, the full schedule, and Repay now. The loan's
 * figures, the member's own, hide under Hide balance, as the balance does in the Invest modal.
 */
export function LoanDetailDialog({
  loanId,
  onOpenChange,
}: {
  loanId: number | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const money = usePrivateMoney();
  const { days } = useLabels();
  const loan = useLoan(loanId);
  const [confirming, setConfirming] = useState(false);
  const close = (open: boolean) => {
    if (!open) setConfirming(false);
    onOpenChange(open);
  };
  let body;
  if (loan.isPending) {
    body = (
      <p role="status" className="flex items-center justify-center gap-3 py-10 text-sm text-muted">
        <SpinnerIcon className="size-5 text-brand" />
        {t('loans.detail.loading')}
      </p>
    );
  } else if (loan.isError) {
    body = (
      <RetryAlert onRetry={() => void loan.refetch()}>
        {message(errorMessage(loan.error, 'An error occurred'))}
      </RetryAlert>
    );
  } else {
    const data = loan.data;
    body = (
      <div className="space-y-5">
        {data.overdue && (
          <Alert tone="error">
            {t('loans.detail.overdue', {
              amount: money(data.overdue_amount),
              days: days(data.days_past_due),
            })}
          </Alert>
        )}
        <Summary loan={data} />
        {data.status === 'active' &&
          (confirming ? (
            <RepayConfirmation loan={data} onDone={() => setConfirming(false)} />
          ) : (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted">
                {t('loans.repay.offer', { amount: money(data.payoff_amount) })}
              </p>
              <Button onClick={() => setConfirming(true)}>{t('loans.repay.button')}</Button>
            </div>
          ))}
        <Schedule loan={data} />
      </div>
    );
  }
  return (
    <Dialog
      open={loanId !== null}
      onOpenChange={close}
      title={
        loan.data ? t('loans.detail.title', { name: loan.data.plan_name }) : t('loans.detail.titleLoading')
      }
    >
      {body}
    </Dialog>
  );
}
