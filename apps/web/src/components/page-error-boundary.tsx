import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '#components/ui/alert';

/**
 * What a screen shows in its place when it cannot render. Most often its code could not be loaded: the
 * connection dropped, or a newer release replaced the file since this page was opened. React keeps a
 * lazily loaded component's failure, so trying again means loading the page again (decision 203).
 */
function PageFailed() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl py-8">
      <h1 className="mb-3 text-xl font-semibold text-fg">{t('common.pageFailedTitle')}</h1>
      <RetryAlert onRetry={() => window.location.reload()}>{t('common.pageFailed')}</RetryAlert>
    </div>
  );
}

/**
 * Around a layout's outlet: a screen that fails shows `PageFailed` in its place, and the layout (the
 * member or back-office navigation) stays, so the member can go elsewhere. Going to another address
 * clears it.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={PageFailed} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}
