import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ApiSession } from './support/api-session';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { fitsWidth, signIn } from './support/member';
import { browser } from './support/setup';

const UNDONE = 'Your previous email address is back and every session has been signed out. Please sign in.';

interface Mail {
  subject: string;
  text: string;
}

/** The newest mail to `email` whose subject matches, read from the outbox (/api/dev/mail). */
async function mailTo(email: string, subject: RegExp): Promise<Mail> {
  const response = await fetch(`${baseUrl()}/api/dev/mail?to=${encodeURIComponent(email)}`);
  const mail = ((await response.json()) as Mail[]).find((message) => subject.test(message.subject));
  if (!mail) throw new Error(`No mail "${subject.source}" to ${email}`);
  return mail;
}

const uniqueAddress = (prefix: string) => `${prefix}.${Date.now().toString(36)}@example.com`;

async function openEmailSettings(page: Page) {
  await page.goto('/account-management?tab=password');
  await page.getByRole('heading', { name: 'Change email' }).waitFor();
}

describe('change of email (issue 36 item 2)', () => {
  test('change email with the mailed code, sign in with the new address, and undo from the old one', async () => {
    const { email, password } = await new ApiSession(baseUrl()).registerVerifiedMember('emailchange');
    const newEmail = uniqueAddress('changed');
    const { page, errors, context } = await openPage(browser);
    await signIn(page, email, password);
    await openEmailSettings(page);
    await expectAccessible(page, 'change email (step 1)');

    await page.getByLabel('New email address').fill(newEmail);
    await page.getByLabel('Your current password').fill(password);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(`We sent a 6-digit code to ${newEmail}.`, { exact: false }).waitFor();
    await expectAccessible(page, 'change email (step 2)');
    const code = /\b(\d{6})\b/.exec((await mailTo(newEmail, /confirm your new email/)).text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Code from the email').fill(code);
    await page.getByRole('button', { name: 'Confirm new email' }).click();
    await page.getByText(`Your email address is now ${newEmail}.`, { exact: false }).waitFor();
    await expectAccessible(page, 'change email (done)');

    // The new address signs in; the old one does not.
    const other = await openPage(browser);
    await signIn(other.page, newEmail, password);
    await other.context.close();

    // The old address got the undo link: it restores the address and ends every session.
    const link = /(https?:\/\/\S+\/email-change\/undo\?\S+)/.exec(
      (await mailTo(email, /^Your email address was changed$/)).text,
    )?.[1];
    expect(link).toBeTruthy();
    const undo = await openPage(browser, { width: 390, height: 844 });
    await undo.page.goto(link ?? '');
    // Opening the link changes nothing until the member confirms.
    await undo.page.getByRole('button', { name: 'Restore my previous address' }).click();
    await undo.page.getByText(UNDONE).waitFor();
    expect(await fitsWidth(undo.page)).toBe(true);
    await expectAccessible(undo.page, '/email-change/undo at 390 px');
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await signIn(page, email, password);

    expect(errors.filter((text) => !text.includes('401'))).toEqual([]);
    expect(undo.errors).toEqual([]);
    await undo.context.close();
    await context.close();
  });

  test('the change email section fits a 390 px phone and is axe-clean there', async () => {
    const { email, password } = await new ApiSession(baseUrl()).registerVerifiedMember('emailphone');
    const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, email, password);
    await openEmailSettings(page);
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessible(page, 'change email at 390 px');
    // An address in use: the field says so, nothing is sent.
    await page.getByLabel('New email address').fill(email.toUpperCase());
    await page.getByLabel('Your current password').fill(password);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('This is already your email address.').waitFor();
    await expectAccessible(page, 'change email error at 390 px');
    expect(errors.filter((text) => !text.includes('422'))).toEqual([]);
    await context.close();
  });
});
