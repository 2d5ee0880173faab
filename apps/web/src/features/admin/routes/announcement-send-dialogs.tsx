import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Announcement } from '@app/shared/schemas/announcements';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Dialog } from '#components/ui/dialog';
import { TextField } from '#components/ui/field';
import { useMessage } from '#i18n/use-message';
import { errorMessage, firstFieldErrors } from '#lib/api-client';
import { toast } from '#lib/toast';
import { useAnnouncementAudience, useDeliverAnnouncement } from '../api/announcements';
import { textOf } from './announcement-dialog';

/**
 * "Send now" asks first: the announcement goes to every member of its segment, in the bell and by
 * mail (a notice whatever they chose), and cannot be taken back. The dialog says how many members
 * that is now. The server asks for a recent second factor (the reauth dialog opens when it does).
 */
export function SendDialog({ announcement, onClose }: { announcement: Announcement; onClose: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const deliver = useDeliverAnnouncement();
  const audience = useAnnouncementAudience(announcement.id);
  const send = () =>
    deliver.mutate(
      { id: announcement.id },
      {
        onSuccess: (answer) => {
          toast.success(message(answer.message));
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.announcements.sendTitle', { title: announcement.title.en ?? '' })}
      description={
        announcement.notice ? t('admin.announcements.sendLeadNotice') : t('admin.announcements.sendLead')
      }
    >
      <p className="mb-4 text-sm" role="status">
        {audience.data
          ? t('admin.announcements.audience', { count: audience.data.members })
          : audience.isError
            ? message(errorMessage(audience.error, 'An error occurred'))
            : t('admin.announcements.audienceLoading')}
      </p>
      {deliver.isError && (
        <Alert tone="error" className="mb-4">
          {message(errorMessage(deliver.error, 'An error occurred'))}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={send} loading={deliver.isPending}>
          {t('admin.announcements.send')}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * Schedule the send for a time (required), or, for one already scheduled, take it back to the
 * drafts: two buttons, so an empty time never unschedules by accident.
 */
export function ScheduleDialog({
  announcement,
  onClose,
}: {
  announcement: Announcement;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const deliver = useDeliverAnnouncement();
  const [missing, setMissing] = useState(false);
  const errors = firstFieldErrors(deliver.error);
  const deliverAt = (at: string | null) =>
    deliver.mutate(
      { id: announcement.id, at },
      {
        onSuccess: (answer) => {
          toast.success(message(answer.message));
          onClose();
        },
      },
    );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local = textOf(new FormData(event.currentTarget), 'at');
    setMissing(!local);
    if (local) deliverAt(new Date(local).toISOString());
  };
  const atError = missing ? t('admin.announcements.atRequired') : message(errors.at);
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
          error={atError}
        />
        {deliver.error && !errors.at && (
          <Alert tone="error">{message(errorMessage(deliver.error, 'An error occurred'))}</Alert>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {announcement.status === 'scheduled' && (
            <Button
              type="button"
              variant="secondary"
              onClick={() => deliverAt(null)}
              disabled={deliver.isPending}
            >
              {t('admin.announcements.unschedule')}
            </Button>
          )}
          <Button type="submit" loading={deliver.isPending}>
            {t('admin.announcements.schedule')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
