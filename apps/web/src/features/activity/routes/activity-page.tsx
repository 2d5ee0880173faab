import { useState, type ComponentType } from 'react';
import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { ACTIVITY_TYPES } from '@app/shared/constants';
import type { ActivityItem } from '@app/shared/schemas/activity';
import { describeActivity } from '@app/shared/activity-text';
import { PageHeader } from '#components/page-header';
import { PrivateAmount } from '#components/private-amount';
import { RetryAlert } from '#components/ui/alert';
import { Badge, type BadgeTone } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { SelectField, TextField } from '#components/ui/field';
import { Pagination } from '#components/ui/pagination';
import { ResponsiveTable } from '#components/ui/responsive-table';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useDateFormat } from '#lib/money';
import { cn } from '#lib/cn';
import { StatementsSection } from '../components/statements-section';
import { useExportActivity } from '../api/export-activity';
import { useActivity, type ActivityFilters } from '../api/get-activity';
import { useFiltersCheck } from '../api/use-filters-check';

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
  refunded: 'danger',
  cancelled: 'neutral',
};

/** A bank transfer still waiting for the operator: its id (the row's "deposit:<id>"), else null. */
function pendingBankTransfer(item: ActivityItem): number | null {
  if (item.type !== 'deposit' || item.status !== 'pending' || item.detail.method !== 'bank_transfer')
    return null;
  const id = Number(item.id.replace(/^deposit:/, ''));
  return item.id.startsWith('deposit:') && Number.isInteger(id) ? id : null;
}

/** What a pending bank transfer's row offers (the deposits area's bank details and Cancel). */
export type PendingDepositActionsComponent = ComponentType<{ id: number; reference: string }>;

/** The row's status, and for a pending bank transfer its actions (decision 174). */
function StatusCell({ item, Actions }: { item: ActivityItem; Actions?: PendingDepositActionsComponent }) {
  const deposit = pendingBankTransfer(item);
  return (
    <div className="flex flex-col items-end gap-2 sm:items-start">
      <StatusBadge status={item.status} />
      {deposit !== null && Actions && <Actions id={deposit} reference={item.detail.reference ?? ''} />}
    </div>
  );
}

/** The type's label (spec §9: points_conversion is shown as 'Loyalty Points'). */
function useTypeLabel() {
  const { t } = useTranslation();
  return (type: string) => t(`activity.types.${type}`, { defaultValue: type });
}

/** Nothing moved (a deposit not credited): a dash, read out as such. */
function NoAmount() {
  const { t } = useTranslation();
  return (
    <span className="text-muted">
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t('activity.noAmount')}</span>
    </span>
  );
}

/**
 * The amount as it moved the balance: signed, green only for money that came in; a deposit not
 * credited has none (decision 158).
 */
function Amount({ item }: { item: ActivityItem }) {
  const { t, i18n } = useTranslation();
  if (item.amount === null) return <NoAmount />;
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
        <PrivateAmount value={Math.abs(item.amount)} />
      </span>
      {item.points !== null && (
        <span className="text-xs text-muted">
          {t('activity.points', { points: item.points.toLocaleString(i18n.resolvedLanguage) })}
        </span>
      )}
    </span>
  );
}

