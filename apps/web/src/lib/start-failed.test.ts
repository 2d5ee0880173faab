import { afterEach, describe, expect, it } from 'vitest';
import { getByRole, queryByRole } from '@testing-library/dom';
import en from '../i18n/locales/en.json';
import es from '../i18n/locales/es.json';
import ar from '../i18n/locales/ar.json';
import { showStartFailed, START_FAILED_TEXTS } from './start-failed';
import { STORAGE_KEYS } from './storage';

function rootWith(html: string): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = html;
  document.body.replaceChildren(root);
  return root;
}

const title = document.title;

afterEach(() => {
  document.title = title;
  document.body.replaceChildren();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

describe('the page when the app’s code cannot be fetched', () => {
  it('says so as the page’s heading and title, with an alert and Retry', () => {
    document.title = 'Our Platform | Home';
    const root = rootWith('');
    showStartFailed(root, {});
    expect(getByRole(root, 'main')).toBeInTheDocument();
    expect(getByRole(root, 'heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
    expect(getByRole(root, 'alert')).toHaveTextContent('Check your connection, then try again.');
    expect(getByRole(root, 'button', { name: 'Retry' })).toHaveAttribute('type', 'button');
    // Focusable by the skip link, as the app's own <main>.
    expect(getByRole(root, 'main')).toHaveAttribute('tabindex', '-1');
    expect(document.title).toBe('Our Platform | This page could not be loaded');
  });

  it('speaks the member’s chosen language, right to left in Arabic', () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'ar');
    const root = rootWith('');
    showStartFailed(root, {});
    expect(getByRole(root, 'heading', { level: 1 })).toHaveTextContent('تعذّر تحميل هذه الصفحة');
    expect(getByRole(root, 'button', { name: 'إعادة المحاولة' })).toBeVisible();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');

    window.localStorage.setItem(STORAGE_KEYS.language, 'es');
    showStartFailed(root, {});
    expect(getByRole(root, 'alert')).toHaveTextContent('Comprueba tu conexión y vuelve a intentarlo.');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('keeps a prerendered page readable and in the language it was sent in, the alert pinned below', () => {
    document.documentElement.lang = 'es';
    window.localStorage.setItem(STORAGE_KEYS.language, 'ar');
    const root = rootWith('<main id="main"><h1>Planes</h1><p>Ahorro flexible</p></main>');
    showStartFailed(root, { prerendered: 'es' });
    expect(getByRole(root, 'heading', { level: 1, name: 'Planes' })).toBeVisible();
    expect(root.textContent).toContain('Ahorro flexible');
    const alert = getByRole(root, 'alert');
    expect(alert).toHaveTextContent('Comprueba tu conexión y vuelve a intentarlo.');
    expect(alert.parentElement).toHaveClass('fixed', 'bottom-0');
    expect(alert).toHaveAttribute('lang', 'es');
    expect(queryByRole(root, 'heading', { name: 'No se pudo cargar esta página' })).toBeNull();
    // The page's language and direction are the server's, not the stored choice's.
    expect(document.documentElement).toHaveAttribute('lang', 'es');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  it('uses the words of the app’s own texts in every language', () => {
    for (const [language, file] of [
      ['en', en],
      ['es', es],
      ['ar', ar],
    ] as const) {
      const common = file.translation.common;
      expect(START_FAILED_TEXTS[language]).toEqual({
        title: common.pageFailedTitle,
        message: common.pageFailed,
        retry: common.retry,
      });
    }
  });
});
