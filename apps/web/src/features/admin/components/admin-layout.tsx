import { Suspense, useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut, Menu, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminSessionResponse } from '@app/shared/schemas/admin';
import { toast } from '#lib/toast';
import { BrandMark } from '#components/brand';
import { PreferencesPicker } from '#components/preferences-picker';
import { Badge } from '#components/ui/badge';
import { Button } from '#components/ui/button';
import { PageSpinner } from '#components/ui/spinner';
import { PageErrorBoundary } from '#components/page-error-boundary';
import { useMessage } from '#i18n/use-message';
import { cn } from '#lib/cn';
import { adminMeQueryKey, useAdminMe } from '#lib/session';
import { ADMIN_AREA_GROUPS, areasFor, type AdminArea } from '../admin-areas';
import { setSessionEndedHandler } from '../api/admin-api';
import { useAdminLogout } from '../api/admin-logout';
import { ReauthProvider } from './reauth-dialog';

/**
 * The back office's frame (issue 15 item 10): a header with the admin and sign-out, navigation by area
 * (only the areas the admin's role opens), the reauth dialog every screen relies on, and the page.
 * From 1024 px the navigation is a side column; below, a Menu button opens it over the page.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const { data } = useAdminMe();
  // The menu is open on the page where it was opened: a new page closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? location.pathname : null);
  const user = data?.user;

  useSessionEndedRedirect();

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpenAt(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <ReauthProvider>
      <div className="min-h-dvh bg-bg">
        <a
          href="#admin-main"
          className="sr-only z-50 rounded-lg bg-surface px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
        >
          {t('common.skipToContent')}
        </a>
        <AdminHeader user={user} menuOpen={menuOpen} onMenuToggle={() => setMenuOpen(!menuOpen)} />
        <div className="lg:flex">
          <AdminNav areas={areasFor(user?.admin_role)} menuOpen={menuOpen} />
          <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
            <PageErrorBoundary>
              <Suspense fallback={<PageSpinner label={t('common.loading')} />}>
                <Outlet />
              </Suspense>
            </PageErrorBoundary>
          </main>
        </div>
      </div>
    </ReauthProvider>
  );
}

/** The session ended under a screen (idle timeout, signed out elsewhere): back to the sign-in. */
function useSessionEndedRedirect() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      setSessionEndedHandler(() => {
        queryClient.removeQueries({ queryKey: adminMeQueryKey });
        // The sign-in says why it is shown again (admin.login.sessionEnded).
        void navigate('/admin/login', { replace: true, state: { sessionEnded: true } });
      }),
    [navigate, queryClient],
  );
}

/** The header: the Menu button (below 1024 px), the brand, the preferences, the admin and sign-out. */
function AdminHeader({
  user,
  menuOpen,
  onMenuToggle,
}: {
  user: AdminSessionResponse['user'] | undefined;
  menuOpen: boolean;
  onMenuToggle: () => void;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const logout = useAdminLogout();

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => void navigate('/admin/login', { replace: true }),
      onError: () => {
        toast.error(message('Logout failed.'));
        void navigate('/admin/login', { replace: true });
      },
    });

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
      <div className="flex h-16 items-center gap-3 px-4 sm:px-6">
        <Button
          variant="ghost"
          size="sm"
          className="lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={onMenuToggle}
        >
          {menuOpen ? (
            <X className="size-5" aria-hidden="true" />
          ) : (
            <Menu className="size-5" aria-hidden="true" />
          )}
          {t('admin.layout.menu')}
        </Button>
        <NavLink to="/admin" end className="flex items-center gap-2 rounded-lg">
          <BrandMark className="size-8" />
          <span className="font-semibold max-sm:sr-only">{t('admin.layout.brand')}</span>
        </NavLink>
        <div className="ms-auto flex min-w-0 items-center gap-2 sm:gap-3">
          <PreferencesPicker className="max-sm:hidden" />
          {user && (
            <div className="flex min-w-0 flex-col items-end max-md:hidden">
              <span className="max-w-56 truncate text-sm font-medium" title={user.email}>
                {user.email}
              </span>
              <Badge tone="info">{t(`admin.roles.${user.admin_role}`)}</Badge>
            </div>
          )}
          <Button variant="secondary" size="sm" onClick={signOut} loading={logout.isPending}>
            <LogOut className="size-4 rtl:rotate-180" aria-hidden="true" />
            {t('admin.layout.signOut')}
          </Button>
        </div>
      </div>
    </header>
  );
}

/** The navigation: the admin's areas by group, a side column from 1024 px, below it opened by Menu. */
function AdminNav({ areas, menuOpen }: { areas: AdminArea[]; menuOpen: boolean }) {
  const { t } = useTranslation();
  return (
    <nav
      id="admin-nav"
      aria-label={t('admin.layout.navLabel')}
      className={cn(
        'border-line bg-surface lg:sticky lg:top-16 lg:block lg:h-[calc(100dvh-4rem)] lg:w-60 lg:shrink-0 lg:overflow-y-auto lg:border-e',
        menuOpen ? 'block border-b' : 'hidden',
      )}
    >
      <div className="grid gap-5 p-4 sm:grid-cols-2 md:grid-cols-4 lg:grid-cols-1">
        {ADMIN_AREA_GROUPS.map((group) => {
          const inGroup = areas.filter((area) => area.group === group);
          if (inGroup.length === 0) return null;
          return (
            <div key={group}>
              <h2 className="px-2 text-xs font-semibold tracking-wide text-muted uppercase">
                {t(`admin.layout.groups.${group}`)}
              </h2>
              <ul className="mt-1.5 space-y-0.5">
                {inGroup.map((area) => (
                  <li key={area.key}>
                    <NavLink
                      to={area.path}
                      end={area.path === '/admin'}
                      className={({ isActive }) =>
                        cn(
                          'flex items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm font-medium',
                          'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                          isActive ? 'bg-brand-soft text-brand-text' : 'text-fg hover:bg-surface-muted',
                        )
                      }
                    >
                      <area.icon className="size-4 shrink-0" aria-hidden="true" />
                      {t(`admin.layout.areas.${area.key}`)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
