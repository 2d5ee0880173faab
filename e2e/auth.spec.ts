import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { latestCode, uniqueEmail } from './support/api-session';
import { freshTotpCode } from './support/totp';
import { E2E_ADMIN } from './support/constants';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { browser } from './support/setup';

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL('**/login');
  await expect.poll(() => page.getByText('Logged out successfully!').first().isVisible()).toBe(true);
}

describe('accounts in a real browser', () => {
  test('sign up → verify with the mailed code → sign in → enable 2FA → sign in with a code', async () => {
    const { page, errors, context } = await openPage(browser);
    const email = uniqueEmail('member');
    const password = 'correct-horse-battery';

    await page.goto('/signup');
    // The app shell starts its script before it sets the title: give a slow start more than the default 1 s.
    await expect.poll(() => page.title(), { timeout: 10_000 }).toMatch(/\| Sign Up$/);
    await expectAccessible(page, '/signup');
    await page.getByLabel('Username').fill(email.split('@')[0]!.replace(/\W/g, '').slice(0, 30));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page
      .getByText('Registration successful! Please enter the OTP sent to your email.')
      .first()
      .waitFor();
    await page.getByLabel('Verification code').fill(await latestCode(baseUrl(), email));
    await page.getByRole('button', { name: 'Verify email' }).click();
    await page.getByText('Email verified! Redirecting to login...').first().waitFor();
    await page.waitForURL('**/login', { timeout: 10_000 });

    await expectAccessible(page, '/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText(`${email} is verified.`).waitFor();
    await expectAccessible(page, '/dashboard');

    await page.goto('/account-management');
    await page.getByRole('tab', { name: 'Security' }).waitFor();
    await page.getByRole('button', { name: 'Enable 2FA' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    const secret = (await page.locator('code').first().innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectAccessible(page, '/account-management (2FA setup)');
    await page.getByLabel('Authentication code').fill(await freshTotpCode(baseUrl(), secret));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('2FA has been successfully enabled for your account!').first().waitFor();
    await page.getByText('Your recovery codes').waitFor();
    await page.getByRole('button', { name: "I've saved them" }).click();
    await page.getByRole('button', { name: 'Disable 2FA' }).waitFor();

    await logOut(page);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Verify Token' }).waitFor();
    await expectAccessible(page, '/login (2FA step)');
    await page.getByLabel('Authentication code').fill(await freshTotpCode(baseUrl(), secret));
    await page.getByRole('button', { name: 'Verify Token' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('2FA Verified! Logged in.').first().waitFor();

    await logOut(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a signed-out visit to a protected route lands on /login', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/account-management');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    // The redirect replaces history: going back does not return to the protected route.
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(errors.filter((text) => !text.includes('401'))).toEqual([]);
    await context.close();
  });

  test('an operator signs in at /admin/login and sees who is signed in', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/admin/login');
    await expect.poll(() => page.title()).toMatch(/\| Admin Login$/);
    await expectAccessible(page, '/admin/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The second factor is mandatory for admins (ADMIN_TOTP_SECRET pre-enrolled this one).
    await page.getByLabel('Authentication code').fill(await freshTotpCode(baseUrl()));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(`Signed in as ${E2E_ADMIN.email}`).waitFor();
    await expectAccessible(page, '/admin');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('an unknown path shows the not-found screen', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto('/no-such-page');
    await page.getByText("Oops! The page you're looking for doesn't exist.").waitFor();
    await page.getByRole('link', { name: 'Back to the homepage' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(errors).toEqual([]);
    await context.close();
  });
});
