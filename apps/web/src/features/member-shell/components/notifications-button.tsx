import { Popover } from 'radix-ui';
import { Bell, BellOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { menuContentClass } from '#components/ui/menu';
import { cn } from '#lib/cn';

/** The notification bell (spec §2): a panel, empty for now. */
export function NotificationsButton() {
  const { t } = useTranslation();
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={t('shell.notifications.open')}
        className="inline-flex size-9 items-center justify-center rounded-lg text-muted hover:bg-surface-muted hover:text-fg"
      >
        <Bell className="size-5" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          aria-label={t('shell.notifications.title')}
          className={cn(menuContentClass, 'w-[min(20rem,calc(100vw-1.5rem))] p-0')}
        >
          <h2 className="border-b border-line px-4 py-3 text-sm font-semibold">
            {t('shell.notifications.title')}
          </h2>
          <div className="flex flex-col items-center gap-2 px-6 py-8 text-center">
            <BellOff className="size-8 text-muted/60" aria-hidden="true" />
            <p className="text-sm text-muted">{t('shell.notifications.empty')}</p>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
