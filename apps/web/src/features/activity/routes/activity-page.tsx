import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_TYPES } from '@app/shared/constants';
import { ActivityQuery, type ActivityItem } from '@app/shared/schemas/activity';
import { PageHeader } from '#components/page-header';
import { Alert } from '#components/ui/alert';
import { Badge, type BadgeTone } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { SelectField, TextField } from '#components/ui/field';
import { Pagination } from '#components/ui/pagination';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useDateFormat, useMoney } from '#lib/money';
import { cn } from '#lib/cn';
import { useActivity, type ActivityFilters } from '../api/get-activity';

const NO_FILTERS: ActivityFilters = { type: '', start_date: '', end_date: '' };

const STATUS_TONES: Record<string, BadgeTone> = {
  pending: 'warning',
  confirmed: 'success',
  approved: 'success',
  completed: 'success',
  credited: 'success',
  partially_paid: 'warning',
  rejected: 'danger',
  failed: 'danger',
  expired: 'danger',
};

/** The type's label (spec §9: points_conversion is shown as 'Loyalty Points'). */
function useTypeLabel() {
  const { t } = useTranslation();
  return (type: string) => t(`activity.types.${type}`, { defaultValue: type });
}

function Amount({ item }: { item: ActivityItem }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const sign = item.amount > 0 ? '+' : item.amount < 0 ? '−' : '';
  return (
    <span className="inline-flex flex-col items-end">
      <span
        className={cn(
          'font-medium whitespace-nowrap tabular-nums',
          item.amount > 0 ? 'text-success' : 'text-fg',
        )}
      >
        {sign}
        {money(Math.abs(item.amount))}
      </span>
      {item.points !== null && (
        <span className="text-xs text-muted">
          {t('activity.points', { points: item.points.toLocaleString(i18n.resolvedLanguage) })}
        </span>
      )}
    </span>
  );
}

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge tone={STATUS_TONES[status] ?? 'neutral'}>
      {t(`activity.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** Activity (spec §2, §8, §9): filters by type and dates, 10 per page, newest first. */
export function ActivityPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const date = useDateFormat();
  const typeLabel = useTypeLabel();
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  useDocumentMeta(t('activity.title'), t('activity.description'));

  const check = ActivityQuery.safeParse({ ...filters, page });
  const dateError = check.success
    ? undefined
    : check.error.issues.find((issue) => issue.path[0] === 'end_date')?.message;
  const activity = useActivity(filters, page, check.success);

  const change = (field: keyof ActivityFilters, value: string) => {
    setFilters((current) => ({ ...current, [field]: value }));
    setPage(1);
  };
  const filtered = filters.type !== '' || filters.start_date !== '' || filters.end_date !== '';

  let body;
  if (!check.success) {
    body = null;
  } else if (activity.isPending) {
    body = (
      <div className="flex justify-center py-14">
        <Spinner label={t('activity.loading')} />
      </div>
    );
  } else if (activity.isError) {
    body = (
      <Alert tone="error">
        <p>{message(errorMessage(activity.error, 'Failed to fetch transactions'))}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void activity.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (activity.data.data.length === 0) {
    body = (
      <p className="rounded-xl border border-dashed border-line px-4 py-12 text-center text-sm text-muted">
        {message('No transactions found.')}
      </p>
    );
  } else {
    const rows = activity.data.data;
    body = (
      <div aria-busy={activity.isFetching || undefined}>
        <table className="w-full text-sm max-sm:hidden">
          <caption className="sr-only">{t('activity.tableCaption')}</caption>
          <thead>
            <tr className="border-b border-line text-xs text-muted">
              <th scope="col" className="py-2 pe-3 text-start font-medium">
                {t('activity.columns.date')}
              </th>
              <th scope="col" className="py-2 pe-3 text-start font-medium">
                {t('activity.columns.type')}
              </th>
              <th scope="col" className="py-2 pe-3 text-start font-medium">
                {t('activity.columns.description')}
              </th>
              <th scope="col" className="py-2 pe-3 text-start font-medium">
                {t('activity.columns.status')}
              </th>
              <th scope="col" className="py-2 text-end font-medium">
                {t('activity.columns.amount')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((item) => (
              <tr key={item.id}>
                <td className="py-3 pe-3 whitespace-nowrap">{date(item.date)}</td>
                <td className="py-3 pe-3 font-medium whitespace-nowrap">{typeLabel(item.type)}</td>
                <td className="py-3 pe-3 text-muted">{item.description}</td>
                <td className="py-3 pe-3">
                  <StatusBadge status={item.status} />
                </td>
                <td className="py-3 text-end">
                  <Amount item={item} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="divide-y divide-line sm:hidden" aria-label={t('activity.tableCaption')}>
          {rows.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium">{typeLabel(item.type)}</p>
                <p className="text-xs text-muted">{date(item.date)}</p>
                {item.description && (
                  <p className="mt-1 text-sm break-words text-muted">{item.description}</p>
                )}
              </div>
              <div className="flex flex-col items-end gap-1.5">
                <Amount item={item} />
                <StatusBadge status={item.status} />
              </div>
            </li>
          ))}
        </ul>
        <Pagination
          page={activity.data.meta.current_page}
          totalPages={activity.data.meta.total_pages}
          onPageChange={setPage}
          label={t('activity.pages')}
          disabled={activity.isFetching}
        />
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('activity.title')} description={t('activity.description')} />
      <Card className="p-4 sm:p-6">
        <form
          role="search"
          aria-label={t('activity.filters')}
          onSubmit={(event) => event.preventDefault()}
          className="grid gap-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-start"
        >
          <SelectField
            label={t('activity.type')}
            value={filters.type}
            onChange={(event) => change('type', event.target.value)}
          >
            <option value="">{t('activity.allTypes')}</option>
            {ACTIVITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {typeLabel(type)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('activity.startDate')}
            type="date"
            value={filters.start_date}
            max={filters.end_date || undefined}
            onChange={(event) => change('start_date', event.target.value)}
          />
          <TextField
            label={t('activity.endDate')}
            type="date"
            value={filters.end_date}
            min={filters.start_date || undefined}
            error={message(dateError)}
            onChange={(event) => change('end_date', event.target.value)}
          />
          <Button
            variant="ghost"
            className="sm:mt-7"
            disabled={!filtered}
            onClick={() => {
              setFilters(NO_FILTERS);
              setPage(1);
            }}
          >
            {t('activity.clear')}
          </Button>
        </form>
        <div className="mt-6">{body}</div>
      </Card>
    </>
  );
}
