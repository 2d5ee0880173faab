import { useSyncExternalStore } from 'react';
import { readStored, subscribeToStorage, type StorageKey } from './storage';

/** A stored value that re-renders its readers when it changes. */
export function useStoredValue(key: StorageKey): string | null {
  return useSyncExternalStore(
    subscribeToStorage,
    () => readStored(key),
    () => null,
  );
}
