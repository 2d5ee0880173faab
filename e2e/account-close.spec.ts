import { readFile } from 'node:fs/promises';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, test } from 'vitest';
import { ApiSession } from './support/api-session';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { fitsWidth, signIn } from './support/member';
import { browser } from './support/setup';

/** A new verified member with no money (nothing open: the account can close). */
async function newMember(prefix: string) {
  return new ApiSession(baseUrl()).registerVerifiedMember(prefix);
}

describe('closing an account in a real browser', () => {
  test('a member with no money downloads the data, closes the account and cannot sign in again', async () => {
    const member = await newMember('closer');
    const { page, errors, context } = await openPage(browser);
    await signIn(page, member.email, member.password);
    await page.goto('/account-management?tab=account');
    await page.getByRole('heading', { name: 'Close account' }).waitFor();
    await expectAccessible(page, '/account-management?tab=account (1280 px)');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['profile.json', 'activity.csv', 'sessions.json']),
    );
    expect(strFromU8(files['profile.json']!)).toContain(member.email);

    await page.getByRole('button', { name: 'Close account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account?' });
    await dialog.waitFor();
    await expectAccessible(page, 'close account dialog (1280 px)');
    await dialog.getByLabel('Password', { exact: true }).fill(member.password);
    await dialog.getByRole('button', { name: 'Close my account' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your account is closed.', { exact: false }).first().waitFor();

    // The old credentials are refused.
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Invalid email or password.').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(errors.filter((text) => !text.includes('401'))).toEqual([]);
    await context.close();
  });

  test('at 390 px the Your data tab and the close dialog fit and are axe-clean', async () => {
    const member = await newMember('closer390');
    const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, member.email, member.password);
    await page.goto('/account-management?tab=account');
    await page.getByRole('heading', { name: 'Close account' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessible(page, '/account-management?tab=account (390 px)');
    await page.getByRole('button', { name: 'Close account' }).click();
    await page.getByRole('dialog', { name: 'Close your account?' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessible(page, 'close account dialog (390 px)');
    expect(errors).toEqual([]);
    await context.close();
  });
});
