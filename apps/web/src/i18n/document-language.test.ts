import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from './index';

afterEach(async () => {
  await i18n.changeLanguage('en');
  document.querySelector('link[rel="manifest"]')?.remove();
});

describe('the language chosen in the app, on the page itself (decision 241)', () => {
  it("sets <html lang dir> and links the language's manifest, which a phone's install prompt reads", async () => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/manifest.webmanifest';
    document.head.append(link);
    await setLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(link.getAttribute('href')).toBe('/manifest.ar.webmanifest');
    await setLanguage('es');
    expect(document.documentElement.dir).toBe('ltr');
    expect(link.getAttribute('href')).toBe('/manifest.es.webmanifest');
    await setLanguage('en');
    expect(link.getAttribute('href')).toBe('/manifest.webmanifest');
  });
});
