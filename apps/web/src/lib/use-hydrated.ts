import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React hydrates a page prerendered at build time (and while it prerenders it), true
 * otherwise; React renders again with true right after hydrating. What the prerendered HTML cannot
 * know (settings read from the API, the visitor's year) is shown only once this is true, so the
 * hydrating render matches the HTML (docs/decisions/055-prerendered-public-pages.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
