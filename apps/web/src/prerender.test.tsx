import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '#i18n/index';
import { pageData, PRERENDERED_PATHS, renderPage } from './prerender';

// Hydration is tested in prerender-hydration.test.tsx: React's server and client renderers must not
// share one JavaScript realm.
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the prerendered public pages', () => {
  it('/ holds the hero heading, the title and description, and no script', async () => {
    const page = await renderPage('/', 'en');
    expect(page.html).toContain('Put your crypto to work');
    expect(page.html).not.toMatch(/<script|<template/i);
    expect(page.meta.title).toBe('Our Platform | Home');
    expect(page.meta.description?.length).toBeGreaterThan(30);
    expect(page).toMatchObject({ language: 'en', dir: 'ltr' });
  });

  it('/business-plans names no plan: the catalogue’s business plans come after hydration', async () => {
    for (const language of ['en', 'es', 'ar'] as const) {
      const { html } = await renderPage('/business-plans', language);
      expect(html).not.toMatch(/Business (Flexible|Fixed|Premium)/);
      // The cards' placeholders, as on the home page (decision 159).
      expect(html).toContain('aria-busy="true"');
    }
  });

  it('every page, in Arabic, right to left', async () => {
    const page = await renderPage('/help-center', 'ar');
    expect(page.html).toContain('كيف يمكننا مساعدتك؟');
    expect(page.dir).toBe('rtl');
  });

  it('lists only pages that are the same for every visitor, and what they read from the API', () => {
    expect(PRERENDERED_PATHS).toContain('/');
    expect(PRERENDERED_PATHS).not.toContain('/plans');
    expect(PRERENDERED_PATHS).not.toContain('/dashboard');
    expect(pageData('/help-center', 'es')).toEqual([
      '/api/front?lang=es',
      '/api/help/articles?lang=es',
      '/api/help/faqs?lang=es',
    ]);
  });
});
