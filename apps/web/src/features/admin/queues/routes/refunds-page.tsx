import '#lib/zod-config';
import { useMemo, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { REFUND_STATES, type AdminRefund } from '@app/shared/schemas/deposits';
import { Button } from '#components/ui/button';
import { DataTable } from '#components/ui/data-table';
import { SelectField } from '#components/ui/field';
import { useDocumentMeta } from '#lib/document-meta';
import { useDateFormat, useMoney } from '#lib/money';
import { useUrlListState } from '#lib/use-url-list-state';
import { useAdminRefunds } from '../api/admin-queues-api';
import { formText } from '../components/form-value';

const FILTERS = ['state'] as const;
const column = createColumnHelper<AdminRefund>();

/** The table's columns: the deposit, the member, the four amounts, the date of the reversal. */
function useRefundColumns() {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useDateFormat();
  return useMemo(() => {
    const amount = (key: 'amount' | 'taken_back' | 'recovered' | 'outstanding', header: string) =>
      column.accessor(key, {
        header,
        enableSorting: false,
        meta: { align: 'end' },
        cell: (info) => <span className="tabular-nums">{money(info.getValue())}</span>,
      });
    return [
      column.accessor('reference', {
        header: t('adminQueues.refunds.columns.deposit'),
        enableSorting: false,
        cell: (info) => (
          <span className="flex flex-col">
            <span className="font-medium">{info.getValue()}</span>
            <span className="text-xs text-muted">
              {t(`deposits.methods.${info.row.original.payment_method}`)} · {info.row.original.gateway_status}
            </span>
          </span>
        ),
      }),
      column.accessor('user', {
        header: t('adminQueues.refunds.columns.member'),
        enableSorting: false,
        cell: (info) => (
          <span className="flex flex-col">
            <Link
              className="font-medium text-brand-text underline underline-offset-4"
              to={`/admin/members/${info.getValue().id}`}
            >
              {info.getValue().username}
            </Link>
            <span className="text-xs text-muted wrap-anywhere">{info.getValue().email}</span>
          </span>
        ),
      }),
      amount('amount', t('adminQueues.refunds.columns.amount')),
      amount('taken_back', t('adminQueues.refunds.columns.takenBack')),
      amount('recovered', t('adminQueues.refunds.columns.recovered')),
      amount('outstanding', t('adminQueues.refunds.columns.outstanding')),
      column.accessor('refunded_at', {
        header: t('adminQueues.refunds.columns.date'),
        enableSorting: false,
        cell: (info) => date(info.getValue()),
      }),
    ];
  }, [t, money, date]);
}

/**
 * Refunds and chargebacks (decision 155): deposits a gateway took back after they were credited, with
 * what was taken back at once, what was collected later and what the member still owes. Open ones
 * (something is owed) oldest first by default; the filter is in the URL.
 */
export function RefundsPage() {
  const { t } = useTranslation();
  const money = useMoney();
  const state = useUrlListState({ filters: FILTERS });
  const list = useAdminRefunds(state.query);
  useDocumentMeta(t('adminQueues.refunds.title'), t('adminQueues.refunds.metaDescription'));
  const columns = useRefundColumns();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    state.setFilters({ state: formText(new FormData(event.currentTarget), 'state') });
  };
  const totals = list.data?.totals;
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('adminQueues.refunds.title')}</h1>
      <p className="text-muted">{t('adminQueues.refunds.lead')}</p>
      <form
        key={state.filters.state}
        onSubmit={submit}
        className="grid gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-[1fr_auto] sm:items-end"
      >
        <SelectField
          label={t('adminQueues.refunds.state')}
          name="state"
          defaultValue={state.filters.state || 'open'}
        >
          {REFUND_STATES.map((value) => (
            <option key={value} value={value}>
              {t(`adminQueues.refunds.states.${value}`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit">{t('adminQueues.refunds.apply')}</Button>
      </form>
      <DataTable
        caption={t('adminQueues.refunds.title')}
        columns={columns}
        state={state}
        query={list}
        rowKey={(row) => row.id}
        empty={t('adminQueues.refunds.empty')}
        errorText={t('adminQueues.refunds.error')}
        footer={
          totals && (
            <p className="text-sm text-muted" data-testid="refund-totals">
              {t('adminQueues.refunds.totals', { n: totals.open_count, amount: money(totals.outstanding) })}
            </p>
          )
        }
      />
    </section>
  );
}
