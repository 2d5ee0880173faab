import { NUMBER_LOCALES } from '@app/shared/number-locales';
import { STORAGE_KEYS } from './storage';

/**
 * The first data of a member page, asked for by the entry (src/main.tsx) as the document starts,
 * alongside the app's code instead of after it (decision 170). The API client takes each answer once,
 * for the same path and the same member token, in place of making the request itself: the request is
 * never made twice. An answer not taken within EARLY_MS is dropped (the screen asks again).
 *
 * The member's session is a bearer token kept in localStorage (spec §6): a <link rel="preload"> in
 * the HTML could not carry it, so the requests start from the entry, the first script the page runs.
 */

/** `{lang}` is the interface language, as src/i18n/index.ts chooses it. */
const SHARED = ['/api/me', '/api/front?lang={lang}', '/api/notifications?page=1&per_page=20&lang={lang}'];

/**
 * Each member page's first list, exactly as its screen asks for it (the paths must match, query
 * string included; tested in early-data.test.ts against the screens' own URLs).
 */
export const MEMBER_PAGE_DATA: Readonly<Record<string, readonly string[]>> = {
  '/dashboard': ['/api/plans'],
  '/my-portfolio': ['/api/pp?page=1&per_page=10', '/api/portfolio/earnings'],
  '/activity': ['/api/activity?page=1&per_page=10'],
  '/plans': ['/api/pp?page=1&per_page=5'],
  '/my-goals': ['/api/goals'],
  '/explore': ['/api/loan-plans', '/api/loan-applications', '/api/loans'],
  '/rewards': ['/api/referrals'],
  '/profile': [],
  '/account-management': [],
  '/withdrawal-methods': ['/api/withdrawal-destinations'],
  '/withdrawal-info': ['/api/withdrawal-destinations'],
};

const EARLY_MS = 15_000;
const LANGUAGES = ['en', 'es', 'ar'];

interface Early {
  response: Promise<Response>;
  token: string;
  at: number;
}

const started = new Map<string, Early>();

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The paths a member page's first screen reads, in the given language. */
export function memberPageData(pathname: string, language: string): string[] | null {
  const route = pathname.replace(/\/+$/, '') || '/';
  const own = MEMBER_PAGE_DATA[route];
  if (!own) return null;
  return [...SHARED, ...own].map((path) => path.replace('{lang}', encodeURIComponent(language)));
}

/**
 * Starts the first data of the member page at `pathname` when a member token is stored; nothing on
 * any other page. True when it started them (the page will be a member's).
 */
export function startEarlyData(pathname: string): boolean {
  const token = stored(STORAGE_KEYS.token);
  if (!token) return false;
  const chosen = stored(STORAGE_KEYS.language);
  const paths = memberPageData(pathname, chosen && LANGUAGES.includes(chosen) ? chosen : 'en');
  if (!paths) return false;
  const at = Date.now();
  for (const path of paths) {
    const response = fetch(path, {
      credentials: 'include',
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    // A failure is the screen's to report when it takes the answer; none is left unhandled meanwhile.
    response.catch(() => undefined);
    started.set(path, { response, token, at });
  }
  return true;
}

/**
 * Formats a number once in the member's language. The first use of Intl in a page sets up its locale
 * data, about 100 ms on the benchmark's phone (4× slower CPU); the first paint of a member page formats
 * amounts, so it would pay that after the data arrived. The entry calls this in the task after it has
 * asked for the first data: on a cold load the page has nothing else to do while the app's code is on
 * the way; on a warm one it would pay it before the first paint either way.
 */
export function prepareNumberFormat(): void {
  const chosen = stored(STORAGE_KEYS.language);
  const language = chosen && LANGUAGES.includes(chosen) ? chosen : 'en';
  try {
    // The same locale tag as the amounts' formatter (lib/money.ts), so its set-up is the one reused.
    new Intl.NumberFormat(NUMBER_LOCALES[language] ?? 'en-US', {
      style: 'currency',
      currency: 'USD',
    }).format(0);
  } catch {
    // Nothing to prepare where Intl is missing.
  }
}

/**
 * The answer to GET `path` started early with `token`, once; undefined when none was started, it was
 * taken already, was made with another token or is older than EARLY_MS.
 */
export function takeEarlyResponse(path: string, token: string | null): Promise<Response> | undefined {
  const early = started.get(path);
  if (!early) return undefined;
  started.delete(path);
  if (early.token !== token || Date.now() - early.at > EARLY_MS) return undefined;
  return early.response;
}

/**
 * Forgets every answer not yet taken. The web tests start each test with none (src/test/setup.ts): a
 * test worker runs many files with the same modules (decision 205).
 */
export function dropEarlyData(): void {
  started.clear();
}
