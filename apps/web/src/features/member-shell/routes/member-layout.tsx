import { lazy, Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Outlet } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Brand } from '#components/brand';
import { PageSpinner } from '#components/ui/spinner';
import { PageErrorBoundary } from '#components/page-error-boundary';
import { useMe } from '#lib/session';
import { useLanguageSync } from '../api/language';
import { DesktopNav, MobileNav } from '../components/member-nav';

// The bell and the profile menu (their popovers, Radix's menus) load beside the page rather than
// before it: until they are there, their triggers' places are held, the same size (decision 170).
const NotificationsButton = lazy(async () => ({
  default: (await import('../components/notifications-button')).NotificationsButton,
}));
const ProfileMenu = lazy(async () => ({ default: (await import('../components/profile-menu')).ProfileMenu }));
// Asked for by a withdrawal, a destination or turning 2FA on (decision 230): loaded beside the page.
const PasswordConfirmDialog = lazy(async () => ({
  default: (await import('../components/password-confirm-dialog')).PasswordConfirmDialog,
}));

/**
 * A piece of the header loaded on its own (decision 170): its placeholder while it loads, and for good
 * if its code does not arrive, so the page goes on without it (decision 203).
 */
function HeaderPiece({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  return (
    <ErrorBoundary fallback={placeholder}>
      <Suspense fallback={placeholder}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** The bell's place while it loads (the trigger's size-9). */
function BellPlaceholder() {
  return <span aria-hidden="true" className="inline-flex size-9" data-testid="bell-placeholder" />;
}

/** The profile menu's trigger while it loads: the same markup, inert. */
function ProfilePlaceholder({ username }: { username: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-9 items-center gap-2 rounded-full ps-0.5 pe-1 text-sm font-medium text-fg sm:pe-2"
    >
      <span className="flex size-8 items-center justify-center rounded-full bg-brand-soft text-sm font-semibold text-brand-text">
        {username.charAt(0).toUpperCase()}
      </span>
      <span className="hidden lg:inline lg:max-w-32 lg:truncate">{username}</span>
      <ChevronDown className="hidden size-4 text-muted sm:block" />
    </span>
  );
}

/**
 * The member shell: header with navigation, deposit, notifications and profile menu. The deposit
 * action belongs to the deposits feature; the router hands it in (features do not import each other).
 */
export function MemberLayout({ depositAction }: { depositAction?: ReactNode }) {
  const { t } = useTranslation();
  const { data: user } = useMe();
  useLanguageSync(user);
  return (
    <div className="min-h-dvh bg-bg">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-surface px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        {t('common.skipToContent')}
      </a>
      <header className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Brand to="/dashboard" className="me-2" />
          <DesktopNav />
          <div className="ms-auto flex items-center gap-1.5 sm:gap-2">
            <HeaderPiece placeholder={null}>{depositAction}</HeaderPiece>
            <HeaderPiece placeholder={<BellPlaceholder />}>
              <NotificationsButton />
            </HeaderPiece>
            {user && (
              <HeaderPiece placeholder={<ProfilePlaceholder username={user.username} />}>
                <ProfileMenu user={user} />
              </HeaderPiece>
            )}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 pt-6 pb-28 sm:px-6 md:pt-10 md:pb-16">
        <PageErrorBoundary>
          <Suspense fallback={<PageSpinner label={t('common.loading')} />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <MobileNav />
      <HeaderPiece placeholder={null}>
        <PasswordConfirmDialog />
      </HeaderPiece>
    </div>
  );
}
