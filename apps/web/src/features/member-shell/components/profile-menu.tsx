import { DropdownMenu } from 'radix-ui';
import { useQueryClient } from '@tanstack/react-query';
import {
  Check,
  ChevronDown,
  ChevronRight,
  CircleHelp,
  Eye,
  EyeOff,
  Gift,
  Languages,
  LogOut,
  Moon,
  Settings,
  UserRound,
} from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '#lib/toast';
import type { UserResponse } from '@app/shared/schemas/auth';
import type { FrontSettings } from '@app/shared/schemas/front';
import { menuContentClass, menuItemClass, menuLabelClass } from '#components/ui/menu';
import { currentLanguage, isLanguage, setLanguage } from '#i18n/index';
import { useMessage } from '#i18n/use-message';
import { cn } from '#lib/cn';
import { useFrontSettings } from '#lib/front-settings';
import { useShowBalance, useTheme } from '#lib/preferences';
import { useLogout } from '../api/logout';

const LINKS = [
  { key: 'shell.menu.profile', to: '/profile', Icon: UserRound },
  { key: 'shell.menu.accountSettings', to: '/account-management', Icon: Settings },
  { key: 'shell.menu.rewards', to: '/rewards', Icon: Gift },
  { key: 'shell.menu.helpCenter', to: '/help-center', Icon: CircleHelp },
] as const;

/** The language submenu: the front settings' languages, the current one checked. */
function LanguageSubmenu({ languages }: { languages: FrontSettings['available_languages'] }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Sub>
      <DropdownMenu.SubTrigger className={menuItemClass}>
        <Languages className="size-4 text-muted" aria-hidden="true" />
        <span className="flex-1">{t('shell.menu.language')}</span>
        <ChevronRight className="size-4 text-muted rtl:rotate-180" aria-hidden="true" />
      </DropdownMenu.SubTrigger>
      <DropdownMenu.Portal>
        <DropdownMenu.SubContent sideOffset={4} className={menuContentClass}>
          <DropdownMenu.Label className={menuLabelClass}>{t('picker.language')}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={currentLanguage()}
            onValueChange={(value) => {
              if (isLanguage(value)) void setLanguage(value);
            }}
          >
            {languages
              .filter((option) => isLanguage(option.code))
              .map((option) => (
                <DropdownMenu.RadioItem
                  key={option.code}
                  value={option.code}
                  lang={option.code}
                  className={menuItemClass}
                >
                  <span className="flex-1">{option.label}</span>
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4 text-brand" aria-hidden="true" />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.SubContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Sub>
  );
}

/** Appearance and balance visibility: both keep the menu open when chosen. */
function PreferenceItems() {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  const [showBalance, setShowBalance] = useShowBalance();
  return (
    <>
      <DropdownMenu.CheckboxItem
        checked={theme === 'dark'}
        onCheckedChange={(checked) => setTheme(checked ? 'dark' : 'light')}
        onSelect={(event) => event.preventDefault()}
        className={menuItemClass}
      >
        <Moon className="size-4 text-muted" aria-hidden="true" />
        <span className="flex-1">{t('shell.menu.darkMode')}</span>
        <DropdownMenu.ItemIndicator>
          <Check className="size-4 text-brand" aria-hidden="true" />
        </DropdownMenu.ItemIndicator>
      </DropdownMenu.CheckboxItem>
      <DropdownMenu.Item
        onSelect={(event) => {
          event.preventDefault();
          setShowBalance(!showBalance);
        }}
        className={menuItemClass}
      >
        {showBalance ? (
          <EyeOff className="size-4 text-muted" aria-hidden="true" />
        ) : (
          <Eye className="size-4 text-muted" aria-hidden="true" />
        )}
        {showBalance ? t('shell.menu.hideBalance') : t('shell.menu.showBalance')}
      </DropdownMenu.Item>
    </>
  );
}

/** The profile menu (spec §2): pages, language, appearance, balance visibility and log out. */
export function ProfileMenu({ user }: { user: UserResponse }) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const settings = useFrontSettings();
  const logout = useLogout();
  const initial = user.username.charAt(0).toUpperCase();

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => void navigate('/login', { replace: true, state: { loggedOut: true } }),
      onError: () => {
        toast.error(message('Logout failed.'));
        void navigate('/login', { replace: true });
      },
      // What the signed-in member saw must not outlive the session in this tab.
      onSettled: () => queryClient.clear(),
    });

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="inline-flex h-9 items-center gap-2 rounded-full ps-0.5 pe-1 text-sm font-medium text-fg hover:bg-surface-muted sm:pe-2">
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-brand-soft text-sm font-semibold text-brand-text"
        >
          {initial}
        </span>
        {/* The name comes from the content (WCAG 2.5.3 Label in Name): the username, shown from lg up,
            then what the button opens. The initial is decoration. */}
        <span className="sr-only lg:not-sr-only lg:max-w-32 lg:truncate">{user.username}</span>
        <span className="sr-only">{t('shell.menu.open')}</span>
        <ChevronDown className="hidden size-4 text-muted sm:block" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={cn(menuContentClass, 'w-64')}>
          <div className="px-2.5 py-2">
            <p className="truncate text-sm font-semibold">{user.username}</p>
            <p className="truncate text-xs text-muted">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {LINKS.map(({ key, to, Icon }) => (
            <DropdownMenu.Item key={to} asChild className={menuItemClass}>
              <Link to={to}>
                <Icon className="size-4 text-muted" aria-hidden="true" />
                {t(key)}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <LanguageSubmenu languages={settings.available_languages} />
          <PreferenceItems />
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item
            onSelect={signOut}
            disabled={logout.isPending}
            className={cn(menuItemClass, 'text-danger')}
          >
            <LogOut className="size-4" aria-hidden="true" />
            {t('shell.menu.logOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
