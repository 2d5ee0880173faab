import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ApiSession } from './support/api-session';
import { baseUrl, expectAccessible, openApp, openPage } from './support/browser';
import { fitsWidth, signIn } from './support/member';
import { browser } from './support/setup';

const SENT = 'If an account exists for that address, we have emailed a password reset link.';
const RESET = 'Your password has been reset. Please sign in.';
const INVALID = 'This password reset link is invalid or has expired. Please ask for a new one.';
const ENDED = 'Your session has ended. Please log in again.';

/** The link of the newest reset mail to `email`, read from the outbox (/api/dev/mail). */
async function mailedResetLink(email: string): Promise<URL> {
  const response = await fetch(`${baseUrl()}/api/dev/mail?to=${encodeURIComponent(email)}`);
  const messages = (await response.json()) as { subject: string; text: string }[];
  const mail = messages.find((message) => message.subject.endsWith('reset your password'));
  const link = mail && /(https?:\/\/\S+\/reset-password\?\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`No reset link mailed to ${email}`);
  return new URL(link);
}

/** Console errors other than the refusals a test provokes on purpose (the browser logs each 4xx). */
const unexpected = (errors: string[], ...statuses: number[]) =>
  errors.filter((text) => !statuses.some((status) => text.includes(`${status}`)));

async function newMember(prefix: string) {
  return new ApiSession(baseUrl()).registerVerifiedMember(prefix);
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('forgot password (issue 36 item 1)', () => {
  test('forgot password → the mailed link → a new password → sign in with it', async () => {
    const { email, password } = await newMember('reset');
    const { page, errors, context } = await openPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await expectAccessible(page, '/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await page.getByText(SENT).waitFor();
    await expectAccessible(page, '/forgot-password (sent)');

    // The mailed link is the web route, on this site, for this address.
    const link = await mailedResetLink(email);
    expect(link.origin).toBe(baseUrl());
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('token')).toMatch(/^\S{20,}$/);

    await page.goto(link.href);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await expectAccessible(page, '/reset-password');
    const newPassword = 'a-brand-new-password-2';
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password must be at least 12 characters.').waitFor();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL('**/login');
    await page.getByText(RESET).waitFor();

    // The old password is dead; the new one signs in.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Invalid email or password.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/dashboard');

    // The link worked once: opened again (in a signed-out browser), it says so and offers a new one.
    const again = await openPage(browser);
    await again.page.goto(link.href);
    await again.page.getByLabel('New password', { exact: true }).fill(newPassword);
    await again.page.getByLabel('Confirm new password').fill(newPassword);
    await again.page.getByRole('button', { name: 'Reset password' }).click();
    await again.page.getByText(INVALID).waitFor();
    await expectAccessible(again.page, '/reset-password (used link)');
    await again.page.getByRole('link', { name: 'Ask for a new link' }).click();
    await again.page.waitForURL('**/forgot-password?email=*');
    expect(await again.page.getByLabel('Email').inputValue()).toBe(email);

    expect(unexpected(errors, 401)).toEqual([]);
    expect(unexpected(again.errors, 422)).toEqual([]);
    await again.context.close();
    await context.close();
  });

  test('the screens fit a 390 px phone and are axe-clean there', async () => {
    const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.goto('/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessible(page, '/forgot-password at 390 px');
    await page.goto('/reset-password?token=abc&email=someone.with.a.long.address%40example.com');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessible(page, '/reset-password at 390 px');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a signed-in member on public pages (issue 36 item 7)', () => {
  test('sees Dashboard on /, is sent from /login and /signup to /dashboard, and is told when the session ended', async () => {
    const { email, password } = await newMember('signedin');
    const { page, errors, context } = await openPage(browser);
    await signIn(page, email, password);

    await openApp(page, '/');
    const dashboard = mainNav(page).getByRole('link', { name: 'Dashboard' });
    await dashboard.waitFor();
    expect(await mainNav(page).getByText('Log In').isVisible()).toBe(false);
    await expectAccessible(page, '/ (signed in)');

    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.goto('/signup');
    await page.waitForURL('**/dashboard');

    // Elsewhere, the member signs out every other session: this browser's token is revoked.
    const elsewhere = new ApiSession(baseUrl());
    await elsewhere.signIn(email, password);
    await elsewhere.request('DELETE', '/api/sessions/others');

    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.getByText(ENDED).waitFor();
    await expectAccessible(page, '/login (session ended)');
    // Signed out now: the public header offers Log In again.
    await openApp(page, '/');
    await mainNav(page).getByRole('link', { name: 'Log In' }).waitFor();

    expect(unexpected(errors, 401)).toEqual([]);
    await context.close();
  });

  test('at 390 px the menu offers Dashboard, and the page does not scroll sideways', async () => {
    const { email, password } = await newMember('signedinphone');
    const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, email, password);
    await openApp(page, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessible(page, '/ (signed in, menu open, 390 px)');
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });
});
