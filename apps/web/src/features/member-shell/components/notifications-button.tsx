import { useState } from 'react';
import { Popover } from 'radix-ui';
import { Bell, BellOff } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { Notification } from '@app/shared/schemas/notifications';
import { menuContentClass } from '#components/ui/menu';
import { Button } from '#components/ui/button';
import { Spinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { errorMessage } from '#lib/api-client';
import { cn } from '#lib/cn';
import { useDateTimeFormat } from '#lib/money';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api/notifications';
import { NUMBER_LOCALES } from '@app/shared/number-locales';

/** "5 minutes ago", "yesterday", in the reader's language. */
function useRelativeTime() {
  const { i18n } = useTranslation();
  const format = new Intl.RelativeTimeFormat(NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en'] ?? 'en-US', {
    numeric: 'auto',
  });
  return (iso: string) => {
    const seconds = Math.round((new Date(iso).getTime() - Date.now()) / 1000);
    const units: [Intl.RelativeTimeFormatUnit, number][] = [
      ['year', 31_536_000],
      ['month', 2_592_000],
      ['day', 86_400],
      ['hour', 3_600],
      ['minute', 60],
    ];
    for (const [unit, size] of units) {
      if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
    }
    return format.format(0, 'minute');
  };
}

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const relative = useRelativeTime();
  const moment = useDateTimeFormat();
  const unread = item.read_at === null;
  const content = (
    <>
      <span className="flex items-start gap-2">
        {unread && <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand" aria-hidden="true" />}
        <span className={cn('text-sm', unread ? 'font-semibold' : 'font-medium')}>
          {message(item.title)}
          {unread && <span className="sr-only"> ({t('memberExtras.bell.unread')})</span>}
        </span>
      </span>
      <span className="mt-0.5 block text-sm text-muted">{message(item.body)}</span>
      <time
        dateTime={item.created_at}
        title={moment(item.created_at)}
        className="mt-1 block text-xs text-muted"
      >
        {relative(item.created_at)}
      </time>
    </>
  );
  const className =
    'block w-full px-4 py-3 text-start hover:bg-surface-muted focus-visible:bg-surface-muted focus-visible:outline-none';
  return (
    <li className="border-b border-line last:border-b-0">
      {item.link ? (
        <Link to={item.link} className={className} onClick={() => onOpen(item)}>
          {content}
        </Link>
      ) : (
        <button type="button" className={className} onClick={() => onOpen(item)}>
          {content}
        </button>
      )}
    </li>
  );
}

interface NotificationsListProps {
  notifications: ReturnType<typeof useNotifications>;
  onOpen: (item: Notification) => void;
}

/** The panel's body: loading, the failure with Retry, the empty state, or the newest notifications. */
function NotificationsList({ notifications, onOpen }: NotificationsListProps) {
  const { t } = useTranslation();
  const items = notifications.data?.data ?? [];
  if (notifications.isPending) {
    return (
      <div className="flex justify-center px-6 py-8">
        <Spinner label={t('memberExtras.bell.loading')} />
      </div>
    );
  }
  if (notifications.isError) {
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-8 text-center" role="alert">
        <p className="text-sm text-danger">{t('memberExtras.bell.failed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void notifications.refetch()}>
          {t('memberExtras.bell.retry')}
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-8 text-center">
        <BellOff className="size-8 text-muted/60" aria-hidden="true" />
        <p className="text-sm text-muted">{t('shell.notifications.empty')}</p>
      </div>
    );
  }
  return (
    <ul className="max-h-[min(24rem,60vh)] overflow-y-auto" aria-label={t('shell.notifications.title')}>
      {items.map((item) => (
        <NotificationItem key={item.id} item={item} onOpen={onOpen} />
      ))}
    </ul>
  );
}

/**
 * The most the bell's badge shows; above it, "99+" and a label saying "more than 99". The server counts
 * up to UNREAD_COUNT_CAP (100, decision 219), which stays above this: a capped count always shows so.
 */
const BADGE_MAX = 99;

/**
 * The notification bell (spec §2, DESIGN §6): the unread count on the bell, the newest notifications
 * in a panel, each leading to what it concerns and marked read when opened, and 'Mark all as read'.
 * It polls, so a deposit confirmed meanwhile shows without reloading.
 */
export function NotificationsButton() {
  const { t, i18n } = useTranslation();
  const message = useMessage();
  const [open, setOpen] = useState(false);
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = notifications.data?.unread_count ?? 0;

  const openItem = (item: Notification) => {
    if (item.read_at === null) markRead.mutate(item.id);
    if (item.link) setOpen(false);
  };

  // Above the badge's maximum the count may be the server's cap, "at least": the label says "more than".
  const label =
    unread > BADGE_MAX
      ? t('memberExtras.bell.openUnreadOver', { count: BADGE_MAX })
      : unread > 0
        ? t('memberExtras.bell.openUnread', {
            count: unread,
            number: unread.toLocaleString(NUMBER_LOCALES[i18n.resolvedLanguage ?? 'en']),
          })
        : t('shell.notifications.open');

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={label}
        className="relative inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-muted hover:text-fg"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notifications-unread"
            className="absolute -end-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[0.625rem] leading-none font-semibold text-white dark:text-bg"
          >
            {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-label={t('shell.notifications.title')}
          className={cn(menuContentClass, 'w-[min(22rem,calc(100vw-1.5rem))] p-0')}
        >
          <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-3">
            <h2 className="text-sm font-semibold">{t('shell.notifications.title')}</h2>
            {unread > 0 && (
              <Button
                variant="link"
                size="sm"
                loading={markAll.isPending}
                onClick={() =>
                  markAll.mutate(undefined, {
                    onError: (error) => toast.error(message(errorMessage(error, 'Network error'))),
                  })
                }
              >
                {t('memberExtras.bell.markAll')}
              </Button>
            )}
          </div>
          <NotificationsList notifications={notifications} onOpen={openItem} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
