/**
 * The browser storage of the app: one list of keys, and reads and writes that survive a browser that
 * refuses storage (private modes, quotas). Components that show a stored value subscribe to changes.
 */
export const STORAGE_KEYS = {
  /** The member's bearer token (spec §6). */
  token: 'token',
  /** The admin's bearer token: separate, so a member token never reaches admin routes. */
  adminToken: 'admin_token',
  language: 'language',
  currency: 'currency',
  /** The referral code from `?ref=` on the sign-up link (spec §2). */
  referralCode: 'referral_code',
  /** Balances are shown unless this is 'false' (spec §3). */
  showBalance: 'showBalance',
  /** 'light' or 'dark'. */
  theme: 'theme',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const CHANGE_EVENT = 'app:storage';

export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage refused: the value lives only as long as the page.
  }
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: key }));
}

/** Calls back when a stored value changes, in this tab or in another one. */
export function subscribeToStorage(callback: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, callback);
  window.addEventListener('storage', callback);
  return () => {
    window.removeEventListener(CHANGE_EVENT, callback);
    window.removeEventListener('storage', callback);
  };
}

/**
 * Mirrors a display preference (language, appearance) in a cookie the server reads to send the page
 * already in that language and appearance (apps/api/src/plugins/static-web.ts). Not a credential.
 */
export function writePreferenceCookie(name: 'lang' | 'theme', value: string): void {
  try {
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // Cookies refused: the server sends the default and the app switches after loading.
  }
}
