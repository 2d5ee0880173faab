import '#lib/zod-config';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { Announcement, AnnouncementInput } from '@app/shared/schemas/announcements';
import { PageHeader } from '#components/page-header';
import { Alert } from '#components/ui/alert';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { DataTable } from '#components/ui/data-table';
import { Dialog } from '#components/ui/dialog';
import { CheckboxField, SelectField, TextareaField, TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { ApiError, errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { formatTime } from '#lib/intl-format';
import { useUrlListState } from '#lib/use-url-list-state';
import {
  useAnnouncementAudience,
  useAnnouncements,
  useDeliverAnnouncement,
  useSaveAnnouncement,
} from '../api/announcements';

const LANGUAGES = ['en', 'es', 'ar'] as const;
const SEGMENTS = ['all', 'verified', 'with_plan', 'with_loan', 'country', 'plan'] as const;
const column = createColumnHelper<Announcement>();

function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** The first message of each field of a 400 answer, keyed by the dotted path (title.en). */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fieldErrors) return {};
  return Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0] ?? '']),
  );
}

/** A draft's form values: an announcement edited, or a new one (prefilled for a plan's members). */
interface Draft {
  id: number | null;
  values: Partial<Announcement>;
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

  const columns = [
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
      cell: (info) => (info.getValue() ? formatTime(info.getValue()!, i18n.language) : '—'),
      meta: { className: 'whitespace-nowrap' },
    }),
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{t('admin.announcements.actions')}</span>,
      cell: (info) => {
        const row = info.row.original;
        if (row.status === 'sent' || row.status === 'sending') return null;
        const title = row.title.en ?? '';
        return (
          <span className="flex flex-wrap justify-end gap-2">
            <Button
              size="sm"
              variant="secondary"
              aria-label={`${t('admin.announcements.edit')} ${title}`}
              onClick={() => setDraft({ id: row.id, values: row })}
            >
              {t('admin.announcements.edit')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`${t('admin.announcements.schedule')} ${title}`}
              onClick={() => setScheduling(row)}
            >
              {t('admin.announcements.schedule')}
            </Button>
            <Button
              size="sm"
              aria-label={`${t('admin.announcements.send')} ${title}`}
              loading={deliver.isPending}
              onClick={() => send(row)}
            >
              {t('admin.announcements.send')}
            </Button>
          </span>
        );
      },
      meta: { align: 'end' },
    }),
  ];

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

function AnnouncementDialog({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveAnnouncement(draft.id);
  const audience = useAnnouncementAudience(draft.id);
  const [segment, setSegment] = useState(draft.values.segment ?? 'all');
  const errors = fieldErrors(save.error);
  const failure =
    save.error && Object.keys(errors).length === 0 ? errorMessage(save.error, 'An error occurred') : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const texts = (field: 'title' | 'body') =>
      Object.fromEntries(
        LANGUAGES.map((language) => [language, textOf(form, `${field}.${language}`)]).filter(
          ([language, text]) => language === 'en' || text,
        ),
      ) as AnnouncementInput['title'];
    save.mutate(
      {
        title: texts('title'),
        body: texts('body'),
        notice: form.get('notice') === 'on',
        segment: textOf(form, 'segment') as AnnouncementInput['segment'],
        country: segment === 'country' ? textOf(form, 'country').toUpperCase() : null,
        plan_id: segment === 'plan' ? Number(textOf(form, 'plan_id')) || null : null,
      },
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
      title={draft.id === null ? t('admin.announcements.addTitle') : t('admin.announcements.editTitle')}
      description={t('admin.announcements.formLead')}
      wide
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div className="grid gap-4 md:grid-cols-3">
          {LANGUAGES.map((language) => (
            <fieldset
              key={language}
              className="space-y-3"
              lang={language}
              dir={language === 'ar' ? 'rtl' : 'ltr'}
            >
              <legend className="text-sm font-semibold">
                {t(`admin.announcements.languages.${language}`)}
                {language === 'en' ? '' : ` (${t('admin.announcements.optional')})`}
              </legend>
              <TextField
                name={`title.${language}`}
                label={t('admin.announcements.titleField')}
                defaultValue={draft.values.title?.[language] ?? ''}
                required={language === 'en'}
                maxLength={120}
                error={message(errors[`title.${language}`])}
              />
              <TextareaField
                name={`body.${language}`}
                label={t('admin.announcements.bodyField')}
                defaultValue={draft.values.body?.[language] ?? ''}
                required={language === 'en'}
                maxLength={2000}
                error={message(errors[`body.${language}`])}
              />
            </fieldset>
          ))}
        </div>
        <div className="grid gap-4 md:grid-cols-3">
          <SelectField
            name="segment"
            label={t('admin.announcements.segment')}
            value={segment}
            onChange={(event) => setSegment(event.target.value as typeof segment)}
            error={message(errors.segment)}
          >
            {SEGMENTS.map((value) => (
              <option key={value} value={value}>
                {t(`admin.announcements.segments.${value}`)}
              </option>
            ))}
          </SelectField>
          {segment === 'country' && (
            <TextField
              name="country"
              label={t('admin.announcements.country')}
              hint={t('admin.announcements.countryHint')}
              defaultValue={draft.values.country ?? ''}
              maxLength={2}
              error={message(errors.country)}
            />
          )}
          {segment === 'plan' && (
            <TextField
              name="plan_id"
              inputMode="numeric"
              label={t('admin.announcements.planId')}
              defaultValue={draft.values.plan_id ? String(draft.values.plan_id) : ''}
              error={message(errors.plan_id)}
            />
          )}
        </div>
        <CheckboxField
          name="notice"
          label={t('admin.announcements.noticeField')}
          defaultChecked={draft.values.notice ?? false}
        />
        {audience.data && (
          <p className="text-sm text-muted">
            {t('admin.announcements.audience', { count: audience.data.members })}
          </p>
        )}
        {failure && <Alert tone="error">{message(failure)}</Alert>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('admin.announcements.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ScheduleDialog({ announcement, onClose }: { announcement: Announcement; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const deliver = useDeliverAnnouncement();
  const errors = fieldErrors(deliver.error);
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
