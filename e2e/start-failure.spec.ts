import { describe, expect, test } from 'vitest';
import { expectAccessible, openPage } from './support/browser';
import { browser } from './support/setup';

/**
 * The app's own code does not arrive (the connection dropped, or a release replaced the file since the
 * page was opened): the page says so in the member's language and offers to load it again, instead of
 * staying empty (src/lib/start-failed.ts). No service worker, so the route below sees every request.
 */
const START_CHUNK = '**/assets/start-*.js';

describe('when the app’s code cannot be fetched', () => {
  test('a member page says so, is axe-clean, and Retry loads the app once the code arrives', async () => {
    const { page, context } = await openPage(browser, { serviceWorkers: 'block' });
    await page.route(START_CHUNK, (route) => route.abort('internetdisconnected'));
    await page.goto('/dashboard');
    const heading = page.getByRole('heading', { level: 1, name: 'This page could not be loaded' });
    await heading.waitFor();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Check your connection, then try again.');
    expect(await page.title()).toBe('Our Platform | This page could not be loaded');
    await expectAccessible(page, 'the page whose code did not arrive');

    await page.unroute(START_CHUNK);
    await page.getByRole('button', { name: 'Retry' }).click();
    // Signed out: the app sends /dashboard to the sign-in screen.
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await heading.count()).toBe(0);
    await context.close();
  });

  test('a prerendered public page stays readable in Spanish, with the alert above it', async () => {
    const { page, context } = await openPage(browser, { serviceWorkers: 'block' });
    await page.addInitScript(() => window.localStorage.setItem('language', 'es'));
    await page.route(START_CHUNK, (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Comprueba tu conexión y vuelve a intentarlo.');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Reintentar' }).isVisible()).toBe(true);
    await context.close();
  });
});
