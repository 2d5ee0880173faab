import '#lib/zod-config';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import {
  HELP_REQUEST_STATUSES,
  type AdminHelpRequestDetail,
  type HelpRequestStatus,
} from '@app/shared/schemas/admin-content';
import { RetryAlert } from '#components/ui/alert';
import { Badge, type BadgeTone } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { SelectField, TextareaField } from '#components/ui/field';
import { PageSpinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { ApiError, errorMessage } from '#lib/api-client';
import { useDocumentMeta } from '#lib/document-meta';
import { useDateFormat } from '#lib/money';
import { useHelpRequest, useHelpRequestAction } from '../api/help-admin';
import { ContentPageHeader } from '../components/admin-page-frame';

export const REQUEST_STATUS_TONE: Record<HelpRequestStatus, BadgeTone> = {
  open: 'warning',
  answered: 'success',
  closed: 'neutral',
};

type RequestAction = ReturnType<typeof useHelpRequestAction>;
type Message = ReturnType<typeof useMessage>;

/** A change that did not save: its message in a toast. */
function toastFailure(message: Message, error: unknown) {
  toast.error(message(errorMessage(error, 'Could not save.')));
}

/** The reply being written and its field's error; sending mails it and empties the box. */
function useReplyForm(action: RequestAction, message: Message) {
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState<string | undefined>();
  const sendReply = (event: FormEvent) => {
    event.preventDefault();
    setReplyError(undefined);
    action.mutate(
      { reply },
      {
        onSuccess: (answer) => {
          toast.success(message(answer.message));
          setReply('');
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.fieldErrors?.message?.[0] : undefined;
          if (field) setReplyError(message(field));
          else toastFailure(message, error);
        },
      },
    );
  };
  return { reply, setReply, replyError, sendReply };
}

/** The message as it came in: who sent it, its status, when, the member if signed in, the text. */
function RequestCard({ data }: { data: AdminHelpRequestDetail }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  return (
    <Card className="space-y-3 p-5">
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-medium wrap-anywhere">
          {data.name} &lt;{data.email}&gt;
        </p>
        <Badge tone={REQUEST_STATUS_TONE[data.status]}>
          {t(`admin.content.inbox.statuses.${data.status}`)}
        </Badge>
      </div>
      <p className="text-sm text-muted">
        {t('admin.content.inbox.received', { date: date(data.created_at) })}
        {data.user_id !== null && ` · ${t('admin.content.inbox.member', { id: data.user_id })}`}
      </p>
      <p className="whitespace-pre-wrap wrap-anywhere">{data.message}</p>
    </Card>
  );
}

/** The replies mailed so far, and the form for the next one. */
function RepliesSection({
  data,
  form,
  pending,
}: {
  data: AdminHelpRequestDetail;
  form: ReturnType<typeof useReplyForm>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const date = useDateFormat();
  return (
    <section aria-labelledby="replies-heading" className="space-y-3">
      <h2 id="replies-heading" className="text-lg font-semibold">
        {t('admin.content.inbox.replies')}
      </h2>
      {data.replies.length === 0 ? (
        <p className="text-sm text-muted">{t('admin.content.inbox.noReplies')}</p>
      ) : (
        <ul className="space-y-3">
          {data.replies.map((item) => (
            <li key={item.id}>
              <Card className="space-y-1 p-4">
                <p className="text-xs text-muted">{date(item.created_at)}</p>
                <p className="whitespace-pre-wrap wrap-anywhere">{item.message}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={form.sendReply} noValidate className="space-y-3">
        <TextareaField
          label={t('admin.content.inbox.replyLabel')}
          hint={t('admin.content.inbox.replyHint', { email: data.email })}
          value={form.reply}
          onChange={(event) => form.setReply(event.target.value)}
          error={form.replyError}
        />
        <Button type="submit" loading={pending}>
          {t('admin.content.inbox.send')}
        </Button>
      </form>
    </section>
  );
}

/** The status, saved as soon as it is chosen, and the internal note, saved by its button. */
function StatusAndNote({
  data,
  action,
  note,
  onNote,
}: {
  data: AdminHelpRequestDetail;
  action: RequestAction;
  note: string;
  onNote: (note: string | null) => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const failed = (error: unknown) => toastFailure(message, error);
  return (
    <Card className="space-y-4 p-5">
      <SelectField
        label={t('admin.content.inbox.status')}
        value={data.status}
        disabled={action.isPending}
        onChange={(event) =>
          action.mutate(
            { status: event.target.value as HelpRequestStatus },
            { onSuccess: (answer) => toast.success(message(answer.message)), onError: failed },
          )
        }
      >
        {HELP_REQUEST_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`admin.content.inbox.statuses.${status}`)}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label={t('admin.content.inbox.note')}
        hint={t('admin.content.inbox.noteHint')}
        value={note}
        onChange={(event) => onNote(event.target.value)}
      />
      <Button
        variant="secondary"
        size="sm"
        loading={action.isPending}
        onClick={() =>
          action.mutate(
            { note },
            {
              onSuccess: (answer) => {
                toast.success(message(answer.message));
                onNote(null);
              },
              onError: failed,
            },
          )
        }
      >
        {t('admin.content.inbox.saveNote')}
      </Button>
    </Card>
  );
}

/** /admin/help/inbox/:id: one contact message, its status, internal note and replies by mail. */
export function HelpRequestPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const id = Number(useParams().id);
  const request = useHelpRequest(id);
  const action = useHelpRequestAction(id);
  const replyForm = useReplyForm(action, message);
  const [note, setNote] = useState<string | null>(null);
  const title = t('admin.content.inbox.detailTitle', { id });
  useDocumentMeta(title, t('admin.content.inbox.metaDescription'));
  const back = { to: '/admin/help/inbox', label: t('admin.content.inbox.back') };

  if (request.isPending) return <PageSpinner label={t('admin.content.loading')} />;
  if (request.isError)
    return (
      <>
        <ContentPageHeader title={title} back={back} />
        <RetryAlert onRetry={() => void request.refetch()}>
          {message(errorMessage(request.error, 'Could not load the message.'))}
        </RetryAlert>
      </>
    );
  const data = request.data;

  return (
    <>
      <ContentPageHeader title={title} back={back} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <RequestCard data={data} />
          <RepliesSection data={data} form={replyForm} pending={action.isPending} />
        </div>
        <aside className="space-y-5">
          <StatusAndNote data={data} action={action} note={note ?? data.note} onNote={setNote} />
        </aside>
      </div>
    </>
  );
}
