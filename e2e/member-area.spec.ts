import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ApiSession, latestCode, uniqueEmail } from './support/api-session';
import { axeFor, baseUrl, openPage } from './support/browser';
import { signIn as signInAs } from './support/member';
import { browser } from './support/setup';
import { moveServerClock } from './support/dev-clock';

const PASSWORD = 'a-long-password-1';

/** Signs in with the password every member of this spec has. */
const signIn = (page: Page, email: string) => signInAs(page, email, PASSWORD);

/** Axe with every WCAG A/AA rule and the best-practice rules, any impact. */
async function expectAxeClean(page: Page, label: string): Promise<void> {
  const results = await axeFor(page, [
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]).analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(found, `axe on ${label}`).toEqual([]);
}

async function moveClock(minutes: number): Promise<void> {
  await moveServerClock(baseUrl(), { minutes });
}

/** A verified referrer whose link brought a member who has made a first deposit of $250. */
async function referrerWithOneReferral(): Promise<{ email: string; referredUsername: string }> {
  const referrer = new ApiSession(baseUrl());
  const login = await referrer.registerVerifiedMember('referrer');
  await referrer.signIn(login.email, login.password);
  const { referral_code } = await referrer.request<{ referral_code: string }>('GET', '/api/me');
  const newcomer = new ApiSession(baseUrl());
  const referred = await newcomer.registerVerifiedMember('referred', { referralCode: referral_code });
  await newcomer.signIn(referred.email, referred.password);
  const deposit = await newcomer.request<{ deposit: { id: number } }>('POST', '/api/deposit', {
    amount: 250,
    payment_method: 'nowpayment',
  });
  await newcomer.request('POST', `/api/sandbox/checkout/${deposit.deposit.id}/pay`);
  return { email: login.email, referredUsername: referred.username };
}

