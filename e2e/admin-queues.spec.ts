import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ApiSession } from './support/api-session';
import { freshTotpCode } from './support/totp';
import { E2E_ADMIN } from './support/constants';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { browser } from './support/setup';

async function signInAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Authentication code').fill(await freshTotpCode(baseUrl()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
}

describe('the approval queues in a real browser', () => {
  test('an admin confirms a bank deposit and rejects a withdrawal with a reason; Back keeps the filters', async () => {
    // A member with a pending bank transfer, and one with a pending withdrawal.
    const depositor = new ApiSession(baseUrl());
    const depositorAccount = await depositor.registerVerifiedMember('queue-dep');
    await depositor.signIn(depositorAccount.email, depositorAccount.password);
    await depositor.request('POST', '/api/deposit', { amount: 320, payment_method: 'bank_transfer' });

    const withdrawer = new ApiSession(baseUrl());
    const withdrawerAccount = await withdrawer.registerVerifiedMember('queue-wd');
    await withdrawer.signIn(withdrawerAccount.email, withdrawerAccount.password);
    const created = await withdrawer.request<{ deposit: { id: number } }>('POST', '/api/deposit', {
      amount: 200,
      payment_method: 'nowpayment',
    });
    await withdrawer.request('POST', `/api/sandbox/checkout/${created.deposit.id}/pay`, {});
    await withdrawer.request('POST', '/api/withdrawal', {
      amount: 75,
      withdrawal_method: 'crypto',
      destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });

    const { page, errors, context } = await openPage(browser);
    await signInAdmin(page);
    await expectAccessible(page, '/admin overview');

    // The bank deposits queue, filtered by the member: confirm from the item's page.
    await page.goto(`/admin/deposits?q=${encodeURIComponent(depositorAccount.email)}`);
    const deposits = page.getByRole('table', { name: 'Bank deposits' });
    await deposits.getByText(depositorAccount.email).waitFor();
    await expectAccessible(page, '/admin/deposits');
    await deposits.getByRole('link', { name: /Review/ }).click();
    await page.getByRole('heading', { name: /Bank deposit #/ }).waitFor();
    await page.getByRole('button', { name: 'Confirm deposit' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm deposit' });
    await confirm.getByText(/Approve \$320\.00 for/).waitFor();
    // The statement line the operator matched (decision 237): the bank's reference and the amount.
    await confirm.getByLabel('Bank reference').fill('FT24 0091');
    await confirm.getByLabel('Amount received').fill('320.00');
    await expectAccessible(page, 'confirm dialog');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Deposit confirmed', { exact: false }).first().waitFor();
    await page.getByText('FT240091').waitFor();
    const me = await depositor.request<{ balance: number }>('GET', '/api/me');
    expect(me.balance).toBe(320);

    // The withdrawals queue with two filters; open the item, go Back: the filters are still there.
    const filtered = `/admin/withdrawals?q=${encodeURIComponent(withdrawerAccount.email)}&min_amount=50`;
    await page.goto(filtered);
    const withdrawals = page.getByRole('table', { name: 'Withdrawals' });
    await withdrawals.getByText(withdrawerAccount.email).waitFor();
    await withdrawals.getByRole('link', { name: /Review/ }).click();
    await page.getByRole('heading', { name: /Withdrawal #/ }).waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.search.includes('min_amount=50'));
    expect(await page.getByLabel('Smallest amount (USD)').inputValue()).toBe('50');
    await withdrawals.getByRole('link', { name: /Review/ }).click();

    await page.getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject' });
    await reject.getByText(/Reject \$75\.00 for/).waitFor();
    await reject.getByLabel('Reason').selectOption('destination_invalid');
    await reject.getByLabel('Message to the member').fill('The address is on another network.');
    await expectAccessible(page, 'reject dialog');
    await reject.getByRole('button', { name: 'Reject with this reason' }).click();
    await page.getByText('Withdrawal rejected.').waitFor();

    // A tablet width reads the queue too.
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.goto('/admin/withdrawals');
    await page.getByRole('heading', { name: 'Withdrawals' }).waitFor();
    await expectAccessible(page, '/admin/withdrawals at 820 px');
    expect(errors).toEqual([]);
    await context.close();

    // The member reads the reason in their withdrawal history.
    const history = await withdrawer.request<{ data: { status: string; reason: string | null }[] }>(
      'GET',
      '/api/withdrawal/history',
    );
    expect(history.data[0]).toMatchObject({
      status: 'rejected',
      reason: 'Destination details are not valid — The address is on another network.',
    });
    const member = await openPage(browser);
    await member.page.goto('/login');
    await member.page.getByLabel('Email').fill(withdrawerAccount.email);
    await member.page.getByLabel('Password', { exact: true }).fill(withdrawerAccount.password);
    await member.page.getByRole('button', { name: 'Log in' }).click();
    await member.page.waitForURL('**/dashboard');
    await member.page.goto('/account-management?tab=withdrawals');
    await member.page
      .getByText('Destination details are not valid — The address is on another network.')
      .first()
      .waitFor();
    await member.context.close();
  });
});
