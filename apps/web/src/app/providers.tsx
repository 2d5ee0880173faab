import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Direction } from 'radix-ui';
import { PageSpinner } from '#components/ui/spinner';
import { i18n } from '#i18n/index';
import { useFrontSettings } from '#lib/front-settings';
import { logger } from '#lib/logger';
import { useIdle } from '#lib/use-idle';
import { createQueryClient } from './query-client';

import type { Toasts as ToastsComponent } from './toasts';

let Toasts: typeof ToastsComponent | null = null;

/** What makes a visitor of a prerendered page need the toasts: an action of theirs (a toast follows one). */
const ACTION_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * True once the visitor has clicked, touched or pressed a key, or at once when `waiting` is false. A
 * prerendered public page raises no toast on its own, so its toast library waits for an action
 * rather than counting in the page's first load (decision 106).
 */
function useActed(waiting: boolean): boolean {
  const [acted, setActed] = useState(!waiting);
  useEffect(() => {
    if (acted) return;
    const onAction = () => setActed(true);
    for (const name of ACTION_EVENTS) window.addEventListener(name, onAction, { passive: true, once: true });
    return () => {
      for (const name of ACTION_EVENTS) window.removeEventListener(name, onAction);
    };
  }, [acted]);
  return acted;
}

/** The document arrived as a prerendered public page (decision 055), rather than the app shell. */
const prerenderedDocument = () =>
  typeof document !== 'undefined' && Boolean(document.getElementById('root')?.dataset.prerendered);

/**
 * The toast container, loaded once the page has loaded and the browser is idle (on a prerendered
 * public page, once the visitor has also acted): the first screen does not need it. It renders only
 * once its chunk is there, so mounting it never suspends: a suspending update would hold back the
 * hydration of a prerendered page (React throttles Suspense reveals).
 */
function useToastsLoaded(): boolean {
  const idle = useIdle();
  const [prerendered] = useState(prerenderedDocument);
  const acted = useActed(prerendered);
  const [loaded, setLoaded] = useState(Toasts !== null);
  useEffect(() => {
    if (!idle || !acted || loaded) return;
    let cancelled = false;
    // If its chunk cannot be fetched, the page goes on without toasts until it is loaded again (a
    // toast raised meanwhile waits in the library's queue); nothing else depends on it.
    import('./toasts').then(
      (module) => {
        Toasts = module.Toasts;
        if (!cancelled) setLoaded(true);
      },
      (error: unknown) => logger.warn('The toasts could not be loaded; they wait until a reload.', error),
    );
    return () => {
      cancelled = true;
    };
  }, [idle, acted, loaded]);
  return loaded;
}

/**
 * Language direction for Radix and the toasts; the front settings start loading at once. The toast
 * container (and its library) mounts once the page has loaded and the browser is idle (and, on a
 * prerendered page, the visitor has acted); a toast raised before waits in react-toastify's queue.
 */
function Localized({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  useFrontSettings();
  const toastsLoaded = useToastsLoaded();
  const dir = instance.dir(instance.resolvedLanguage);
  return (
    <Direction.Provider dir={dir}>
      {children}
      {toastsLoaded && Toasts && <Toasts rtl={dir === 'rtl'} />}
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
