import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Direction } from 'radix-ui';
import { PageSpinner } from '#components/ui/spinner';
import { i18n } from '#i18n/index';
import { useFrontSettings } from '#lib/front-settings';
import { createQueryClient } from './query-client';

const Toasts = lazy(async () => ({ default: (await import('./toasts')).Toasts }));

/** True once the page has loaded: what is not needed for the first paint waits until then. */
function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const done = () => setLoaded(true);
    if (document.readyState === 'complete') {
      const timer = setTimeout(done, 0);
      return () => clearTimeout(timer);
    }
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, []);
  return loaded;
}

/**
 * Language direction for Radix and the toasts; the front settings start loading at once. The toast
 * container (and its library) mounts after the page has loaded; a toast raised before waits in
 * react-toastify's queue.
 */
function Localized({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  useFrontSettings();
  const loaded = useAfterLoad();
  const dir = instance.dir(instance.resolvedLanguage);
  return (
    <Direction.Provider dir={dir}>
      {children}
      {loaded && (
        <Suspense fallback={null}>
          <Toasts rtl={dir === 'rtl'} />
        </Suspense>
      )}
    </Direction.Provider>
  );
}

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client; the app makes one. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <Suspense fallback={<PageSpinner label={i18n.t('common.loading')} />}>
        <Localized>{children}</Localized>
      </Suspense>
    </QueryClientProvider>
  );
}
