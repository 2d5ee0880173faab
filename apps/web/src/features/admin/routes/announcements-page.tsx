import '#lib/zod-config';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Megaphone } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@app/shared/schemas/announcements';
import { PageHeader } from '#components/page-header';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { DataTable } from '#components/ui/data-table';
import { useDocumentMeta } from '#lib/document-meta';
import { formatTime } from '#lib/intl-format';
import { useUrlListState } from '#lib/use-url-list-state';
import { useAnnouncements } from '../api/announcements';
import { AnnouncementDialog, type Draft } from './announcement-dialog';
import { ScheduleDialog, SendDialog } from './announcement-send-dialogs';

const column = createColumnHelper<Announcement>();

/** What a row's buttons do. */
interface RowHandlers {
  onEdit: (row: Announcement) => void;
  onSchedule: (row: Announcement) => void;
  onSend: (row: Announcement) => void;
}

/**
 * Edit (a draft only: a scheduled one goes back to the drafts first), schedule and send of an
 * announcement not yet sent; none once it is sending or sent.
 */
function RowActions({ row, handlers }: { row: Announcement; handlers: RowHandlers }) {
  const { t } = useTranslation();
  if (row.status === 'sent' || row.status === 'sending') return null;
  const title = row.title.en ?? '';
  return (
    <span className="flex flex-wrap justify-end gap-2">
      {row.status === 'draft' && (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`${t('admin.announcements.edit')} ${title}`}
          onClick={() => handlers.onEdit(row)}
        >
          {t('admin.announcements.edit')}
        </Button>
      )}
      <Button
        size="sm"
        variant="secondary"
        aria-label={`${t('admin.announcements.schedule')} ${title}`}
        onClick={() => handlers.onSchedule(row)}
      >
        {t('admin.announcements.schedule')}
      </Button>
      <Button
        size="sm"
        aria-label={`${t('admin.announcements.send')} ${title}`}
        onClick={() => handlers.onSend(row)}
      >
        {t('admin.announcements.send')}
      </Button>
    </span>
  );
}

/** The table's columns: the English title with its members, status, recipients, when, and the actions. */
function announcementColumns(t: TFunction, language: string, handlers: RowHandlers) {
  return [
    column.accessor((row) => row.title.en ?? '', {
      id: 'title',
      header: () => t('admin.announcements.titleColumn'),
      cell: (info) => (
        <span className="flex flex-col">
          <span className="font-medium wrap-anywhere">{info.getValue()}</span>
          <span className="text-xs text-muted">
            {t(`admin.announcements.segments.${info.row.original.segment}`)}
            {info.row.original.notice ? ` · ${t('admin.announcements.notice')}` : ''}
          </span>
        </span>
      ),
    }),
    column.accessor('status', {
      header: () => t('admin.announcements.status'),
      cell: (info) => (
        <Badge tone={info.getValue() === 'sent' ? 'success' : 'neutral'}>
          {t(`admin.announcements.statuses.${info.getValue()}`)}
        </Badge>
      ),
    }),
    column.accessor('recipients', {
      header: () => t('admin.announcements.recipients'),
      cell: (info) =>
        t('admin.announcements.recipientsValue', {
          count: info.getValue(),
          mailed: info.row.original.mailed,
        }),
    }),
    column.accessor((row) => row.sent_at ?? row.scheduled_at, {
      id: 'when',
      header: () => t('admin.announcements.when'),
      cell: (info) => (info.getValue() ? formatTime(info.getValue()!, language) : '—'),
      meta: { className: 'whitespace-nowrap' },
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{t('admin.announcements.actions')}</span>,
      cell: (info) => <RowActions row={info.row.original} handlers={handlers} />,
      meta: { align: 'end' },
    }),
  ];
}

/** Announcements to members (issue 37 item 3, decision 183): superadmin and support. */
export function AnnouncementsPage() {
  const { t, i18n } = useTranslation();
  const state = useUrlListState({ filters: [] });
  const query = useAnnouncements(state.query);
  const [search, setSearch] = useSearchParams();
  const planParam = Number(search.get('plan'));
  const [draft, setDraft] = useState<Draft | null>(() =>
    planParam > 0 ? { id: null, values: { segment: 'plan', plan_id: planParam } } : null,
  );
  const [scheduling, setScheduling] = useState<Announcement | null>(null);
  const [sending, setSending] = useState<Announcement | null>(null);
  useDocumentMeta(t('admin.announcements.title'), t('admin.announcements.lead'));

  const close = () => {
    setDraft(null);
    if (search.has('plan')) setSearch({}, { replace: true });
  };
  const columns = announcementColumns(t, i18n.language, {
    onEdit: (row) => setDraft({ id: row.id, values: row }),
    onSchedule: setScheduling,
    onSend: setSending,
  });

  return (
    <>
      <PageHeader
        title={t('admin.announcements.title')}
        description={t('admin.announcements.lead')}
        actions={
          <Button onClick={() => setDraft({ id: null, values: {} })}>
            <Megaphone className="size-4" aria-hidden="true" />
            {t('admin.announcements.add')}
          </Button>
        }
      />
      <DataTable
        caption={t('admin.announcements.caption')}
        columns={columns}
        state={state}
        query={query}
        rowKey={(row) => row.id}
        empty={t('admin.announcements.empty')}
      />
      {draft && <AnnouncementDialog draft={draft} onClose={close} />}
      {scheduling && <ScheduleDialog announcement={scheduling} onClose={() => setScheduling(null)} />}
      {sending && <SendDialog announcement={sending} onClose={() => setSending(null)} />}
    </>
  );
}
