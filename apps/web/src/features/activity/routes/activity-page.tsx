import { useState } from 'react';
import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import { ACTIVITY_TYPES } from '@app/shared/constants';
import { PageHeader } from '#components/page-header';
import { Alert, RetryAlert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { SelectField, TextField } from '#components/ui/field';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { StatementsSection } from '../components/statements-section';
import { useExportActivity } from '../api/export-activity';
import { useActivity, type ActivityFilters } from '../api/get-activity';
import { useFiltersCheck, type FiltersCheck } from '../api/use-filters-check';
import { ActivityList, useTypeLabel, type PendingDepositActionsComponent } from './activity-list';

const NO_FILTERS: ActivityFilters = { type: '', start_date: '', end_date: '' };

/** Download the statement of the rows the filters show, as CSV. */
function ExportButton({ filters, disabled }: { filters: ActivityFilters; disabled: boolean }) {
  const { t } = useTranslation();
  const message = useMessage();
  const exportCsv = useExportActivity();
  return (
    <Button
      variant="secondary"
      disabled={disabled}
      loading={exportCsv.isPending}
      onClick={() =>
        exportCsv.mutate(filters, {
          onError: (error) => toast.error(message(errorMessage(error, t('memberExtras.statement.failed')))),
        })
      }
    >
      <Download className="size-4" aria-hidden="true" />
      {t('memberExtras.statement.download')}
    </Button>
  );
}

/** The filters: type, start and end dates (the end not before the start), and Clear. */
function FiltersForm({
  filters,
  check,
  onChange,
  onClear,
}: {
  filters: ActivityFilters;
  check: FiltersCheck;
  onChange: (field: keyof ActivityFilters, value: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const typeLabel = useTypeLabel();
  const filtered = filters.type !== '' || filters.start_date !== '' || filters.end_date !== '';
  return (
    <form
      role="search"
      aria-label={t('activity.filters')}
      onSubmit={(event) => event.preventDefault()}
      className="grid gap-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-start"
    >
      <SelectField
        label={t('activity.type')}
        value={filters.type}
        onChange={(event) => onChange('type', event.target.value)}
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
        error={message(check.startDateError)}
        onChange={(event) => onChange('start_date', event.target.value)}
      />
      <TextField
        label={t('activity.endDate')}
        type="date"
        value={filters.end_date}
        min={filters.start_date || undefined}
        error={message(check.endDateError)}
        onChange={(event) => onChange('end_date', event.target.value)}
      />
      <Button variant="ghost" className="sm:mt-7" disabled={!filtered} onClick={onClear}>
        {t('activity.clear')}
      </Button>
    </form>
  );
}

/**
 * What is under the filters: while they are refused, that the dates need fixing (each date field says
 * what is wrong with it); nothing while they are being checked; else the list or its loading, error or
 * empty state.
 */
function ActivityResults({
  check,
  activity,
  onPageChange,
  pendingDepositActions,
}: {
  check: FiltersCheck;
  activity: ReturnType<typeof useActivity>;
  onPageChange: (page: number) => void;
  pendingDepositActions?: PendingDepositActionsComponent;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  if (check.refused) {
    return (
      <Alert tone="warning">
        <p>{t('activity.fixDates')}</p>
      </Alert>
    );
  }
  if (!check.valid) return null;
  if (activity.isPending) {
    // The list's place while it loads: the first screen, so what follows it stays out of view until
    // the list is there (decision 170).
    return (
      <div className="flex min-h-dvh items-start justify-center py-14">
        <Spinner label={t('activity.loading')} />
      </div>
    );
  }
  if (activity.isError) {
    return (
      <RetryAlert onRetry={() => void activity.refetch()}>
        {message(errorMessage(activity.error, 'Failed to fetch transactions'))}
      </RetryAlert>
    );
  }
  if (activity.data.data.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-line px-4 py-12 text-center text-sm text-muted">
        {message('No transactions found.')}
      </p>
    );
  }
  return (
    <ActivityList
      activity={activity.data}
      busy={activity.isFetching}
      onPageChange={onPageChange}
      pendingDepositActions={pendingDepositActions}
    />
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
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  // A link may open the page on one type (a notification: /activity?type=deposit).
  const [filters, setFilters] = useState<ActivityFilters>(() => {
    const type = searchParams.get('type');
    return { ...NO_FILTERS, type: ACTIVITY_TYPES.find((known) => known === type) ?? '' };
  });
  const [page, setPage] = useState(1);
  useDocumentMeta(t('activity.title'), t('activity.description'));

  const check = useFiltersCheck(filters, page);
  const activity = useActivity(filters, page, check.valid);

  const change = (field: keyof ActivityFilters, value: string) => {
    setFilters((current) => ({ ...current, [field]: value }));
    setPage(1);
  };
  const clear = () => {
    setFilters(NO_FILTERS);
    setPage(1);
  };

  return (
    <>
      <PageHeader
        title={t('activity.title')}
        description={t('activity.description')}
        actions={<ExportButton filters={filters} disabled={!check.valid} />}
      />
      <Card className="p-4 sm:p-6">
        <FiltersForm filters={filters} check={check} onChange={change} onClear={clear} />
        <div className="mt-6">
          <ActivityResults
            check={check}
            activity={activity}
            onPageChange={setPage}
            pendingDepositActions={pendingDepositActions}
          />
        </div>
      </Card>
      <StatementsSection />
    </>
  );
}
