import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RefreshCw, ShieldAlert } from 'lucide-react';
import { Button } from '#components/ui/button';
import { PageSpinner } from '#components/ui/spinner';
import { useMessage } from '#i18n/use-message';
import { isUnauthenticated } from '#lib/api-client';
import { sessionEnded } from '#lib/session';

interface SessionGateProps {
  session: UseQueryResult<unknown>;
  /** Where an unauthenticated visitor goes (history is replaced). */
  signInPath: string;
  children: ReactNode;
}

/**
 * The session guard of spec §2/§4: a spinner while the session is checked; unauthenticated leads to
 * the sign-in (replacing history; a refused token says the session ended); a timeout or another
 * error shows its message with a Retry button that repeats the check.
 */
export function SessionGate({ session, signInPath, children }: SessionGateProps) {
  const { t } = useTranslation();
  const message = useMessage();

  if (isUnauthenticated(session.error)) {
    // A refused token (not a missing one): the sign-in screen says why (decision 173).
    const state = sessionEnded(session.error) ? { sessionEnded: true } : undefined;
    return <Navigate to={signInPath} replace state={state} />;
  }
  if (session.data !== undefined) return children;
  if (session.isFetching || !session.isError) return <PageSpinner label={t('session.checking')} />;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-bg p-6">
      <div className="w-full max-w-sm rounded-2xl border border-line bg-surface p-6 text-center shadow-xs">
        <ShieldAlert className="mx-auto size-10 text-danger" aria-hidden="true" />
        <h1 className="mt-3 text-lg font-semibold">{t('session.errorTitle')}</h1>
        <p role="alert" className="mt-1 text-sm text-muted">
          {message(session.error?.message || 'An error occurred')}
        </p>
        <Button className="mt-5 w-full" onClick={() => void session.refetch()}>
          <RefreshCw className="size-4" aria-hidden="true" />
          {t('common.retry')}
        </Button>
      </div>
    </main>
  );
}
