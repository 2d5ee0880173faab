import { readStored, STORAGE_KEYS } from './storage';

/**
 * What the entry shows when the app's own code (src/start.tsx) cannot be fetched: the connection
 * dropped, or a newer release replaced the file since the page was opened. Without it the member saw an
 * empty page. It is the message of a screen that cannot render (decision 203), written with the DOM,
 * because React and the texts come with the code that failed. The three languages' words are those of
 * `common.pageFailedTitle`, `common.pageFailed` and `common.retry` in src/i18n/locales (a test keeps them
 * equal), in the member's chosen language, or on a prerendered page in the language it was sent in.
 */
export const START_FAILED_TEXTS = {
  en: {
    title: 'This page could not be loaded',
    message: 'Check your connection, then try again.',
    retry: 'Retry',
  },
  es: {
    title: 'No se pudo cargar esta página',
    message: 'Comprueba tu conexión y vuelve a intentarlo.',
    retry: 'Reintentar',
  },
  ar: {
    title: 'تعذّر تحميل هذه الصفحة',
    message: 'تحقّق من اتصالك ثم أعد المحاولة.',
    retry: 'إعادة المحاولة',
  },
} as const;

type Language = keyof typeof START_FAILED_TEXTS;

const isLanguage = (value: string | null | undefined): value is Language =>
  value != null && Object.hasOwn(START_FAILED_TEXTS, value);

/** The language the member chose (stored, as the app reads it); English if none or storage refused. */
function chosenLanguage(): Language {
  const stored = readStored(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : 'en';
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * Shows the message in `root`. A prerendered public page (`prerendered`: the language the server sent
 * it in) keeps its content, which is readable (only its buttons and menus wait for the app), and its
 * language: the alert, in that language, is pinned to the bottom of the screen, clear of the fixed
 * header. Any other page gets the message as its main content and title, in the member's language.
 * Retry loads the page again.
 */
export function showStartFailed(root: HTMLElement, { prerendered }: { prerendered?: string }): void {
  const language =
    prerendered !== undefined ? (isLanguage(prerendered) ? prerendered : 'en') : chosenLanguage();
  const texts = START_FAILED_TEXTS[language];

  const alert = element(
    'div',
    'rounded-lg border border-danger-line bg-danger-soft px-3.5 py-3 text-sm leading-relaxed text-danger',
  );
  alert.setAttribute('role', 'alert');
  const retry = element(
    'button',
    'mt-3 inline-flex h-9 items-center rounded-lg border border-line-strong bg-surface px-3 text-sm font-medium text-fg shadow-xs hover:bg-surface-muted',
    texts.retry,
  );
  retry.type = 'button';
  retry.addEventListener('click', () => window.location.reload());
  alert.append(element('p', '', texts.message), retry);

  if (prerendered !== undefined) {
    // Only the alert takes clicks; the page ends (and a focused link scrolls) above the banner, so
    // nothing of the page, its footer's risk warning included, stays under it.
    const banner = element('div', 'pointer-events-none fixed inset-x-0 bottom-0 z-50 p-4');
    alert.classList.add('pointer-events-auto', 'mx-auto', 'max-w-xl', 'shadow-lg');
    alert.lang = language;
    banner.append(alert);
    root.append(banner);
    // The banner's height moves with the width (its text wraps): kept when the screen turns.
    const keepClear = () => {
      const height = `${banner.offsetHeight}px`;
      root.style.paddingBottom = height;
      document.documentElement.style.scrollPaddingBottom = height;
    };
    keepClear();
    window.addEventListener('resize', keepClear);
    return;
  }
  document.documentElement.lang = language;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  // '{sitename} | {Page}' (spec §2), with the site's name the document arrived with.
  const site = document.title.split(' | ')[0];
  document.title = site ? `${site} | ${texts.title}` : texts.title;
  const main = element('main', 'mx-auto max-w-xl px-4 py-8');
  main.id = 'main';
  main.tabIndex = -1;
  main.append(element('h1', 'mb-3 text-xl font-semibold text-fg', texts.title), alert);
  root.replaceChildren(main);
}
