import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '#components/ui/spinner';
import { PageErrorBoundary } from '#components/page-error-boundary';

/**
 * Every screen: a new page starts at the top; lazily loaded routes show a spinner meanwhile. The first
 * page keeps the browser's own position: a prerendered page may have been scrolled (or restored on
 * reload) before the app hydrated it.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <PageErrorBoundary main>
      <Suspense fallback={<PageSpinner label={t('common.loading')} />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}