/** The cash balance right after the row. */
function BalanceAfter({ item }: { item: ActivityItem }) {
  if (item.balance_after === null) return <NoAmount />;
  return (
    <span className="whitespace-nowrap tabular-nums">
      <PrivateAmount value={item.balance_after} />
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

/**
 * Activity (spec §2, §8, §9): the member's statement (decision 158), every movement of the balance
 * with the balance after it, filtered by type and dates, 10 per page, newest first.
 */
export function ActivityPage({
  pendingDepositActions,
}: {
  /** Given by the app's routes (features do not import each other, DESIGN §3). */
  pendingDepositActions?: PendingDepositActionsComponent;
}) {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const date = useDateFormat();
  const describe = (item: ActivityItem) => describeActivity(item, i18n.resolvedLanguage);
  const typeLabel = useTypeLabel();
  const [searchParams] = useSearchParams();
  // A link may open the page on one type (a notification: /activity?type=deposit).
  const [filters, setFilters] = useState<ActivityFilters>(() => {
    const type = searchParams.get('type');
    return { ...NO_FILTERS, type: ACTIVITY_TYPES.find((known) => known === type) ?? '' };
  });
  const exportCsv = useExportActivity();
  const [page, setPage] = useState(1);
  useDocumentMeta(t('activity.title'), t('activity.description'));

  const { valid, dateError } = useFiltersCheck(filters, page);
  const activity = useActivity(filters, page, valid);

  const change = (field: keyof ActivityFilters, value: string) => {
    setFilters((current) => ({ ...current, [field]: value }));
    setPage(1);
  };
  const filtered = filters.type !== '' || filters.start_date !== '' || filters.end_date !== '';

  let body;
  if (!valid) {
    body = null;
  } else if (activity.isPending) {
    // The list's place while it loads: the first screen, so what follows it stays out of view until
    // the list is there (decision 170).
    body = (
      <div className="flex min-h-dvh items-start justify-center py-14">
        <Spinner label={t('activity.loading')} />
      </div>
    );
  } else if (activity.isError) {
    body = (
      <RetryAlert onRetry={() => void activity.refetch()}>
        {message(errorMessage(activity.error, 'Failed to fetch transactions'))}
      </RetryAlert>
    );
  } else if (activity.data.data.length === 0) {
    body = (
      <p className="rounded-xl border border-dashed border-line px-4 py-12 text-center text-sm text-muted">
        {message('No transactions found.')}
      </p>
    );
  } else {
    body = (
      <ResponsiveTable
        caption={t('activity.tableCaption')}
        rows={activity.data.data}
        rowKey={(item) => item.id}
        columns={[
          {
            header: t('activity.columns.date'),
            className: 'whitespace-nowrap',
            cell: (item) => date(item.date),
          },
          {
            header: t('activity.columns.type'),
            className: 'font-medium whitespace-nowrap',
            cell: (item) => typeLabel(item.type),
          },
          {
            header: t('activity.columns.description'),
            className: 'text-muted',
            cell: describe,
          },
          {
            header: t('activity.columns.status'),
            cell: (item) => <StatusCell item={item} Actions={pendingDepositActions} />,
          },
          { header: t('activity.columns.amount'), align: 'end', cell: (item) => <Amount item={item} /> },
          {
            header: t('activity.columns.balanceAfter'),
            align: 'end',
            cell: (item) => <BalanceAfter item={item} />,
          },
        ]}
        cardStyle="divided"
        cardClassName="flex items-start justify-between gap-3"
        card={(item) => (
          <>
            <div className="min-w-0">
              <p className="font-medium">{typeLabel(item.type)}</p>
              <p className="text-xs text-muted">{date(item.date)}</p>
              <p className="mt-1 text-sm wrap-anywhere text-muted">{describe(item)}</p>
            </div>
            <div className="flex flex-col items-end gap-1.5">
              <Amount item={item} />
              {item.balance_after !== null && (
                <span className="text-xs text-muted">
                  {t('activity.balanceAfter')} <BalanceAfter item={item} />
                </span>
              )}
              <StatusCell item={item} Actions={pendingDepositActions} />
            </div>
          </>
        )}
        busy={activity.isFetching}
      >
        <Pagination
          page={activity.data.meta.current_page}
          totalPages={activity.data.meta.total_pages}
          onPageChange={setPage}
          label={t('activity.pages')}
          disabled={activity.isFetching}
        />
      </ResponsiveTable>
    );
  }

  return (
    <>
      <PageHeader
        title={t('activity.title')}
        description={t('activity.description')}
        actions={
          <Button
            variant="secondary"
            disabled={!valid}
            loading={exportCsv.isPending}
            onClick={() =>
              exportCsv.mutate(filters, {
                onError: (error) =>
                  toast.error(message(errorMessage(error, t('memberExtras.statement.failed')))),
              })
            }
          >
            <Download className="size-4" aria-hidden="true" />
            {t('memberExtras.statement.download')}
          </Button>
        }
      />
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
      <StatementsSection />
    </>
  );
}
