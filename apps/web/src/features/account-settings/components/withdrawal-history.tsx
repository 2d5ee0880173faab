import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '@app/shared/schemas/withdrawals';
import { RetryAlert } from '#components/ui/alert';
import { Badge, type BadgeTone } from '#components/ui/badge';
import { CancelPendingButton } from '#components/cancel-pending-button';
import { PrivateAmount } from '#components/private-amount';
import { Pagination } from '#components/ui/pagination';
import { ResponsiveTable, type ResponsiveTableColumn } from '#components/ui/responsive-table';
import { Spinner } from '#components/ui/spinner';
import { localRejectionReason } from '#i18n/rejection-reasons';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDateFormat, useMoney } from '#lib/money';
import { useCancelWithdrawal } from '../api/cancel-withdrawal';
import { useWithdrawalHistory } from '../api/get-withdrawal-history';

/** Spec §4: pending yellow, approved green, rejected red, any other status neutral. */
const STATUS_TONES: Record<string, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
};

export function WithdrawalStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge tone={STATUS_TONES[status] ?? 'neutral'}>
      {t(`withdrawals.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

type CancelMutation = ReturnType<typeof useCancelWithdrawal>;

/** Cancel on a pending withdrawal (decision 174); nothing on any other. */
function CancelWithdrawalButton({ row, cancel }: { row: Withdrawal; cancel: CancelMutation }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (row.status !== 'pending') return null;
  return (
    <CancelPendingButton
      id={row.id}
      mutation={cancel}
      texts={{
        label: t('withdrawals.cancel.label', { amount: money(row.amount) }),
        title: t('withdrawals.cancel.title'),
        body: t('withdrawals.cancel.body', { amount: money(row.amount) }),
        confirm: t('withdrawals.cancel.confirm'),
      }}
    />
  );
}

/** The table's columns, from sm up. */
function useHistoryColumns(cancel: CancelMutation): ResponsiveTableColumn<Withdrawal>[] {
  const { t } = useTranslation();
  const date = useDateFormat();
  return [
    {
      header: t('withdrawals.history.date'),
      className: 'whitespace-nowrap',
      cell: (row) => date(row.created_at),
    },
    {
      header: t('withdrawals.history.amount'),
      align: 'end',
      className: 'font-medium whitespace-nowrap tabular-nums',
      cell: (row) => <PrivateAmount value={row.amount} />,
    },
    {
      header: t('withdrawals.history.method'),
      cell: (row) => t(`withdrawals.methods.${row.withdrawal_method}`),
    },
    {
      header: t('withdrawals.history.destination'),
      className: 'max-w-56 truncate text-muted',
      title: (row) => row.destination,
      cell: (row) => row.destination,
    },
    {
      header: t('withdrawals.history.status'),
      cell: (row) => (
        <>
          <WithdrawalStatusBadge status={row.status} />
          {row.reason && (
            <p className="mt-1 text-xs text-muted">{localRejectionReason(t, 'withdrawals', row.reason)}</p>
          )}
        </>
      ),
    },
    {
      header: t('withdrawals.history.actions'),
      cell: (row) => <CancelWithdrawalButton row={row} cancel={cancel} />,
    },
  ];
}

/** A withdrawal as a card, below sm. */
function WithdrawalCard({ row, cancel }: { row: Withdrawal; cancel: CancelMutation }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="font-semibold tabular-nums">
            <PrivateAmount value={row.amount} />
          </p>
          <p className="text-xs text-muted">
            {date(row.created_at)} · {t(`withdrawals.methods.${row.withdrawal_method}`)}
          </p>
        </div>
        <WithdrawalStatusBadge status={row.status} />
      </div>
      <p className="mt-2 text-sm wrap-anywhere text-muted">{row.destination}</p>
      {row.reason && (
        <p className="mt-1 text-xs text-muted">{localRejectionReason(t, 'withdrawals', row.reason)}</p>
      )}
      {row.status === 'pending' && (
        <div className="mt-3">
          <CancelWithdrawalButton row={row} cancel={cancel} />
        </div>
      )}
    </>
  );
}

/**
 * The withdrawal history (spec §2): a table from sm up, stacked cards below; 10 per page. The amounts
 * hide under Hide balance (Cancel's own confirmation still says what it cancels).
 */
export function WithdrawalHistory() {
  const { t } = useTranslation();
  const message = useMessage();
  const [page, setPage] = useState(1);
  const history = useWithdrawalHistory(page);
  const cancel = useCancelWithdrawal();
  const columns = useHistoryColumns(cancel);

  if (history.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('withdrawals.history.loading')} />
      </div>
    );
  }
  if (history.isError) {
    return (
      <RetryAlert onRetry={() => void history.refetch()}>
        {message(errorMessage(history.error, 'An error occurred'))}
      </RetryAlert>
    );
  }
  const rows = history.data.data;
  if (rows.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-line px-4 py-10 text-center text-sm text-muted">
        {message('No withdrawals found.')}
      </p>
    );
  }

  return (
    <ResponsiveTable
      caption={t('withdrawals.history.title')}
      rows={rows}
      rowKey={(row) => row.id}
      columns={columns}
      cardStyle="boxed"
      card={(row) => <WithdrawalCard row={row} cancel={cancel} />}
      busy={history.isFetching}
    >
      <Pagination
        page={history.data.current_page}
        totalPages={history.data.last_page}
        onPageChange={setPage}
        label={t('withdrawals.history.pages')}
        disabled={history.isFetching}
      />
    </ResponsiveTable>
  );
}
