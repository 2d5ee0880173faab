import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { freshTotpCode } from './support/totp';
import { ApiSession } from './support/api-session';
import { baseUrl, expectAccessible, openApp, openPage } from './support/browser';
import { E2E_ADMIN } from './support/constants';
import { browser } from './support/setup';

/** The two steps of the admin sign-in in the browser (the e2e admin's authenticator is pre-enrolled). */
async function signInAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Authentication code').fill(await freshTotpCode(baseUrl()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
}

const stamp = Date.now().toString(36);

describe('the back office’s catalogues, settings and help inbox in a real browser', () => {
  test('an admin creates a plan members then see, renames the site, and answers a help message', async () => {
    const { page, errors, context } = await openPage(browser, { width: 1280, height: 900 });
    await signInAdmin(page);

    // A new plan, through the form; members see it at once.
    await page.goto('/admin/plans');
    await page.getByRole('table', { name: 'Investment plans' }).waitFor();
    await expectAccessible(page, '/admin/plans');
    await page.getByRole('link', { name: 'New plan' }).click();
    const planName = `Harbour ${stamp}`;
    await page.getByLabel('Name', { exact: true }).fill(planName);
    await page.getByLabel('Rate (basis points a year)', { exact: true }).fill('950');
    await page.getByLabel('Locked rate (basis points a year)', { exact: true }).fill('800');
    await page.getByLabel('Minimum amount (USD)', { exact: true }).fill('250');
    await page.getByLabel('Maximum amount (USD)', { exact: true }).fill('25000');
    await page.getByLabel('Term in days', { exact: true }).fill('120');
    await page.getByRole('button', { name: 'Create plan' }).click();
    await page.getByText('The locked rate must be at least the plan’s rate.').waitFor();
    await expectAccessible(page, 'plan form with an error');
    await page.getByLabel('Locked rate (basis points a year)', { exact: true }).fill('1100');
    await page.getByRole('button', { name: 'Create plan' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/plans');
    await page.getByRole('cell', { name: planName, exact: true }).waitFor();
    const plans = (await (await fetch(`${baseUrl()}/api/plans`)).json()) as { name: string; apy: number }[];
    expect(plans.find((plan) => plan.name === planName)?.apy).toBe(9.5);

    // The site name, changed in the settings, is what the public site shows.
    await page.goto('/admin/settings');
    const siteName = `Harbour Invest ${stamp}`;
    await page.getByLabel('Site name').fill(siteName);
    await expectAccessible(page, '/admin/settings');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').first().waitFor();
    try {
      // The prerendered page is sent with the new name (decision 176) and hydrates without a mismatch
      // (a mismatch would be a console error, which this test fails on).
      const sent = await (await fetch(`${baseUrl()}/about`)).text();
      expect(sent).toContain(`<title>${siteName} | About</title>`);
      expect(sent).not.toContain('Our Platform');
      await openApp(page, '/about');
      await page.getByRole('heading', { level: 1, name: `About ${siteName}` }).waitFor();
      // And what a phone's install prompt shows, in every language's manifest (decision 176).
      for (const file of ['manifest.webmanifest', 'manifest.es.webmanifest', 'manifest.ar.webmanifest']) {
        const installed = (await (await fetch(`${baseUrl()}/${file}`)).json()) as { name: string };
        expect(installed.name, file).toBe(siteName);
      }
    } finally {
      // The name goes back, for the specs this worker's server runs next, whatever happened above.
      await page.goto('/admin/settings');
      await page.getByLabel('Site name').fill('Our Platform');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved.').first().waitFor();
    }

    // A visitor's message, answered from the inbox: the reply is mailed to them.
    const visitor = `visitor-${stamp}@example.com`;
    await new ApiSession(baseUrl()).request('POST', '/api/help/submit', {
      name: 'Grace Hopper',
      email: visitor,
      message: `Where is my deposit? (${stamp})`,
    });
    await page.goto(`/admin/help/inbox?q=${encodeURIComponent(visitor)}`);
    await page.getByRole('table', { name: 'Help messages' }).waitFor();
    await expectAccessible(page, '/admin/help/inbox');
    await page.getByRole('link', { name: /^Open message #/ }).click();
    await page.getByText(`Where is my deposit? (${stamp})`).waitFor();
    await page.getByLabel('Your reply').fill('It arrived this morning and is in your balance.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Reply sent.').first().waitFor();
    await expectAccessible(page, 'help message answered');
    const outbox = await fetch(`${baseUrl()}/api/dev/mail?to=${encodeURIComponent(visitor)}`);
    expect(await outbox.text()).toContain('It arrived this morning and is in your balance.');

    // Back keeps the inbox's filter.
    await page.goBack();
    await page.getByRole('table', { name: 'Help messages' }).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(visitor);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the content screens are axe-clean on a tablet', async () => {
    const { page, errors, context } = await openPage(browser, { width: 820, height: 1180 });
    await signInAdmin(page);
    for (const path of ['/admin/plans', '/admin/loan-plans', '/admin/help/articles', '/admin/help/faqs']) {
      await page.goto(path);
      await page.getByRole('table').first().waitFor();
      await expectAccessible(page, `${path} at 820 px`);
    }
    await page.goto('/admin/settings');
    await page.getByLabel('Site name').waitFor();
    await expectAccessible(page, '/admin/settings at 820 px');
    expect(errors).toEqual([]);
    await context.close();
  });
});
