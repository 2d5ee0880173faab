import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ApiSession } from './support/api-session';
import { addAdmin } from './support/admins';
import { freshTotpCode } from './support/totp';
import { E2E_ADMIN } from './support/constants';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { fitsWidth, fundedMember, signIn } from './support/member';
import { browser } from './support/setup';
import { moveServerClock } from './support/dev-clock';

const REASON = 'Duplicate gateway fee refunded';

/** The admin's first sign-in: password, then the authenticator is enrolled before anything opens. */
async function signInNewAdmin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Set up two-factor authentication' }).waitFor();
  const secret = (await page.getByTestId('admin-totp-secret').innerText()).trim();
  await page.getByLabel('Authentication code').fill(await freshTotpCode(baseUrl(), secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('button', { name: 'Continue to the back office' }).click();
  await page.getByText(`Signed in as ${email}`).waitFor();
}

async function signInBootstrapAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Authentication code').fill(await freshTotpCode(baseUrl()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}

/** Moves the server's clock on: the sign-in's 10-minute second-factor window closes. */
async function advanceMinutes(minutes: number): Promise<void> {
  await moveServerClock(baseUrl(), { minutes });
}

describe('balance corrections in a real browser (decision 182)', () => {
  test('finance proposes a credit from the member page, a second admin approves it with a code, the member sees it', async () => {
    // A member with $100 of cash, and a finance admin added by the bootstrap superadmin.
    const member = await fundedMember(100, 'correction');
    const boss = new ApiSession(baseUrl());
    await boss.signInAdmin();
    // A finance admin takes two superadmins (decision 250): the server's second one activates it.
    const { email: financeEmail, password: financePassword } = await addAdmin(boss, 'finance', 'e2e.finance');
    const found = await boss.request<{ data: { id: number; email: string }[] }>(
      'GET',
      `/api/admin/users?q=${encodeURIComponent(member.email)}`,
    );
    const memberId = found.data.find((row) => row.email === member.email)?.id;
    expect(memberId).toBeGreaterThan(0);

    // The finance admin proposes from the member page; the form's own checks come first.
    const finance = await openPage(browser, { width: 1280, height: 900 });
    await signInNewAdmin(finance.page, financeEmail, financePassword);
    await finance.page.goto(`/admin/members/${memberId}`);
    const card = finance.page.getByTestId('propose-correction');
    await card.getByRole('heading', { name: 'Balance correction' }).waitFor();
    await expectAccessible(finance.page, '/admin/members/:id (1280 px)');
    await card.getByRole('button', { name: 'Propose a correction' }).click();
    const dialog = finance.page.getByRole('dialog', { name: 'Propose a correction' });
    await dialog.getByRole('button', { name: 'Propose correction' }).click();
    await dialog.getByText('Please give the reason the member will see.').waitFor();
    await dialog.getByLabel('Amount (USD)').fill('25');
    await dialog.getByLabel('Reason the member sees').fill(REASON);
    await dialog.getByLabel('Internal note').fill('Ticket 881: NOWPayments charged the fee twice.');
    await dialog.getByLabel('Reference').fill('T-881');
    await expectAccessible(finance.page, 'propose dialog');
    await dialog.getByRole('button', { name: 'Propose correction' }).click();
    await card.getByText('Correction proposed: a second admin must approve it.').waitFor();

    // At 390 px: the member page and the proposer's queue, where only Withdraw is offered.
    await finance.page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(finance.page, '/admin/members/:id (390 px)');
    expect(await fitsWidth(finance.page)).toBe(true);
    await card.getByRole('link', { name: "This member's corrections" }).click();
    const own = finance.page.getByRole('listitem').filter({ hasText: 'T-881' });
    await own.getByRole('button', { name: 'Withdraw' }).waitFor();
    expect(await own.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(finance.errors).toEqual([]);
    await finance.context.close();

    // The second admin: the sign-in's second factor is 11 minutes old, so approving asks for a code.
    const approver = await openPage(browser, { width: 1280, height: 900 });
    await signInBootstrapAdmin(approver.page);
    await advanceMinutes(11);
    await approver.page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Corrections' })
      .click();
    await approver.page.waitForURL('**/admin/corrections');
    const item = approver.page.getByRole('listitem').filter({ hasText: 'T-881' });
    await item.getByText('+$25.00').waitFor();
    await item.getByText(REASON).waitFor();
    await expectAccessible(approver.page, '/admin/corrections (1280 px)');
    await approver.page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(approver.page, '/admin/corrections (390 px)');
    expect(await fitsWidth(approver.page)).toBe(true);
    await approver.page.setViewportSize({ width: 1280, height: 900 });

    await item.getByRole('button', { name: 'Approve' }).click();
    const confirm = approver.page.getByRole('dialog', { name: 'Approve' });
    await confirm.getByText(`Post +$25.00 to the cash balance of ${member.email}?`).waitFor();
    await confirm.getByRole('button', { name: 'Approve and post' }).click();
    const reauth = approver.page.getByRole('dialog', { name: "Confirm it's you" });
    await reauth.getByLabel('Authentication code').fill(await freshTotpCode(baseUrl()));
    await expectAccessible(approver.page, 'reauth dialog');
    await reauth.getByRole('button', { name: 'Confirm' }).click();
    await approver.page.getByText('Correction approved and posted.').waitFor();
    // The one error the browser logs is the 403 REAUTH_REQUIRED answer that opened the code dialog.
    expect(approver.errors.filter((error) => !error.includes('status of 403'))).toEqual([]);
    await approver.context.close();

    // The member: Activity shows the credit with the reason, and the balance is $125.
    const { page, errors, context } = await openPage(browser);
    await signIn(page, member.email, member.password);
    await expect.poll(() => page.getByTestId('balance').innerText()).toBe('$125');
    await page.goto('/activity');
    const list = page.getByRole('table', { name: 'Transactions' });
    const row = list.locator('tbody tr').filter({ hasText: `Balance adjustment: ${REASON}` });
    await row.waitFor();
    expect(await row.innerText()).toContain('+$25.00');
    expect(await row.innerText()).toContain('$125.00');
    expect(await list.innerText()).not.toContain('Ticket 881');
    expect(errors).toEqual([]);
    await context.close();
  });
});
