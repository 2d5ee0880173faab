import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from '#components/brand';
import { PageSpinner } from '#components/ui/spinner';
import { useMe } from '#lib/session';
import { DesktopNav, MobileNav } from '../components/member-nav';
import { NotificationsButton } from '../components/notifications-button';
import { ProfileMenu } from '../components/profile-menu';

/**
 * The member shell: header with navigation, deposit, notifications and profile menu. The deposit
 * action belongs to the deposits feature; the router hands it in (features do not import each other).
 */
export function MemberLayout({ depositAction }: { depositAction?: ReactNode }) {
  const { t } = useTranslation();
  const { data: user } = useMe();
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
            <Suspense fallback={null}>{depositAction}</Suspense>
            <NotificationsButton />
            {user && <ProfileMenu user={user} />}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 pt-6 pb-28 sm:px-6 md:pt-10 md:pb-16">
        <Suspense fallback={<PageSpinner label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <MobileNav />
    </div>
  );
}
