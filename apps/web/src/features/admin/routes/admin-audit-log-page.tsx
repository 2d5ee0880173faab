import { useState, type FormEvent } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { Download } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { AuditEntryResponse } from '@app/shared/schemas/admin';
import { PageHeader } from '#components/page-header';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { DataTable } from '#components/ui/data-table';
import { TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { ApiError } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { formatTime } from '#lib/intl-format';
import { useUrlListState, type UrlListState } from '#lib/use-url-list-state';
import { downloadAuditCsv, useAuditLog } from '../api/admins';
import { AuditDiff } from '../components/audit-diff';

const FILTERS = ['actor', 'action', 'subject_type', 'subject_id', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];

/** A text field of a submitted form ('' when absent). */
function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

const column = createColumnHelper<AuditEntryResponse>();

/** The table's columns: when, who (with their role), what, on which object, why, from where, what changed. */
function auditColumns(t: TFunction, language: string) {
  return [
    column.accessor('created_at', {
      header: () => t('admin.audit.when'),
      cell: (info) => <time dateTime={info.getValue()}>{formatTime(info.getValue(), language)}</time>,
      meta: { className: 'whitespace-nowrap' },
    }),
    column.accessor('actor_email', {
      header: () => t('admin.audit.who'),
      cell: (info) => {
        const entry = info.row.original;
        return (
          <span className="flex flex-col">
            <span className="wrap-anywhere">{entry.actor_email ?? t('admin.audit.system')}</span>
            {entry.actor_role && (
              <span className="text-xs text-muted">
                {t(`admin.roles.${entry.actor_role}`, entry.actor_role)}
              </span>
            )}
          </span>
        );
      },
    }),
    column.accessor('action', {
      header: () => t('admin.audit.what'),
      cell: (info) => <code className="font-mono text-xs">{info.getValue()}</code>,
    }),
    column.accessor('subject_type', {
      header: () => t('admin.audit.object'),
      cell: (info) => (
        <span className="font-mono text-xs whitespace-nowrap">
          {info.getValue()}
          {info.row.original.subject_id ? ` #${info.row.original.subject_id}` : ''}
        </span>
      ),
    }),
    column.accessor('reason', {
      header: () => t('admin.audit.reason'),
      cell: (info) => <span className="wrap-anywhere">{info.getValue() ?? '—'}</span>,
    }),
    column.accessor('ip', {
      header: () => t('admin.audit.ip'),
      cell: (info) => (
        <span className="font-mono text-xs" dir="ltr">
          {info.getValue() ?? '—'}
        </span>
      ),
    }),
    column.display({
      id: 'diff',
      header: () => t('admin.audit.difference'),
      cell: (info) => <AuditDiff entry={info.row.original} />,
    }),
  ];
}

/** The filter form: Apply writes all six filters to the URL at once; Clear removes them and the sort. */
function AuditFilters({ state }: { state: UrlListState<Filter> }) {
  const { t } = useTranslation();

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    state.setFilters(Object.fromEntries(FILTERS.map((key) => [key, textOf(form, key)])));
  };

  return (
    <Card className="mb-6 p-4">
      {/* The form is keyed by the URL's filters, so Back shows the filters of the page it returns to. */}
      <form
        key={JSON.stringify(state.filters)}
        onSubmit={apply}
        aria-label={t('admin.audit.filters')}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6"
      >
        <TextField name="actor" label={t('admin.audit.actor')} defaultValue={state.filters.actor} />
        <TextField
          name="action"
          label={t('admin.audit.action')}
          hint={t('admin.audit.actionHint')}
          defaultValue={state.filters.action}
        />
        <TextField
          name="subject_type"
          label={t('admin.audit.subjectType')}
          defaultValue={state.filters.subject_type}
        />
        <TextField
          name="subject_id"
          label={t('admin.audit.subjectId')}
          defaultValue={state.filters.subject_id}
        />
        <TextField name="from" type="date" label={t('admin.audit.from')} defaultValue={state.filters.from} />
        <TextField name="to" type="date" label={t('admin.audit.to')} defaultValue={state.filters.to} />
        <div className="flex gap-2 sm:col-span-2 lg:col-span-3 xl:col-span-6">
          <Button type="submit">{t('admin.audit.apply')}</Button>
          <Button type="button" variant="ghost" onClick={() => state.reset()}>
            {t('admin.audit.clear')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The audit log (issue 15 item 7): filters kept in the URL, server paging, readable differences, CSV. */
export function AdminAuditLogPage() {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const state = useUrlListState<Filter>({ filters: FILTERS });
  const query = useAuditLog(state.query);
  const [exporting, setExporting] = useState(false);
  useDocumentMeta(t('admin.audit.title'), t('admin.audit.lead'));

  const columns = auditColumns(t, i18n.language);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(state.query);
    } catch {
      toast.error(message('Export failed.'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('admin.audit.title')}
        description={t('admin.audit.lead')}
        actions={
          <Button variant="secondary" onClick={() => void exportCsv()} loading={exporting}>
            <Download className="size-4" aria-hidden="true" />
            {t('admin.audit.export')}
          </Button>
        }
      />
      <AuditFilters state={state} />
      <DataTable
        caption={t('admin.audit.caption')}
        columns={columns}
        state={state}
        query={query}
        rowKey={(entry) => entry.id}
        empty={t('admin.audit.empty')}
        errorText={
          query.error instanceof ApiError && query.error.status === 400 && query.error.serverMessage
            ? message(query.error.serverMessage)
            : undefined
        }
      />
    </>
  );
}
