import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Withdrawal } from '@app/shared/schemas/withdrawals';
import { Alert } from '#components/ui/alert';
import { Badge, type BadgeTone } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Pagination } from '#components/ui/pagination';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDateFormat, useMoney } from '#lib/money';
import { useWithdrawalHistory } from '../api/get-withdrawal-history';

/** Spec §4: pending yellow, approved green, rejected red, any other status neutral. */
const STATUS_TONES: Record<string, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

export function WithdrawalStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge tone={STATUS_TONES[status] ?? 'neutral'}>
      {t(`withdrawals.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** The withdrawal history (spec §2): a table from sm up, stacked cards below; 10 per page. */
export function WithdrawalHistory() {
  const { t } = useTranslation();
  const message = useMessage();
  const money = useMoney();
  const date = useDateFormat();
  const [page, setPage] = useState(1);
  const history = useWithdrawalHistory(page);

  if (history.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t('withdrawals.history.loading')} />
      </div>
    );
  }
  if (history.isError) {
    return (
      <Alert tone="error">
        <p>{message(errorMessage(history.error, 'An error occurred'))}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void history.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
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
  const method = (row: Withdrawal) => t(`withdrawals.methods.${row.withdrawal_method}`);

  return (
    <div aria-busy={history.isFetching || undefined}>
      <table className="w-full text-sm max-sm:hidden">
        <caption className="sr-only">{t('withdrawals.history.title')}</caption>
        <thead>
          <tr className="border-b border-line text-start text-xs text-muted">
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('withdrawals.history.date')}
            </th>
            <th scope="col" className="py-2 pe-3 text-end font-medium">
              {t('withdrawals.history.amount')}
            </th>
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('withdrawals.history.method')}
            </th>
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('withdrawals.history.destination')}
            </th>
            <th scope="col" className="py-2 text-start font-medium">
              {t('withdrawals.history.status')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="py-3 pe-3 whitespace-nowrap">{date(row.created_at)}</td>
              <td className="py-3 pe-3 text-end font-medium whitespace-nowrap tabular-nums">
                {money(row.amount)}
              </td>
              <td className="py-3 pe-3">{method(row)}</td>
              <td className="max-w-56 truncate py-3 pe-3 text-muted" title={row.destination}>
                {row.destination}
              </td>
              <td className="py-3">
                <WithdrawalStatusBadge status={row.status} />
                {row.reason && <p className="mt-1 text-xs text-muted">{row.reason}</p>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-3 sm:hidden" aria-label={t('withdrawals.history.title')}>
        {rows.map((row) => (
          <li key={row.id} className="rounded-xl border border-line p-4">
            <div className="flex items-start justify-between gap-3">
              <div>
                <p className="font-semibold tabular-nums">{money(row.amount)}</p>
                <p className="text-xs text-muted">
                  {date(row.created_at)} · {method(row)}
                </p>
              </div>
              <WithdrawalStatusBadge status={row.status} />
            </div>
            <p className="mt-2 text-sm break-words text-muted">{row.destination}</p>
            {row.reason && <p className="mt-1 text-xs text-muted">{row.reason}</p>}
          </li>
        ))}
      </ul>
      <Pagination
        page={history.data.current_page}
        totalPages={history.data.last_page}
        onPageChange={setPage}
        label={t('withdrawals.history.pages')}
        disabled={history.isFetching}
      />
    </div>
  );
}