// Three tests, each with members of its own: one long journey took 50 s alone and over the 90 s limit
// on a busy two-core host beside another spec.
describe('the member area in a real browser', () => {
  test('setup banner → invite → verify → profile (a wrong postal code first) → banner gone', async () => {
    // A new member who has signed up (not verified yet).
    const email = uniqueEmail('newcomer');
    const newcomer = new ApiSession(baseUrl());
    await newcomer.request('POST', '/api/register', {
      username: `newcomer${Date.now().toString(36)}`,
      email,
      password: PASSWORD,
      account_type: 'personal',
    });

    const { page, errors, context } = await openPage(browser);
    await signIn(page, email);
    const banner = page.getByTestId('account-setup');
    await banner.getByText('Step 1 of 2').waitFor();
    await banner.getByRole('heading', { name: 'Finalise account setup' }).waitFor();
    await expectAxeClean(page, 'dashboard with the setup banner');

    // The invite tile opens Invite Friends with the link; Escape closes it.
    await page.getByRole('button', { name: /Invite friends/ }).click();
    const invite = page.getByRole('dialog', { name: 'Invite Friends' });
    await invite.getByLabel('Referral link').waitFor();
    expect(await invite.getByLabel('Referral link').inputValue()).toMatch(/\/signup\?ref=[A-Z0-9]+$/);
    await expectAxeClean(page, 'Invite Friends modal');
    await page.keyboard.press('Escape');
    await invite.waitFor({ state: 'detached' });

    // Resend (a minute after the sign-up mail: at most one a minute) opens the code entry.
    await moveClock(2);
    await banner.getByRole('button', { name: 'Resend verification email' }).click();
    await page.getByText('Verification email resent! Check your inbox for the OTP.').first().waitFor();
    const entry = page.getByRole('dialog', { name: 'Verify Email' });
    await entry.getByLabel('Verification code').fill(await latestCode(baseUrl(), email));
    await expectAxeClean(page, 'code entry');
    await entry.getByRole('button', { name: 'Verify email' }).click();
    await page.getByText('Email verified successfully!').first().waitFor();
    await banner.getByText('Step 2 of 2').waitFor();

    // Step 2: the profile. Germany takes five digits: 1011 is refused, nothing is stored.
    await banner.getByRole('link', { name: 'Add personal info' }).click();
    await page.waitForURL('**/profile');
    const country = page.getByLabel('Country of residence');
    await country.locator('option[value="DE"]').waitFor({ state: 'attached' });
    await country.selectOption('DE');
    await page.getByLabel('First name').fill('Anna');
    await page.getByLabel('Last name').fill('Schmidt');
    await page.getByLabel('Address', { exact: true }).fill('Unter den Linden 1');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Postal code').fill('1011');
    await page.getByLabel('Employment status').selectOption('Employed');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Enter a valid postal code for the selected country.').waitFor();
    await page.getByText('Failed to update profile.').first().waitFor();
    expect(await page.getByLabel('Postal code').getAttribute('aria-invalid')).toBe('true');
    await expectAxeClean(page, '/profile with a field error');
    await page.getByLabel('Postal code').fill('10117');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile updated successfully!').first().waitFor();

    // The banner is gone once both steps are done.
    await page.goto('/dashboard');
    await page.getByTestId('balance').waitFor();
    expect(await page.getByTestId('account-setup').count()).toBe(0);

    await newcomer.signIn(email, PASSWORD);
    const { profile } = await newcomer.request<{ profile: Record<string, string | null> }>('GET', '/api/me');
    expect(profile).toMatchObject({ country: 'DE', first_name: 'Anna', postal_code: '10117' });
    // The one failed request the browser reports is the refused postal code.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    await context.close();
  });

  test('the referrer, on a phone: step 2 of the banner, the Rewards Hub lists the referral, copy, redeem in two parts', async () => {
    // The referred member's first deposit earns the referrer min(5000, whole dollars) = 250 points.
    const referrer = await referrerWithOneReferral();
    const phone = await openPage(browser, { width: 390, height: 844 });
    await phone.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await signIn(phone.page, referrer.email);
    // Verified at sign-up, no profile yet: step 2, also on a phone.
    await phone.page.getByTestId('account-setup').getByText('Step 2 of 2').waitFor();
    await expectAxeClean(phone.page, 'dashboard at 390 px');
    await phone.page.goto('/rewards');
    const list = phone.page.getByRole('list', { name: 'People you referred' });
    await list.getByText(referrer.referredUsername).waitFor();
    await phone.page.getByTestId('referral-points').getByText(/^250$/).waitFor();
    await phone.page.getByTestId('loyalty-points').getByText(/^250$/).waitFor();
    await expectAxeClean(phone.page, '/rewards at 390 px');
    await phone.page.getByRole('button', { name: 'Copy link' }).click();
    await phone.page.getByText('Referral link copied!').first().waitFor();
    expect(await phone.page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/signup\?ref=/);
    // Redeem asks first, with the rate and the amount; part of the points, then the rest.
    await phone.page.getByRole('button', { name: 'Redeem points' }).click();
    let redeem = phone.page.getByRole('dialog', { name: 'Redeem points' });
    await redeem.getByText('Rate: 100 points = $1.00.').waitFor();
    await redeem.getByText('$2.50 will be added to your balance for 250 points.').waitFor();
    await expectAxeClean(phone.page, 'Redeem points dialog at 390 px');
    await redeem.getByLabel('Points to redeem').fill('100');
    await redeem.getByText('$1.00 will be added to your balance for 100 points.').waitFor();
    await redeem.getByRole('button', { name: 'Confirm redeem' }).click();
    await phone.page.getByText('100 points converted to $1.00.').first().waitFor();
    await phone.page.getByTestId('loyalty-points').getByText(/^150$/).waitFor();
    await phone.page.getByRole('button', { name: 'Redeem points' }).click();
    redeem = phone.page.getByRole('dialog', { name: 'Redeem points' });
    await redeem.getByRole('button', { name: 'Confirm redeem' }).click();
    await phone.page.getByText('150 points converted to $1.50.').first().waitFor();
    await phone.page.getByTestId('loyalty-points').getByText(/^0$/).waitFor();
    expect(await phone.page.getByRole('button', { name: 'Redeem points' }).isDisabled()).toBe(true);
    await phone.page.goto('/profile');
    await phone.page.getByTestId('profile-balance').getByText('$2.50').waitFor();
    await expectAxeClean(phone.page, '/profile at 390 px');
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  test('a screen whose code does not arrive says so, keeps the navigation, and loads on Retry', async () => {
    const member = await new ApiSession(baseUrl()).registerVerifiedMember('chunk');
    // The service worker would answer from its cache, out of `page.route`'s reach.
    const phone = await openPage(browser, { width: 390, height: 844, serviceWorkers: 'block' });
    await signIn(phone.page, member.email);
    await phone.page.getByTestId('account-setup').waitFor();
    // The profile screen's file fails, as on a dropped connection or after a release replaced it.
    const profileChunk = /\/assets\/profile-page-[\w-]+\.js$/;
    await phone.page.route(profileChunk, (route) => route.abort('connectionfailed'));
    await phone.page.goto('/profile');
    const failed = phone.page.getByRole('alert').filter({
      hasText: 'Check your connection, then try again.',
    });
    await failed.waitFor();
    await phone.page.getByRole('heading', { name: 'This page could not be loaded', level: 1 }).waitFor();
    // The member area around it stays: its navigation still goes elsewhere.
    await expectAxeClean(phone.page, '/profile whose screen failed to load, at 390 px');
    await phone.page.getByRole('link', { name: 'Overview' }).click();
    await phone.page.getByTestId('account-setup').waitFor();
    expect(await failed.count()).toBe(0);
    // Back on the screen with the connection restored: Retry loads the page again.
    await phone.page.goBack();
    await failed.waitFor();
    await phone.page.unroute(profileChunk);
    // The bell's file fails now: the header keeps its place, and the page goes on without it.
    const bellChunk = /\/assets\/notifications-button-[\w-]+\.js$/;
    await phone.page.route(bellChunk, (route) => route.abort('connectionfailed'));
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(() => phone.errors.some((error) => error.includes('notifications-button')), { timeout: 15_000 })
      .toBe(true);
    await phone.page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await phone.page.getByTestId('profile-balance').waitFor();
    await phone.page.getByTestId('bell-placeholder').waitFor({ state: 'attached' });
    expect(await phone.page.getByRole('button', { name: /^Notifications/ }).count()).toBe(0);
    // What the browser reported: the files that did not arrive, and React's note of each caught error.
    expect(phone.errors.length).toBeGreaterThan(0);
    for (const error of phone.errors) {
      expect(error).toMatch(
        /^(Failed to load resource: net::ERR_CONNECTION_FAILED|TypeError: Failed to fetch dynamically imported module: \S+\/assets\/(profile-page|notifications-button)-[\w-]+\.js)$/,
      );
    }
    await phone.context.close();
  });

  test('the referrer’s Rewards Hub at desktop width lists the referral in a table', async () => {
    const referrer = await referrerWithOneReferral();
    const desk = await openPage(browser);
    await signIn(desk.page, referrer.email);
    await desk.page.goto('/rewards');
    const table = desk.page.getByRole('table', { name: 'People you referred' });
    await table.getByRole('cell', { name: referrer.referredUsername }).waitFor();
    await desk.page.getByTestId('referral-points').getByText(/^250$/).waitFor();
    await expectAxeClean(desk.page, '/rewards');
    expect(desk.errors).toEqual([]);
    await desk.context.close();
  });
});
