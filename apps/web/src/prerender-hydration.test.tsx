import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StrictMode } from 'react';
import { act, within } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renameSite, siteNameBlock } from '@app/shared/site-name';
import { DEFAULT_FRONT_SETTINGS } from '#lib/front-settings';
import { meQueryKey } from '#lib/session';
import { STORAGE_KEYS } from '#lib/storage';
import { CATALOGUE } from './test/catalogue';
import { USER } from './test/fake-api';
import { AppRoutes } from './app/app';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { preloadRoute } from './app/routes';

const PATHS = ['/', '/about', '/business-plans', '/help-center'];
const webDir = join(import.meta.dirname, '..');
// Inside the package, so that the bundle finds React and the other dependencies it leaves out.
mkdirSync(join(webDir, 'node_modules/.cache'), { recursive: true });
const outDir = mkdtempSync(join(webDir, 'node_modules/.cache/prerender-test-'));
let pages: Record<string, string> = {};

// The pages as the build prerenders them: src/prerender.tsx bundled for Node and run in its own
// process (React's server and client renderers must not share one JavaScript realm).
beforeAll(() => {
  execFileSync(
    process.execPath,
    [
      // Wherever npm placed Vite (the package's own node_modules or the workspace root's).
      join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js'),
      'build',
      '--ssr',
      'src/prerender.tsx',
      '--outDir',
      outDir,
    ],
    { cwd: webDir, stdio: 'ignore' },
  );
  const script = `
    const { renderPage } = await import(${JSON.stringify(pathToFileURL(join(outDir, 'prerender.js')).href)});
    const pages = {};
    for (const path of ${JSON.stringify(PATHS)}) pages[path] = (await renderPage(path, 'en')).html;
    process.stdout.write(JSON.stringify(pages));`;
  pages = JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: webDir, encoding: 'utf8' }),
  ) as Record<string, string>;
}, 120_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

let root: Root | undefined;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  document.getElementById('site-name')?.remove();
  window.history.replaceState(null, '', '/');
});

/** Hydrates the page in `container` as src/start.tsx does; React's recoverable errors go to `recoverable`. */
async function hydrate(container: HTMLElement, queryClient: QueryClient, recoverable: () => void) {
  await act(async () => {
    root = hydrateRoot(
      container,
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>,
      { onRecoverableError: recoverable },
    );
  });
}

describe('hydrating the prerendered public pages', () => {
  it.each(PATHS)(
    '%s hydrates without a mismatch, even when the front settings and the plan catalogue arrived first',
    async (path) => {
      const container = document.createElement('div');
      container.id = 'root'; // as the page's own root: the toasts then wait for a visitor's action
      container.dataset.prerendered = 'en';
      container.innerHTML = pages[path] ?? '';
      document.body.append(container);
      window.history.replaceState(null, '', path);
      const heading = container.querySelector('h1');
      expect(heading).not.toBeNull();
      // The settings (with an email the prerendered footer does not show) are already in the cache.
      const queryClient = createQueryClient();
      queryClient.setQueryData(['front', 'en'], {
        ...DEFAULT_FRONT_SETTINGS,
        company_email: 'support@ourplatform.example',
      });
      // So is the plan catalogue: the HTML makes no figure claim, the hydrated page then makes the
      // catalogue's (decision 159).
      queryClient.setQueryData(['plans'], CATALOGUE);
      const claims = () => container.querySelector('[data-testid="catalogue-claims"]');
      if (path === '/') expect(claims()?.textContent).toBe('');
      const recoverable = vi.fn();
      await preloadRoute(path);
      await act(async () => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <AppProviders queryClient={queryClient}>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </AppProviders>
          </StrictMode>,
          { onRecoverableError: recoverable },
        );
      });
      // The prerendered heading was kept (hydrated, not rendered again), then the settings showed.
      expect(container.querySelector('h1')).toBe(heading);
      expect(recoverable).not.toHaveBeenCalled();
      await vi.waitFor(() => expect(container.textContent).toContain('support@ourplatform.example'));
      if (path === '/') expect(claims()?.textContent).toBe('Rates up to 16% APR · start with $250');
      // The catalogue (which has no business plan) replaces the placeholder cards once hydrated.
      if (path === '/business-plans')
        expect(container.textContent).toContain('There are no business plans open at the moment.');
    },
  );

  it('/ hydrates the visitor header for a signed-in member, then shows Dashboard (decision 173)', async () => {
    const container = document.createElement('div');
    container.id = 'root'; // as the page's own root: the toasts then wait for a visitor's action
    container.dataset.prerendered = 'en';
    container.innerHTML = pages['/'] ?? '';
    document.body.append(container);
    // The HTML is the visitor's: Sign Up in the hero.
    expect(container.querySelector('main a[href="/signup"]')?.textContent).toBe('Sign Up');
    window.localStorage.setItem(STORAGE_KEYS.token, '1|live');
    const queryClient = createQueryClient();
    // The session is known at once (as after an earlier check): still, hydration uses the HTML's header.
    queryClient.setQueryData(meQueryKey, USER);
    const recoverable = vi.fn();
    await preloadRoute('/');
    await hydrate(container, queryClient, recoverable);
    expect(recoverable).not.toHaveBeenCalled();
    const nav = container.querySelector('nav') as HTMLElement;
    await vi.waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard'),
    );
    expect(within(nav).queryByRole('link', { name: 'Log In' })).toBeNull();
    // The home page's calls to sign up lead the member to the dashboard too.
    const main = container.querySelector('main') as HTMLElement;
    expect(within(main).getAllByRole('link', { name: 'Go to Dashboard' })).toHaveLength(3);
    expect(main.querySelectorAll('a[href="/signup"]')).toHaveLength(0);
    window.localStorage.removeItem(STORAGE_KEYS.token);
  });

  it('/about sent with the site renamed (decision 176) hydrates without a mismatch and keeps the name', async () => {
    const name = 'Harbour & Sons';
    document.head.insertAdjacentHTML('beforeend', siteNameBlock(name));
    const container = document.createElement('div');
    container.id = 'root'; // as the page's own root: the toasts then wait for a visitor's action
    container.dataset.prerendered = 'en';
    container.innerHTML = renameSite(pages['/about'] ?? '', name);
    document.body.append(container);
    window.history.replaceState(null, '', '/about');
    const heading = container.querySelector('h1');
    expect(heading?.textContent).toBe('About Harbour & Sons');
    const queryClient = createQueryClient();
    queryClient.setQueryData(['front', 'en'], { ...DEFAULT_FRONT_SETTINGS, sitename: name });
    const recoverable = vi.fn();
    await preloadRoute('/about');
    await hydrate(container, queryClient, recoverable);
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector('h1')).toBe(heading);
    expect(heading?.textContent).toBe('About Harbour & Sons');
    await vi.waitFor(() => expect(document.title).toBe('Harbour & Sons | About'));
  });
});
