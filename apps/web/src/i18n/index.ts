import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, STORAGE_KEYS, writePreferenceCookie, writeStored } from '#lib/storage';
// The public site's English texts: the build keeps only the namespaces the public pages use
// (PUBLIC_TEXT_NAMESPACES in vite.config.ts); elsewhere (tests, the prerender) the whole file.
import en from './locales/en.json?public';
import type allEnglish from './locales/en.json';
import { manifestPath } from './manifest-path';

/**
 * i18next with English bundled (the fallback) and the other locales loaded when chosen. The browser
 * bundle carries the public site's English texts; the rest of English (the member and admin areas,
 * sign-in and sign-up) loads with the first screen that needs it (`loadMemberTexts`, decision 106), the
 * back office's only with its screens (`loadAdminTexts`). The chosen
 * language is stored locally and sets <html lang> and <html dir> (Arabic is right-to-left) and the page's
 * manifest link (the install prompt's texts, decision 241); it is also
 * mirrored in a `lang` cookie, so the server can send the public pages prerendered in that language
 * (docs/decisions/055-prerendered-public-pages.md). At build time (no document) it only translates.
 */

export const LANGUAGES = ['en', 'es', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

type LocaleFile = typeof allEnglish;

const lazyLocales: Record<string, () => Promise<{ default: LocaleFile }>> = {
  es: () => import('./locales/es.json'),
  ar: () => import('./locales/ar.json'),
};

const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = lazyLocales[language];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default[namespace as keyof LocaleFile]),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function applyToDocument(language: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = i18n.dir(language);
  const manifest = document.querySelector('link[rel="manifest"]');
  manifest?.setAttribute('href', manifestPath(isLanguage(language) ? language : DEFAULT_LANGUAGE));
  if (isLanguage(language)) writePreferenceCookie('lang', language);
}

i18n.on('languageChanged', applyToDocument);

const stored = readStored(STORAGE_KEYS.language);

/** Settles once the chosen language's texts are loaded (at once for English, which is bundled). */
export const i18nReady: Promise<unknown> = i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    lng: isLanguage(stored) ? stored : DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    load: 'languageOnly',
    ns: ['translation', 'messages'],
    defaultNS: 'translation',
    resources: { en },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });

let memberTexts: Promise<void> | undefined;
let adminTexts: Promise<unknown> | undefined;

function addTexts(texts: { translation: Record<string, unknown>; messages: Record<string, unknown> }) {
  i18n.addResourceBundle('en', 'translation', texts.translation, true, false);
  i18n.addResourceBundle('en', 'messages', texts.messages, true, false);
}

/**
 * Loads every English text but the back office's: the browser bundle has only the public site's
 * (decision 106). The route table waits for it before showing any screen but a prerendered public
 * page; later calls share it.
 */
export function loadMemberTexts(): Promise<void> {
  memberTexts ??= import('./locales/en.json?member').then((module) => addTexts(module.default));
  return memberTexts;
}

/** Loads the back office's English texts too (its screens wait for them): a member page never does. */
export function loadAdminTexts(): Promise<unknown> {
  adminTexts ??= Promise.all([
    loadMemberTexts(),
    import('./locales/en.json?admin').then((module) => addTexts(module.default)),
  ]);
  return adminTexts;
}

/** Changes the language and remembers it. */
export async function setLanguage(language: Language): Promise<void> {
  writeStored(STORAGE_KEYS.language, language);
  await i18n.changeLanguage(language);
}

/** The language chosen on this device (the picker), or null when none was. */
export function chosenLanguage(): Language | null {
  const value = readStored(STORAGE_KEYS.language);
  return isLanguage(value) ? value : null;
}

/** The current language as one of ours. */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export { i18n };
