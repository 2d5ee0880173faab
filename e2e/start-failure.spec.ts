import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { browser } from './support/setup';

/**
 * The app's own code does not arrive (the connection dropped, or a release replaced the file since the
 * page was opened): the page says so and offers to load it again, instead of staying empty
 * (src/lib/start-failed.ts): a member page in the member's language, a prerendered page in its own.
 * No service worker, so the route below sees every request.
 */
const START_CHUNK = '**/assets/start-*.js';

/** Only the refused file itself reached the console: no CSP violation, no uncaught rejection. */
function expectOnlyTheRefusedLoad(errors: string[]): void {
  expect(errors.length).toBeGreaterThan(0);
  expect(errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
}

/** True when the alert's message and its button are what the screen shows at their centres (no header over them). */
const alertOnTop = (page: Page) =>
  page.getByRole('alert').evaluate((alert) =>
    [...alert.children].every((part) => {
      const box = part.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && part.contains(top);
    }),
  );

describe('when the app’s code cannot be fetched', () => {
  test('a member page says so, is axe-clean, and Retry loads the app once the code arrives', async () => {
    const { page, context, errors } = await openPage(browser, { serviceWorkers: 'block' });
    await page.route(START_CHUNK, (route) => route.abort('internetdisconnected'));
    await page.goto('/dashboard');
    const heading = page.getByRole('heading', { level: 1, name: 'This page could not be loaded' });
    await heading.waitFor();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Check your connection, then try again.');
    expect(await page.title()).toBe('Our Platform | This page could not be loaded');
    expect(await alertOnTop(page)).toBe(true);
    await expectAccessible(page, 'the page whose code did not arrive');
    expectOnlyTheRefusedLoad(errors);

    await page.unroute(START_CHUNK);
    errors.length = 0;
    await page.getByRole('button', { name: 'Retry' }).click();
    // Signed out: the app sends /dashboard to the sign-in screen.
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await heading.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a prerendered public page stays readable in the language it was sent in, the alert in view on a phone', async () => {
    const { page, context, errors } = await openPage(browser, {
      serviceWorkers: 'block',
      width: 390,
      height: 844,
    });
    await context.addCookies([{ name: 'lang', value: 'es', url: baseUrl() }]);
    await page.route(START_CHUNK, (route) => route.abort('internetdisconnected'));
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Comprueba tu conexión y vuelve a intentarlo.');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Pon a trabajar tus criptoactivos',
    );
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.getByRole('button', { name: 'Reintentar' }).isVisible()).toBe(true);
    expect(await alertOnTop(page)).toBe(true);
    // The page's end scrolls clear of the alert: the footer's last line is what the screen shows, and
    // still is on a narrower screen, where the alert's text wraps to more lines.
    const lastLineShown = async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      return page
        .locator('footer p')
        .last()
        .evaluate((line) => {
          const box = line.getBoundingClientRect();
          const shown = document.elementFromPoint(box.left + box.width / 2, box.bottom - 2);
          return shown !== null && line.contains(shown);
        });
    };
    expect(await lastLineShown()).toBe(true);
    // Scrolled to its end, the page (its footer box included) ends where the alert's banner begins.
    const footerClear = () =>
      page.evaluate(() => {
        const footer = document.querySelector('footer')!.getBoundingClientRect();
        const banner = document.querySelector('[role="alert"]')!.parentElement!.getBoundingClientRect();
        return footer.bottom <= banner.top + 1;
      });
    expect(await footerClear()).toBe(true);
    const wide = await page.getByRole('alert').evaluate((alert) => alert.getBoundingClientRect().height);
    await page.setViewportSize({ width: 320, height: 640 });
    await expect
      .poll(() => page.getByRole('alert').evaluate((alert) => alert.getBoundingClientRect().height))
      .toBeGreaterThan(wide);
    // The page takes the new height from its resize event, which may come after the layout read above.
    await expect.poll(async () => (await lastLineShown()) && (await footerClear())).toBe(true);
    await expectAccessible(page, 'a prerendered page whose code did not arrive');
    expectOnlyTheRefusedLoad(errors);
    await context.close();
  });
});
