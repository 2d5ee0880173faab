import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { i18n, i18nReady, LANGUAGES, type Language } from '#i18n/index';
import { DocumentMetaCollector, type CollectedMeta } from '#lib/document-meta';
import { frontSettingsUrl } from '#lib/front-settings';
import { AppRoutes } from './app/app';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { helpArticlesUrl, helpFaqsUrl, helpLanguageOf } from './features/public/api/help-content';

/**
 * The build-time renderer of the public pages (docs/decisions/055-prerendered-public-pages.md): the
 * web build bundles this file for Node and writes each page's HTML in each language (vite.config.ts,
 * plugin `prerender`); the browser hydrates it (src/main.tsx). Only pages whose HTML is the same for
 * every visitor are listed: /plans shows a member their plans, sign-in and sign-up forms stay SPA.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/about',
  '/personal',
  '/business',
  '/business-plans',
  '/business-support',
  '/careers',
  '/terms',
  '/privacy',
  '/help-center',
] as const;

export { LANGUAGES };

/**
 * Pages whose main content is read from the API, so is shown only by the app: they preload the app
 * with the page (at low priority; it still runs after the first paint) instead of after their first
 * paint.
 */
export const APP_EARLY_PATHS: readonly string[] = ['/help-center'];

/**
 * What a page reads from the API that is the same for every visitor: the front settings, and what
 * the help center's content is. The page asks for it with <link rel="preload" as="fetch">, so it
 * downloads alongside the app instead of after it.
 */
export function pageData(path: string, language: Language): string[] {
  const help = helpLanguageOf(language);
  return [
    frontSettingsUrl(language),
    ...(path === '/help-center' ? [helpArticlesUrl(help), helpFaqsUrl(help)] : []),
  ];
}

export interface PrerenderedPage {
  /** The markup of <div id="root">. */
  html: string;
  /** What the page's useDocumentMeta set: '{sitename} | {Page}' and the description. */
  meta: CollectedMeta;
  language: Language;
  dir: 'ltr' | 'rtl';
}

/**
 * Renders one page as a first-time visitor sees it before any API answer: front settings at their
 * defaults, live data (prices, help articles) in their loading state. React's prerender waits for the
 * lazily loaded screens, so the HTML is complete. An error fails the build.
 */
export async function renderPage(path: string, language: Language): Promise<PrerenderedPage> {
  await i18nReady;
  await i18n.changeLanguage(language);
  let meta: CollectedMeta = {};
  const collect = (collected: CollectedMeta) => {
    meta = collected;
  };
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <DocumentMetaCollector value={collect}>
        <AppProviders queryClient={createQueryClient()}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </DocumentMetaCollector>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every Suspense boundary inline, however large: React would otherwise send a large one apart,
      // completed by an inline script that the CSP (script-src 'self') blocks.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await new Response(prelude).text();
  if (/<script|<template/i.test(html)) throw new Error(`prerendering ${path} (${language}) wrote a script`);
  if (errors.length > 0) throw new Error(`prerendering ${path} (${language}) failed`, { cause: errors[0] });
  return { html, meta, language, dir: i18n.dir(language) === 'rtl' ? 'rtl' : 'ltr' };
}
