import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '#components/ui/alert';
import { cn } from '#lib/cn';
import { useDocumentMeta } from '#lib/document-meta';

/**
 * What a screen shows in its place when it cannot render. Most often its code could not be loaded: the
 * connection dropped, or a newer release replaced the file since this page was opened. React keeps a
 * lazily loaded component's failure, so trying again means loading the page again (decision 203).
 */
function PageFailed({ main }: { main: boolean }) {
  const { t } = useTranslation();
  useDocumentMeta(t('common.pageFailedTitle'), t('common.pageFailed'));
  const content = (
    <div className={cn('mx-auto max-w-xl py-8', main && 'px-4')}>
      <h1 className="mb-3 text-xl font-semibold text-fg">{t('common.pageFailedTitle')}</h1>
      <RetryAlert onRetry={() => window.location.reload()}>{t('common.pageFailed')}</RetryAlert>
    </div>
  );
  return main ? (
    <main id="main" tabIndex={-1}>
      {content}
    </main>
  ) : (
    content
  );
}

/**
 * Around a layout's outlet: a screen that fails shows `PageFailed` in its place, and the layout (the
 * member or back-office navigation) stays, so the member can go elsewhere. `main`: the outlet is not
 * inside a layout's `<main>` (the root layout), so the message brings its own. Going to another address
 * (path or query) clears it.
 */
export function PageErrorBoundary({ children, main = false }: { children: ReactNode; main?: boolean }) {
  const { pathname, search } = useLocation();
  return (
    <ErrorBoundary fallback={<PageFailed main={main} />} resetKeys={[pathname, search]}>
      {children}
    </ErrorBoundary>
  );
}
