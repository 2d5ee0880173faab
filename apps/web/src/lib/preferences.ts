import { readStored, STORAGE_KEYS, writePreferenceCookie, writeStored } from './storage';
import { useStoredValue } from './use-stored-value';

/** Local preferences (spec §3): currency, appearance and balance visibility. Language lives in i18n. */

export type Theme = 'light' | 'dark';

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
  writePreferenceCookie('theme', theme);
}

/** Applies the stored appearance; called once before the first render. */
export function applyStoredTheme(): void {
  applyTheme(readStored(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light');
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme: Theme = useStoredValue(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
  return [
    theme,
    (next) => {
      writeStored(STORAGE_KEYS.theme, next);
      applyTheme(next);
    },
  ];
}

/** Balances are shown unless the stored value is 'false'. */
export function useShowBalance(): [boolean, (show: boolean) => void] {
  const show = useStoredValue(STORAGE_KEYS.showBalance) !== 'false';
  return [show, (next) => writeStored(STORAGE_KEYS.showBalance, String(next))];
}

/** The chosen display currency, or the given default (the site's, from the front settings). */
export function useCurrency(fallback: string): [string, (code: string) => void] {
  const stored = useStoredValue(STORAGE_KEYS.currency);
  return [stored ?? fallback, (code) => writeStored(STORAGE_KEYS.currency, code)];
}
