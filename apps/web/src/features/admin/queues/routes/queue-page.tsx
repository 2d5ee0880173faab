import { useMemo, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formText } from '../components/form-value';
import { createColumnHelper } from '@tanstack/react-table';
import type { AdminQueue } from '@app/shared/schemas/admin-queues';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { DataTable } from '#components/ui/data-table';
import { SelectField, TextField } from '#components/ui/field';
import { useDocumentMeta } from '#lib/document-meta';
import { useDateFormat, useMoney } from '#lib/money';
import { useUrlListState, type UrlListState } from '#lib/use-url-list-state';
import { useQueue, type QueueItem } from '../api/admin-queues-api';
import { QUEUE_PATHS_WEB, QUEUE_STATUSES, statusTone, useAge } from '../components/format';

const FILTERS = ['status', 'q', 'min_amount', 'max_amount', 'from', 'to'] as const;
const column = createColumnHelper<QueueItem>();

/**
 * A queue (bank deposits, withdrawals, loan applications): filters kept in the URL (Back returns to
 * the same filtered page), pending oldest first with ages, the queue's totals under the table.
 */
export function QueuePage({ queue }: { queue: AdminQueue }) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useDateFormat();
  const state = useUrlListState({ filters: FILTERS });
  const status = state.filters.status || 'pending';
  const apiQuery = useMemo(() => {
    const { status: _status, ...rest } = state.query;
    return status === 'all' ? rest : { ...rest, status };
  }, [state.query, status]);
  const list = useQueue(queue, apiQuery);
  const title = t(`adminQueues.queue.titles.${queue}`);
  useDocumentMeta(title, t('adminQueues.queue.metaDescription'));

  const columns = useQueueColumns(queue);
  const totals = list.data?.totals;
  const fieldErrors = (list.error as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors;

  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <QueueFilters queue={queue} state={state} fieldErrors={fieldErrors} />
      <DataTable
        caption={title}
        columns={columns}
        state={state}
        query={list}
        rowKey={(row) => row.id}
        empty={t('adminQueues.queue.empty')}
        errorText={t('adminQueues.queue.error')}
        footer={
          totals && (
            <p className="text-sm text-muted">
              {t('adminQueues.queue.totals', {
                n: totals.pending_count,
                amount: money(totals.pending_amount),
              })}
              {totals.oldest_pending_at && (
                <> · {t('adminQueues.queue.oldest', { date: date(totals.oldest_pending_at) })}</>
              )}
            </p>
          )
        }
      />
    </section>
  );
}

/** The table's columns: id, member, amount, age (or date once decided), status, and the link to review. */
function useQueueColumns(queue: AdminQueue) {
  const { t } = useTranslation();
  const money = useMoney();
  const date = useDateFormat();
  const age = useAge();
  return useMemo(
    () => [
      column.accessor('id', { header: t('adminQueues.queue.columns.id'), enableSorting: false }),
      column.accessor('member', {
        header: t('adminQueues.queue.columns.member'),
        enableSorting: false,
        cell: (info) => (
          <span className="flex flex-col">
            <span className="font-medium">{info.getValue().username}</span>
            <span className="text-xs text-muted wrap-anywhere">{info.getValue().email}</span>
          </span>
        ),
      }),
      // The two columns the server sorts (QUEUE_SORTS), largest and newest first on the first click.
      column.accessor('amount', {
        header: t('adminQueues.queue.columns.amount'),
        enableSorting: true,
        meta: { align: 'end', descFirst: true },
        cell: (info) => <span className="tabular-nums">{money(info.getValue())}</span>,
      }),
      column.accessor('created_at', {
        header: t('adminQueues.queue.columns.age'),
        enableSorting: true,
        meta: { descFirst: true },
        cell: (info) =>
          info.row.original.status === 'pending' ? (
            <span title={date(info.getValue())}>{age(info.row.original.age_seconds)}</span>
          ) : (
            date(info.getValue())
          ),
      }),
      column.accessor('status', {
        header: t('adminQueues.queue.columns.status'),
        enableSorting: false,
        cell: (info) => (
          <span className="flex flex-wrap gap-1">
            <Badge tone={statusTone(info.getValue())}>{t(`adminQueues.status.${info.getValue()}`)}</Badge>
            {info.row.original.awaitingSecondApproval && (
              <Badge tone="info">{t(`adminQueues.queue.awaitingSecond.${queue}`)}</Badge>
            )}
          </span>
        ),
      }),
      column.display({
        id: 'open',
        header: () => <span className="sr-only">{t('adminQueues.queue.columns.actions')}</span>,
        cell: (info) => (
          <Link
            className="font-medium text-brand-text underline underline-offset-4"
            to={`${QUEUE_PATHS_WEB[queue]}/${info.row.original.id}`}
          >
            {t('adminQueues.queue.review', { id: info.row.original.id })}
          </Link>
        ),
      }),
    ],
    [t, money, date, age, queue],
  );
}

/** The filters as the form holds them: an empty field removes its filter. */
function formFilters(form: FormData): Record<(typeof FILTERS)[number], string> {
  const value = (key: string) => formText(form, key);
  return {
    status: value('status'),
    q: value('q'),
    min_amount: value('min_amount'),
    max_amount: value('max_amount'),
    from: value('from'),
    to: value('to'),
  };
}

/** The filters: status, member, amount range and dates, applied to the URL by Apply, cleared by Clear. */
function QueueFilters({
  queue,
  state,
  fieldErrors,
}: {
  queue: AdminQueue;
  state: UrlListState<(typeof FILTERS)[number]>;
  /** The server's answer to filters it could not read, by filter. */
  fieldErrors: Record<string, string[]> | undefined;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    state.setFilters(formFilters(new FormData(event.currentTarget)));
  };
  return (
    <form
      key={JSON.stringify(state.filters)}
      onSubmit={submit}
      className="grid gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-3"
      aria-label={t('adminQueues.queue.filters')}
    >
      <SelectField label={t('adminQueues.queue.status')} name="status" defaultValue={state.filters.status}>
        {QUEUE_STATUSES[queue].map((value) => (
          <option key={value} value={value === 'pending' ? '' : value}>
            {t(`adminQueues.status.${value}`)}
          </option>
        ))}
        <option value="all">{t('adminQueues.queue.allStatuses')}</option>
      </SelectField>
      <TextField
        label={t('adminQueues.queue.member')}
        hint={t(
          queue === 'deposits' ? 'adminQueues.queue.memberHintDeposits' : 'adminQueues.queue.memberHint',
        )}
        name="q"
        defaultValue={state.filters.q}
        error={fieldErrors?.q?.[0]}
      />
      <TextField
        label={t('adminQueues.queue.minAmount')}
        name="min_amount"
        inputMode="decimal"
        defaultValue={state.filters.min_amount}
        error={fieldErrors?.min_amount?.[0]}
      />
      <TextField
        label={t('adminQueues.queue.maxAmount')}
        name="max_amount"
        inputMode="decimal"
        defaultValue={state.filters.max_amount}
        error={fieldErrors?.max_amount?.[0]}
      />
      <TextField
        label={t('adminQueues.queue.from')}
        name="from"
        type="date"
        defaultValue={state.filters.from}
        error={fieldErrors?.from?.[0]}
      />
      <TextField
        label={t('adminQueues.queue.to')}
        name="to"
        type="date"
        defaultValue={state.filters.to}
        error={fieldErrors?.to?.[0]}
      />
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">{t('adminQueues.queue.apply')}</Button>
        <Button type="button" variant="secondary" onClick={() => state.reset()}>
          {t('adminQueues.queue.clear')}
        </Button>
      </div>
    </form>
  );
}
