import { Laptop, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { Session } from '@app/shared/schemas/sessions';
import { RetryAlert } from '#components/ui/alert';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { Card } from '#components/ui/card';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { useRevokeSession, useSessions } from '../api/sessions';
import { NUMBER_LOCALES } from '@app/shared/number-locales';

function DeviceIcon({ type }: { type: string | null }) {
  const Icon =
    type === 'mobile'
      ? Smartphone
      : type === 'tablet'
        ? Tablet
        : type === 'desktop'
          ? Laptop
          : MonitorSmartphone;
  return <Icon className="size-5 text-muted" aria-hidden="true" />;
}

/** "14 Mar 2026, 09:12" in the reader's language. */
function useDateTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'] ?? 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => format.format(new Date(iso));
}

function SessionItem({ session }: { session: Session }) {
  const { t } = useTranslation();
  const message = useMessage();
  const dateTime = useDateTime();
  const revoke = useRevokeSession();
  const device =
    [session.browser, session.os].filter(Boolean).join(' · ') || t('memberExtras.sessions.unknownDevice');
  return (
    <li className="flex flex-wrap items-start gap-3 py-4 first:pt-0 last:pb-0">
      <DeviceIcon type={session.device_type} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="break-words">{device}</span>
          {session.current && <Badge tone="success">{t('memberExtras.sessions.thisDevice')}</Badge>}
        </p>
        <dl className="mt-1 grid gap-x-4 gap-y-0.5 text-xs text-muted sm:grid-cols-3">
          <div>
            <dt className="inline">{t('memberExtras.sessions.ip')}: </dt>
            <dd className="inline" dir="ltr">
              {session.ip ?? '—'}
            </dd>
          </div>
          <div>
            <dt className="inline">{t('memberExtras.sessions.signedIn')}: </dt>
            <dd className="inline">{dateTime(session.created_at)}</dd>
          </div>
          <div>
            <dt className="inline">{t('memberExtras.sessions.lastUsed')}: </dt>
            <dd className="inline">{dateTime(session.last_used_at)}</dd>
          </div>
        </dl>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          loading={revoke.isPending}
          aria-label={t('memberExtras.sessions.signOutOne', { device })}
          onClick={() =>
            revoke.mutate(session.id, {
              onSuccess: (answer) => toast.success(message(answer.message)),
              onError: (error) => toast.error(message(errorMessage(error, 'Network error'))),
            })
          }
        >
          {t('memberExtras.sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

/** Signed-in sessions and devices (Security tab): each one with where and when; sign out one or all others. */
export function SessionsPanel() {
  const { t } = useTranslation();
  const message = useMessage();
  const sessions = useSessions();
  const revokeOthers = useRevokeSession();
  const others = sessions.data?.data.filter((session) => !session.current).length ?? 0;

  let body;
  if (sessions.isPending) {
    body = (
      <div className="flex justify-center py-6">
        <Spinner label={t('memberExtras.sessions.loading')} />
      </div>
    );
  } else if (sessions.isError) {
    body = (
      <RetryAlert onRetry={() => void sessions.refetch()}>{t('memberExtras.sessions.failed')}</RetryAlert>
    );
  } else {
    body = (
      <>
        <ul className="divide-y divide-line" aria-label={t('memberExtras.sessions.title')}>
          {sessions.data.data.map((session) => (
            <SessionItem key={session.id} session={session} />
          ))}
        </ul>
        {others === 0 && <p className="mt-4 text-sm text-muted">{t('memberExtras.sessions.onlyThis')}</p>}
      </>
    );
  }

  return (
    <Card className="mt-6 p-5 sm:p-7">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand-text">
            <MonitorSmartphone className="size-5" aria-hidden="true" />
          </span>
          <div>
            <h2 className="font-semibold">{t('memberExtras.sessions.title')}</h2>
            <p className="mt-0.5 text-sm text-muted">{t('memberExtras.sessions.lead')}</p>
          </div>
        </div>
        {others > 0 && (
          <Button
            variant="secondary"
            size="sm"
            loading={revokeOthers.isPending}
            onClick={() =>
              revokeOthers.mutate('others', {
                onSuccess: (answer) => toast.success(message(answer.message)),
                onError: (error) => toast.error(message(errorMessage(error, 'Network error'))),
              })
            }
          >
            {t('memberExtras.sessions.signOutOthers')}
          </Button>
        )}
      </div>
      <div className="mt-6 border-t border-line pt-6">{body}</div>
    </Card>
  );
}
