import { useMemo } from 'react';
import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AdminHelpRequestSummary } from '@app/shared/schemas/admin-content';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { DataTable } from '#components/ui/data-table';
import { useDocumentMeta } from '#lib/document-meta';
import { useDateFormat } from '#lib/money';
import { useUrlListState, type UrlListState } from '#lib/use-url-list-state';
import { useHelpRequests } from '../api/help-admin';
import { ContentPageHeader } from '../components/admin-page-frame';
import { ListFilters } from '../components/list-filters';
import { REQUEST_STATUS_TONE } from './help-request-page';

type InboxFilter = 'q' | 'status' | 'order';
type DateFormat = ReturnType<typeof useDateFormat>;

/** The inbox's columns: who wrote, the start of the message, when, its status, and a link to open it. */
function inboxColumns(t: TFunction, date: DateFormat): ColumnDef<AdminHelpRequestSummary>[] {
  return [
    {
      id: 'from',
      header: t('admin.content.inbox.from'),
      enableSorting: false,
      cell: ({ row }) => (
        <>
          <span className="font-medium">{row.original.name}</span>
          <span className="block text-xs text-muted wrap-anywhere">{row.original.email}</span>
        </>
      ),
    },
    {
      id: 'excerpt',
      header: t('admin.content.inbox.message'),
      enableSorting: false,
      meta: { className: 'max-w-md' },
      cell: ({ row }) => <span className="line-clamp-2 wrap-anywhere">{row.original.excerpt}</span>,
    },
    {
      id: 'created_at',
      header: t('admin.content.inbox.receivedColumn'),
      enableSorting: false,
      cell: ({ row }) => <span className="whitespace-nowrap">{date(row.original.created_at)}</span>,
    },
    {
      id: 'status',
      header: t('admin.content.status'),
      enableSorting: false,
      cell: ({ row }) => (
        <Badge tone={REQUEST_STATUS_TONE[row.original.status]}>
          {t(`admin.content.inbox.statuses.${row.original.status}`)}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t('admin.content.actions')}</span>,
      enableSorting: false,
      meta: { align: 'end' },
      cell: ({ row }) => (
        <Button asChild size="sm" variant="secondary">
          <Link
            to={`/admin/help/inbox/${row.original.id}`}
            aria-label={t('admin.content.inbox.openNamed', { id: row.original.id })}
          >
            {t('admin.content.inbox.open')}
          </Link>
        </Button>
      ),
    },
  ];
}

/** Oldest first (the default, kept out of the URL) or newest first. */
function InboxOrder({ list }: { list: UrlListState<InboxFilter> }) {
  const { t } = useTranslation();
  return (
    <div className="mb-4 w-full sm:w-48">
      <label htmlFor="inbox-order" className="text-sm font-medium">
        {t('admin.content.inbox.sort')}
      </label>
      <select
        id="inbox-order"
        className="mt-1.5 block h-11 w-full rounded-lg border border-line-strong bg-surface px-3.5"
        value={list.filters.order || 'oldest'}
        onChange={(event) =>
          list.setFilters({ order: event.target.value === 'oldest' ? '' : event.target.value })
        }
      >
        <option value="oldest">{t('admin.content.inbox.oldest')}</option>
        <option value="newest">{t('admin.content.inbox.newest')}</option>
      </select>
    </div>
  );
}

/** /admin/help/inbox: contact messages, oldest first by default, with status and search in the URL. */
export function HelpInboxPage() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const list = useUrlListState({ filters: ['q', 'status', 'order'] as const });
  const { order, ...rest } = list.query;
  const query = useHelpRequests({ ...rest, ...(order ? { sort: order } : {}) });
  useDocumentMeta(t('admin.content.inbox.title'), t('admin.content.inbox.metaDescription'));

  const columns = useMemo(() => inboxColumns(t, date), [t, date]);

  return (
    <>
      <ContentPageHeader title={t('admin.content.inbox.title')} lead={t('admin.content.inbox.lead')} />
      <ListFilters
        searchLabel={t('admin.content.inbox.searchLabel')}
        list={list}
        choice={{
          name: 'status',
          label: t('admin.content.status'),
          options: (['open', 'answered', 'closed'] as const).map((status) => ({
            value: status,
            label: t(`admin.content.inbox.statuses.${status}`),
          })),
        }}
      />
      <InboxOrder list={list} />
      <DataTable
        caption={t('admin.content.inbox.caption')}
        columns={columns}
        state={list}
        query={query}
        rowKey={(item) => item.id}
        empty={t('admin.content.inbox.empty')}
        errorText={t('admin.content.listFailed')}
      />
    </>
  );
}
