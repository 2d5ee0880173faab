import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';
import '@testing-library/jest-dom/vitest';
import { i18n } from '#i18n/index';
import { forgetCsrfCookie } from '#lib/api-client';
import { dropEarlyData } from '#lib/early-data';

// Generous waits: the suite shares 2 cores with the API suite and the e2e server.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());

// An unexpected console.error fails a test (CONVENTIONS §12).
const spy = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = spy.mock.calls;
  if (calls.length > 0) {
    const text = calls.map((args) => args.map(String).join(' ')).join('\n');
    spy.mockClear();
    throw new Error(`console.error was called:\n${text}`);
  }
});

// What jsdom lacks and Radix primitives use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
const elementStubs: Record<string, () => unknown> = {
  scrollIntoView: () => undefined,
  hasPointerCapture: () => false,
  releasePointerCapture: () => undefined,
};
for (const [name, stub] of Object.entries(elementStubs)) {
  if (!(name in Element.prototype)) Object.defineProperty(Element.prototype, name, { value: stub });
}
// Chromium's scroll methods return a promise: an effect must not return what they return.
Object.defineProperty(window, 'scrollTo', { value: () => Promise.resolve(), configurable: true });

// Every test starts signed out, in English, with no cookies and a real fetch nobody answers. The files
// of a worker share their modules (decision 205): no toast waits in the library's queue for the next
// container (with none mounted, dismiss() empties it), and the CSRF cookie is asked for again.
beforeEach(async () => {
  toast.dismiss();
  forgetCsrfCookie();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  if (i18n.resolvedLanguage !== 'en') await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  dropEarlyData();
});
