import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityItem, ActivityResponse } from '@app/shared/schemas/activity';
import { describeActivity } from '@app/shared/activity-text';
import { PrivateAmount } from '#components/private-amount';
import { Badge, type BadgeTone } from '#components/ui/badge';
import { Pagination } from '#components/ui/pagination';
import { ResponsiveTable } from '#components/ui/responsive-table';
import { useUtcDayFormat } from '#lib/money';
import { cn } from '#lib/cn';
import { NUMBER_LOCALES } from '@app/shared/number-locales';

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

/**
 * The row's status, and for a pending bank transfer its actions (decision 174); once an admin has
 * matched it to the bank's statement, what is happening instead (it can no longer be cancelled).
 */
function StatusCell({ item, Actions }: { item: ActivityItem; Actions?: PendingDepositActionsComponent }) {
  const { t } = useTranslation();
  const deposit = pendingBankTransfer(item);
  return (
    <div className="flex flex-col items-end gap-2 sm:items-start">
      <StatusBadge status={item.status} />
      {deposit !== null && item.detail.matched && (
        <span className="text-sm text-muted">{t('activity.matched')}</span>
      )}
      {deposit !== null && !item.detail.matched && Actions && (
        <Actions id={deposit} reference={item.detail.reference ?? ''} />
      )}
    </div>
  );
}

/** The type's label (spec §9: points_conversion is shown as 'Loyalty Points'). */
export function useTypeLabel() {
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
  return (
    <span className="inline-flex flex-col items-end">
      <span
        className={cn(
          'font-medium whitespace-nowrap tabular-nums',
          item.amount > 0 ? 'text-success' : 'text-fg',
        )}
      >
        <PrivateAmount value={item.amount} signDisplay="exceptZero" />
      </span>
      {item.points !== null && (
        <span className="text-xs text-muted">
          {t('activity.points', {
            count: item.points,
            points: item.points.toLocaleString(NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en']),
          })}
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

/** One row as a card below sm: type, date and description, then amount, balance after and status. */
function ActivityCard({ item, Actions }: { item: ActivityItem; Actions?: PendingDepositActionsComponent }) {
  const { t, i18n } = useTranslation();
  const date = useUtcDayFormat();
  const typeLabel = useTypeLabel();
  return (
    <>
      <div className="min-w-0">
        <p className="font-medium">{typeLabel(item.type)}</p>
        <p className="text-xs text-muted">{t('activity.cardDate', { date: date(item.date) })}</p>
        <p className="mt-1 text-sm wrap-anywhere text-muted">
          {describeActivity(item, i18n.resolvedLanguage)}
        </p>
      </div>
      <div className="flex flex-col items-end gap-1.5">
        <Amount item={item} />
        {item.balance_after !== null && (
          <span className="text-xs text-muted">
            {t('activity.balanceAfter')} <BalanceAfter item={item} />
          </span>
        )}
        <StatusCell item={item} Actions={Actions} />
      </div>
    </>
  );
}

/**
 * A page of the statement: a table from sm up, cards below it, and the pagination. Dates are UTC
 * days, as the filters, the CSV export and the monthly statements count them, and say so.
 */
export function ActivityList({
  activity,
  busy,
  onPageChange,
  pendingDepositActions,
}: {
  activity: ActivityResponse;
  busy: boolean;
  onPageChange: (page: number) => void;
  pendingDepositActions?: PendingDepositActionsComponent;
}) {
  const { t, i18n } = useTranslation();
  const date = useUtcDayFormat();
  const typeLabel = useTypeLabel();
  return (
    <ResponsiveTable
      caption={t('activity.tableCaption')}
      rows={activity.data}
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
          cell: (item) => describeActivity(item, i18n.resolvedLanguage),
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
      card={(item) => <ActivityCard item={item} Actions={pendingDepositActions} />}
      busy={busy}
    >
      <Pagination
        page={activity.meta.current_page}
        totalPages={activity.meta.total_pages}
        onPageChange={onPageChange}
        label={t('activity.pages')}
        disabled={busy}
      />
    </ResponsiveTable>
  );
}
