import { useState } from 'react';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type {
  NotificationPreference,
  NotificationPreferencesResponse,
} from '@app/shared/schemas/notifications';
import { RetryAlert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences';

type Row = NotificationPreferencesResponse['data'][number];
type Channel = 'in_app' | 'email';
const CHANNELS: Channel[] = ['in_app', 'email'];

/** The choices as a form: one checkbox per category and channel; security's are checked and fixed. */
function ChoicesForm({ saved }: { saved: Row[] }) {
  const { t } = useTranslation();
  const message = useMessage();
  const save = useSaveNotificationPreferences();
  const [rows, setRows] = useState(saved);
  const changed = rows.some((row, index) =>
    CHANNELS.some((channel) => row[channel] !== saved[index]?.[channel]),
  );

  const toggle = (category: string, channel: Channel) =>
    setRows((current) =>
      current.map((row) => (row.category === category ? { ...row, [channel]: !row[channel] } : row)),
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const preferences: NotificationPreference[] = rows
      .filter((row) => !row.locked)
      .map(({ category, in_app, email }) => ({ category, in_app, email }));
    save.mutate(preferences, {
      onSuccess: (answer) => toast.success(message(answer.message)),
      onError: (error) => toast.error(message(errorMessage(error, 'Network error'))),
    });
  };

  return (
    <form onSubmit={submit}>
      <table className="w-full text-sm">
        <caption className="sr-only">{t('settings.notifications.title')}</caption>
        <thead>
          <tr className="text-start text-xs text-muted">
            <th scope="col" className="pb-2 text-start font-medium">
              {t('settings.notifications.category')}
            </th>
            {CHANNELS.map((channel) => (
              <th key={channel} scope="col" className="w-24 pb-2 text-center font-medium">
                {t(`settings.notifications.channels.${channel}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line border-t border-line">
          {rows.map((row) => {
            const name = t(`settings.notifications.categories.${row.category}`);
            return (
              <tr key={row.category}>
                <th scope="row" className="py-3 pe-3 text-start font-normal">
                  <span className="font-medium">{name}</span>
                  <span className="block text-xs text-muted">
                    {row.locked
                      ? t('settings.notifications.alwaysOn')
                      : t(`settings.notifications.hints.${row.category}`)}
                  </span>
                </th>
                {CHANNELS.map((channel) => (
                  <td key={channel} className="py-3 text-center">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand"
                      checked={row[channel]}
                      disabled={row.locked || save.isPending}
                      aria-label={`${name}: ${t(`settings.notifications.channels.${channel}`)}`}
                      onChange={() => toggle(row.category, channel)}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="mt-5 flex justify-end">
        <Button type="submit" loading={save.isPending} disabled={!changed}>
          {t('settings.notifications.save')}
        </Button>
      </div>
    </form>
  );
}

/** Account settings › Notifications (issue 36 item 4): what arrives in the bell and by email. */
export function NotificationChoices() {
  const { t } = useTranslation();
  const preferences = useNotificationPreferences();

  let body;
  if (preferences.isPending) {
    body = (
      <div className="flex justify-center py-6">
        <Spinner label={t('settings.notifications.loading')} />
      </div>
    );
  } else if (preferences.isError) {
    body = (
      <RetryAlert onRetry={() => void preferences.refetch()}>{t('settings.notifications.failed')}</RetryAlert>
    );
  } else {
    body = <ChoicesForm key={JSON.stringify(preferences.data.data)} saved={preferences.data.data} />;
  }

  return (
    <Card className="p-5 sm:p-7">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-text">
          <Bell className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 className="font-semibold">{t('settings.notifications.title')}</h2>
          <p className="mt-0.5 text-sm text-muted">{t('settings.notifications.lead')}</p>
        </div>
      </div>
      <div className="mt-6 border-t border-line pt-6">{body}</div>
    </Card>
  );
}
