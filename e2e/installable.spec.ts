import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { baseUrl, openPage, openProfilePage } from './support/browser';
import { fundedMember, signIn } from './support/member';
import { browser } from './support/setup';

/**
 * Issue 36 item 8 (decision 176): the member area installs on a phone's home screen, and the service
 * worker keeps the app shell only — never an answer of the API.
 */
describe('the installable member area', () => {
  test('the manifest and the service worker are served, and Chromium finds the site installable', async () => {
    const manifest = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    const body = (await manifest.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { sizes: string }[];
    };
    // The site's name as the operator set it (admin-content.spec.ts may have renamed it on this server).
    const { sitename } = (await (await fetch(`${baseUrl()}/api/front`)).json()) as { sitename: string };
    expect(body).toMatchObject({
      name: sitename,
      short_name: sitename,
      start_url: '/dashboard',
      display: 'standalone',
    });
    expect(body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    const worker = await fetch(`${baseUrl()}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');

    // A browser with a profile on disk, at phone size: Chromium calls no incognito window installable.
    const profile = await mkdtemp(join(tmpdir(), 'installable-'));
    const { page, errors, context } = await openProfilePage(profile);
    await page.goto('/');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl()}/`);
    // The check Lighthouse's installability audit reads (Chrome's own installability criteria).
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
    await rm(profile, { recursive: true, force: true });
  });

  test('a signed-in member’s figures never enter the worker’s caches', async () => {
    const member = await fundedMember(125, 'installable');
    const { page, errors, context } = await openPage(browser);
    await page.goto('/');
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await signIn(page, member.email, member.password);
    await expect.poll(() => page.getByTestId('balance').innerText()).toBe('$125');
    await page.goto('/activity');
    await page.getByText('+$125.00').first().waitFor();
    // A page opened from a mailed link: its token must not stay in the cache after sign-out.
    await page.goto('/reset-password?token=mailed-secret&email=someone%40example.com');
    await page.getByRole('heading').first().waitFor();
    const cachedUrls = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    const cached = cachedUrls.map((url) => new URL(url).pathname);
    expect(cached).toContain('/activity');
    expect(cachedUrls.filter((url) => url.includes('mailed-secret'))).toEqual([]);
    // The shell is cached (a page, its script files); no answer of the API is.
    expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
    // Nor a manifest: an installed app reads the site's current name (decision 176).
    expect(cached.filter((path) => path.endsWith('.webmanifest'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
