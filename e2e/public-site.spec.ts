import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseUrl, expectAccessible, openApp, openPage } from './support/browser';
import { browser } from './support/setup';

const PAGES: Array<[path: string, title: string, heading: string]> = [
  ['/', 'Home', 'Put your crypto to work'],
  ['/about', 'About', 'About Our Platform'],
  ['/personal', 'Personal', 'Products for every saver'],
  ['/plans', 'Plans', 'Plans for every stage'],
  ['/business', 'Business', 'Crypto treasury for your company'],
  ['/business-plans', 'Business plans', 'Business plans'],
  ['/business-support', 'Business support', 'Business support'],
  ['/careers', 'Careers', 'Build the future of saving'],
  ['/terms', 'Terms of Service', 'Terms of Service'],
  ['/privacy', 'Privacy Policy', 'Privacy Policy'],
  ['/help-center', 'Help Center', 'How can we help?'],
  ['/no/such/page', 'Page not found', "Oops! The page you're looking for doesn't exist."],
];

describe('the public site in a real browser', () => {
  test.each(PAGES)(
    '%s: content, title, description, no console error, accessible',
    async (path, title, heading) => {
      const { page, errors, context } = await openPage(browser);
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expect.poll(() => page.title()).toBe(`Our Platform | ${title}`);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length).toBeGreaterThan(30);
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(
        `Our Platform | ${title}`,
      );
      await expect.poll(() => page.getByRole('contentinfo').isVisible()).toBe(true);
      await expectAccessible(page, path);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  test('live prices in the home table and in the Markets menu, from the local fake prices service', async () => {
    const { page, errors, context } = await openPage(browser);
    await openApp(page, '/');
    const table = page.getByRole('table', { name: /Live prices/ });
    await table.getByText('Bitcoin', { exact: true }).waitFor();
    const rows = await table.locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatch(/Bitcoin[\s\S]*\$70,000\.00[\s\S]*\+2\.35%/);
    expect(rows[3]).toMatch(/USDC/);
    expect(rows.join(' ')).not.toContain('NaN');

    await page.getByRole('button', { name: 'Markets' }).hover();
    const menu = page.getByTestId('nav-markets');
    await menu.getByText('Tether', { exact: true }).waitFor();
    const items = await menu.locator('li').allInnerTexts();
    expect(items.map((item) => item.split('\n')[0])).toEqual(['Bitcoin', 'Ethereum', 'BNB', 'Tether']);
    // Moving away closes the menu shortly after.
    await page.mouse.move(600, 500);
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('Arabic: right to left, mirrored layout, translated, accessible', async () => {
    const { page, errors, context } = await openPage(browser);
    await openApp(page, '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const brandLtr = await page.getByRole('banner').getByRole('link').first().boundingBox();
    await page.getByRole('combobox', { name: 'Language and currency' }).selectOption('language:ar');
    await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    await page.getByRole('heading', { level: 1, name: 'اجعل أصولك المشفرة تعمل لصالحك' }).waitFor();
    const brandRtl = await page.getByRole('banner').getByRole('link').first().boundingBox();
    // The brand moves from the left edge to the right edge.
    expect(brandLtr!.x).toBeLessThan(200);
    expect(brandRtl!.x + brandRtl!.width).toBeGreaterThan(1280 - 200);
    await expect.poll(() => page.title()).toBe('Our Platform | الرئيسية');
    await expectAccessible(page, '/ in Arabic');

    // The choice is kept: another page opens in Arabic too.
    await page.goto('/help-center');
    await page.getByRole('heading', { level: 1, name: 'كيف يمكننا مساعدتك؟' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('on a 390 px phone: the Menu button opens the collapsible menu, and nothing scrolls sideways', async () => {
    const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
    await openApp(page, '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Personal' }).isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('banner').getByRole('link', { name: 'Fixed-term savings' }).click();
    await page.waitForURL('**/personal#fixed-term');
    await page.getByRole('heading', { level: 1, name: 'Products for every saver' }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    for (const path of ['/', '/help-center', '/plans', '/about']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await expectAccessible(page, '/about at 390 px');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('in Spanish and Arabic on a 390 px phone: nothing scrolls sideways, and the sample figures fit', async () => {
    const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
    await openApp(page, '/');
    for (const language of ['es', 'ar']) {
      await page.evaluate((chosen) => window.localStorage.setItem('language', chosen), language);
      await page.reload();
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
      // The pages whose long Spanish labels and amounts once stuck out (an exploratory walk, 2026-12-03).
      for (const path of ['/', '/business-plans', '/business', '/personal', '/plans', '/about']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} in ${language}`).toBeLessThanOrEqual(0);
      }
      // The home page's sample card: each figure inside its own box.
      await page.goto('/');
      const figures = page.locator('dl dd');
      await figures.first().waitFor();
      const spilled = await figures.evaluateAll((cells) =>
        cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent),
      );
      expect(spilled, language).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  test("help center: the contact form says 'All fields are required.', then 'Message sent successfully!'", async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/help-center');
    await page.getByRole('heading', { name: 'How long does a deposit take?' }).waitFor();
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByRole('button', { name: 'Send message' }).click();
    // Once for the form; each field says which one is missing (issue 34).
    await expect.poll(() => form.getByText('All fields are required.').count()).toBe(1);
    await form.getByText('Please enter your email address.').waitFor();

    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('Message').fill('How do I lock a plan?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByRole('status').getByText('Message sent successfully!').waitFor();
    expect(await form.getByLabel('Name').inputValue()).toBe('');

    const mail = (await (
      await fetch(`${baseUrl()}/api/dev/mail?to=${encodeURIComponent('support@ourplatform.example')}`)
    ).json()) as Array<{ subject: string; text: string }>;
    expect(mail[0]?.text).toContain('How do I lock a plan?');

    // Search filters as one types.
    await page.getByRole('searchbox', { name: 'Search the Help Center' }).fill('withdraw');
    await expect.poll(() => page.getByRole('heading', { name: 'Making a deposit' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Withdrawing your funds' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  /** The page's noscript message, as sent. */
  const noscript = (page: Page) => page.locator('noscript').textContent();

  test("the public pages arrive prerendered: readable before any script runs; the member area is the app shell, in the visitor's language, with its manifest", async () => {
    const context = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [path, title, heading] of PAGES.filter(([path]) =>
      ['/', '/about', '/help-center'].includes(path),
    )) {
      await page.goto(path);
      expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe(heading);
      expect(await page.title()).toBe(`Our Platform | ${title}`);
      expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('en');
    }
    // Nothing executable was written into the page (the CSP allows no inline script).
    const scripts = await page.locator('script:not([src]):not([type="application/json"])').count();
    expect(scripts).toBe(0);
    await page.goto('/dashboard');
    expect(await page.locator('#root').innerHTML()).toBe('');
    expect(await noscript(page)).toBe('This site needs JavaScript to run.');
    // A visitor who chose Arabic (the app keeps the choice in the lang cookie) gets the shell right to
    // left and its message in Arabic from the first byte; a prerendered page's message is in its language.
    await context.addCookies([{ name: 'lang', value: 'ar', url: baseUrl() }]);
    await page.goto('/dashboard');
    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await noscript(page)).toBe('يحتاج هذا الموقع إلى JavaScript ليعمل.');
    expect(await page.title()).toBe('Our Platform | الرئيسية');
    // What a phone's install prompt shows comes from the manifest the page links to: Arabic, right to left.
    const link = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(link).toBe('/manifest.ar.webmanifest');
    const manifest = await fetch(`${baseUrl()}${link}`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    const installed = (await manifest.json()) as {
      name: string;
      lang: string;
      dir: string;
      description: string;
    };
    expect(installed).toMatchObject({ name: 'Our Platform', lang: 'ar', dir: 'rtl' });
    expect(installed.description).toMatch(/^اجعل أصولك المشفرة تنمو/);
    await context.addCookies([{ name: 'lang', value: 'es', url: baseUrl() }]);
    await page.goto('/about');
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('es');
    expect(await noscript(page)).toBe('Este sitio necesita JavaScript para funcionar.');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.es.webmanifest');
    await context.close();
  });

  test("the home and about pages load no form-validation code (zod) and none of the member area's: their weight stays the public budget", async () => {
    // A regression once pulled zod and every shared schema (26 KB gzip) into the public site through a
    // constant the footer read (bench/home-weight.ts, issue 39): no public page but a form needs them.
    for (const path of ['/', '/about']) {
      const { page, errors, context } = await openPage(browser);
      const scripts: Array<Promise<{ url: string; zod: boolean }>> = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        const url = new URL(response.url()).pathname;
        scripts.push(
          response
            .text()
            .then((body) => ({ url, zod: body.includes('ZodError') }))
            .catch(() => ({ url, zod: false })),
        );
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('contentinfo').waitFor();
      const loaded = await Promise.all(scripts);
      expect(loaded.length).toBeGreaterThan(3);
      expect(loaded.filter((script) => script.zod).map((script) => script.url)).toEqual([]);
      // The member pages' shared chunk (apps/web/chunk-groups.ts): a visitor never downloads it.
      expect(loaded.filter((script) => /^\/assets\/member-[\w-]{8}\.js$/.test(script.url))).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  test('a visitor who chose Spanish gets the pages prerendered in Spanish, and they work', async () => {
    const { page, errors, context } = await openPage(browser);
    // A choice made before the app has started (its script held back here) is applied once it has.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/start-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Put your crypto to work' }).waitFor();
    await page.getByRole('combobox', { name: 'Language and currency' }).selectOption('language:es');
    release();
    // The held script downloads and starts after the release: more than the default 1 s on a busy machine.
    await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 10_000 }).toBe('es');
    await page.getByRole('heading', { level: 1, name: 'Pon a trabajar tus criptoactivos' }).waitFor();

    await openApp(page, '/about');
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('es');
    await page.getByRole('heading', { level: 1, name: 'Acerca de Our Platform' }).waitFor();
    // Hydrated: the picker switches the page back to English.
    await page.getByRole('combobox', { name: 'Idioma y moneda' }).selectOption('language:en');
    await page.getByRole('heading', { level: 1, name: 'About Our Platform' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the Content-Security-Policy refuses an injected inline script, and reports it as an error', async () => {
    const { page, errors, context } = await openPage(browser);
    await openApp(page, '/about');
    expect(errors).toEqual([]);
    // What an injected <script> (XSS) would do: the page's CSP must refuse to run it.
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'document.body.dataset.injected = "ran"';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return document.body.dataset.injected === 'ran';
    });
    expect(ran).toBe(false);
    await expect.poll(() => errors.some((error) => error.startsWith('CSP violation: script-src'))).toBe(true);
    await context.close();
  });

  test('robots.txt and sitemap.xml list the public pages at the site address', async () => {
    const sitemap = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    for (const [path] of PAGES.slice(0, -1)) expect(sitemap).toContain(`<loc>${baseUrl()}${path}</loc>`);
    const robots = await (await fetch(`${baseUrl()}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
  });
});
