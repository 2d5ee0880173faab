import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '#components/ui/spinner';

/** Every screen: a new page starts at the top; lazily loaded routes show a spinner meanwhile. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <Suspense fallback={<PageSpinner label={t('common.loading')} />}>
      <Outlet />
    </Suspense>
  );
}
