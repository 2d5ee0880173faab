import { describe, expect, test } from 'vitest';
import { ApiSession } from './support/api-session';
import { addAdmin } from './support/admins';
import { freshTotpCode } from './support/totp';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { browser } from './support/setup';

describe('the back office: admins, two-factor and the audit log', () => {
  test('a new admin enrols 2FA at first sign-in, then finds the audit entries; axe-clean at 1280 px and on a tablet', async () => {
    // The bootstrap superadmin (pre-enrolled with ADMIN_TOTP_SECRET) adds a superadmin through the API;
    // the server's second superadmin activates it (decision 250).
    const boss = new ApiSession(baseUrl());
    await boss.signInAdmin();
    const { email, password } = await addAdmin(boss, 'superadmin', 'e2e.admin');

    const { page, errors, context } = await openPage(browser);
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    // First sign-in: the authenticator is set up before anything else opens.
    await page.getByRole('heading', { name: 'Set up two-factor authentication' }).waitFor();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await expectAccessible(page, '/admin/login (enrolment)');
    const secret = (await page.getByTestId('admin-totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // Nothing of the back office answers yet: there is no admin token in this browser.
    expect(await page.evaluate(() => Object.keys(window.localStorage).join(','))).not.toContain('admin');

    await page.getByLabel('Authentication code').fill(await freshTotpCode(baseUrl(), secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    expect(await page.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem').count()).toBe(
      10,
    );
    await page.getByRole('button', { name: 'Continue to the back office' }).click();
    await page.getByText(`Signed in as ${email}`).waitFor();
    await expectAccessible(page, '/admin (overview)');

    // The audit log, from the navigation: filter to this admin's first sign-in and setup.
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await page.waitForURL('**/admin/audit-log');
    await page.getByLabel('Actor (id or email)').fill(email);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('actor') === email);
    const table = page.getByRole('table', { name: 'Audit log entries' });
    // The previous page's rows stay, dimmed, while the filtered page loads, and the load may start a
    // moment after the address changed: check the page once nothing is loading and every row is this
    // admin's (a wait for the busy mark alone could pass before the load began).
    await expect
      .poll(
        async () => {
          if ((await page.locator('[aria-busy="true"]').count()) > 0) return false;
          const rows = await table.locator(':scope > tbody > tr').allTextContents();
          return rows.length > 0 && rows.every((row) => row.includes(email));
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    await table.getByText('two_factor.enabled').first().waitFor();
    await table.getByText('auth.login').first().waitFor();
    await expectAccessible(page, '/admin/audit-log (filtered)');

    // The superadmin's "admin.created" entry names the new admin's account, with its after values.
    await page.getByLabel('Actor (id or email)').fill('');
    await page.getByLabel('Action').fill('admin.created');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('action') === 'admin.created');
    const row = table.getByRole('row').filter({ hasText: 'ops@example.com' }).first();
    await row.getByText('Show fields').click();
    await row.getByText(email).first().waitFor();

    // Back returns to the previous filters.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('actor') === email);
    await expect.poll(() => page.getByLabel('Actor (id or email)').inputValue()).toBe(email);

    // A tablet: the navigation folds behind a Menu button; still axe-clean.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Admins' })
      .waitFor();
    await expectAccessible(page, '/admin/audit-log (tablet, menu open)');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Admins' }).click();
    await page.getByRole('table', { name: 'Admin accounts' }).getByText(email).waitFor();
    await expectAccessible(page, '/admin/admins (tablet)');

    expect(errors).toEqual([]);
    await context.close();
  });
});
