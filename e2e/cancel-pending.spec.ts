import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ApiSession } from './support/api-session';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { signIn } from './support/member';
import { browser } from './support/setup';

/** Cancelling what is pending (decision 174) in a real browser. */

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

async function fundedMember(prefix: string, dollars: number) {
  const member = await new ApiSession(baseUrl()).registerVerifiedMember(prefix);
  const api = new ApiSession(baseUrl());
  await api.signIn(member.email, member.password);
  const created = await api.request<{ deposit: { id: number } }>('POST', '/api/deposit', {
    amount: dollars,
    payment_method: 'nowpayment',
  });
  await api.request('POST', `/api/sandbox/checkout/${created.deposit.id}/pay`, {});
  return { member, api };
}

describe('cancel what is pending', () => {
  test('cancel a pending withdrawal from the Withdrawals tab and see the balance back', async () => {
    const { member, api } = await fundedMember('cancelwd', 100);
    await api.request('POST', '/api/withdrawal', {
      amount: 40,
      withdrawal_method: 'crypto',
      destination: 'bc1qcanceltest',
    });
    const { page, errors, context } = await openPage(browser);
    await signIn(page, member.email, member.password);
    await expect.poll(() => text(page, 'balance')).toBe('$60');

    await page.goto('/account-management?tab=withdrawals');
    const history = page.getByRole('table', { name: 'Withdrawal history' });
    await history.getByText('Pending').waitFor();
    await history.getByRole('button', { name: 'Cancel the withdrawal of $40.00' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this withdrawal?' });
    await dialog.waitFor();
    await expectAccessible(page, 'cancel withdrawal dialog');
    await dialog.getByRole('button', { name: 'Cancel withdrawal' }).click();
    await page.getByText('Withdrawal cancelled. The amount is back in your balance.').first().waitFor();
    await history.getByText('Cancelled').waitFor();
    expect(await history.getByRole('button', { name: /^Cancel the withdrawal/ }).count()).toBe(0);
    await expectAccessible(page, 'withdrawals tab after cancelling');

    await page.goto('/dashboard');
    await expect.poll(() => text(page, 'balance')).toBe('$100');
    await page.goto('/activity');
    const list = page.getByRole('table', { name: 'Transactions' });
    await list.getByText('Withdrawal returned to your balance').waitFor();
    await expect.poll(() => list.getByText('Cancelled').count()).toBe(2);
    await expectAccessible(page, '/activity');

    expect(errors).toEqual([]);
    await context.close();
  });

  test('at 390 px: a pending bank transfer’s details open again from Activity, then it is cancelled', async () => {
    const member = await new ApiSession(baseUrl()).registerVerifiedMember('cancelbank');
    const api = new ApiSession(baseUrl());
    await api.signIn(member.email, member.password);
    const created = await api.request<{ deposit: { reference: string } }>('POST', '/api/deposit', {
      amount: 125,
      payment_method: 'bank_transfer',
    });
    const reference = created.deposit.reference;
    const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, member.email, member.password);
    await page.goto('/activity');
    await page.getByRole('button', { name: `Bank details of deposit ${reference}` }).click();
    const details = page.getByRole('dialog', { name: 'Bank transfer details' });
    await details.getByText('$125.00').waitFor();
    await details.getByText(reference).first().waitFor();
    await expectAccessible(page, 'bank details again at 390 px');
    await details.getByRole('button', { name: 'Done' }).click();
    await details.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: `Cancel deposit ${reference}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this deposit?' });
    await expectAccessible(page, 'cancel deposit dialog at 390 px');
    await dialog.getByRole('button', { name: 'Cancel deposit' }).click();
    await page.getByText('Deposit cancelled.').first().waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: `Cancel deposit ${reference}` }).count())
      .toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, '/activity at 390 px');

    expect(errors).toEqual([]);
    await context.close();
  });
});
