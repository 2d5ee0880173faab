import '#lib/zod-config';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Megaphone } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { Announcement } from '@app/shared/schemas/announcements';
import { PageHeader } from '#components/page-header';
import { Alert } from '#components/ui/alert';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { DataTable } from '#components/ui/data-table';
import { Dialog } from '#components/ui/dialog';
import { TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { errorMessage, firstFieldErrors } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { formatTime } from '#lib/intl-format';
import { useUrlListState } from '#lib/use-url-list-state';
import { useAnnouncements, useDeliverAnnouncement } from '../api/announcements';
import { AnnouncementDialog, textOf, type Draft } from './announcement-dialog';

const column = createColumnHelper<Announcement>();

/** What a row's buttons do; sending is true while one announcement is being sent. */
interface RowHandlers {
  onEdit: (row: Announcement) => void;
  onSchedule: (row: Announcement) => void;
  onSend: (row: Announcement) => void;
  sending: boolean;
}

/** Edit, schedule and send of an announcement not yet sent (none once it is sending or sent). */
function RowActions({ row, handlers }: { row: Announcement; handlers: RowHandlers }) {
  const { t } = useTranslation();
  if (row.status === 'sent' || row.status === 'sending') return null;
  const title = row.title.en ?? '';
  return (
    <span className="flex flex-wrap justify-end gap-2">
      <Button
        size="sm"
        variant="secondary"
        aria-label={`${t('admin.announcements.edit')} ${title}`}
        onClick={() => handlers.onEdit(row)}
      >
        {t('admin.announcements.edit')}
      </Button>
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
        loading={handlers.sending}
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
  const message = useMessage();
  const state = useUrlListState({ filters: [] });
  const query = useAnnouncements(state.query);
  const deliver = useDeliverAnnouncement();
  const [search, setSearch] = useSearchParams();
  const planParam = Number(search.get('plan'));
  const [draft, setDraft] = useState<Draft | null>(() =>
    planParam > 0 ? { id: null, values: { segment: 'plan', plan_id: planParam } } : null,
  );
  const [scheduling, setScheduling] = useState<Announcement | null>(null);
  useDocumentMeta(t('admin.announcements.title'), t('admin.announcements.lead'));

  const close = () => {
    setDraft(null);
    if (search.has('plan')) setSearch({}, { replace: true });
  };
  const send = (row: Announcement) =>
    deliver.mutate(
      { id: row.id },
      {
        onSuccess: (answer) => toast.success(message(answer.message)),
        onError: (error) => toast.error(message(errorMessage(error, 'An error occurred'))),
      },
    );

  const columns = announcementColumns(t, i18n.language, {
    onEdit: (row) => setDraft({ id: row.id, values: row }),
    onSchedule: setScheduling,
    onSend: send,
    sending: deliver.isPending,
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
    </>
  );
}

function ScheduleDialog({ announcement, onClose }: { announcement: Announcement; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const deliver = useDeliverAnnouncement();
  const errors = firstFieldErrors(deliver.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = textOf(new FormData(event.currentTarget), 'at');
    deliver.mutate(
      { id: announcement.id, at: local ? new Date(local).toISOString() : null },
      {
        onSuccess: (answer) => {
          toast.success(message(answer.message));
          onClose();
        },
      },
    );
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.announcements.scheduleTitle')}
      description={t('admin.announcements.scheduleLead')}
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          name="at"
          type="datetime-local"
          label={t('admin.announcements.at')}
          required
          error={message(errors.at)}
        />
        {deliver.error && !errors.at && (
          <Alert tone="error">{message(errorMessage(deliver.error, 'An error occurred'))}</Alert>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={deliver.isPending}>
            {t('admin.announcements.schedule')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
