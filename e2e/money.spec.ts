import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { ApiSession } from './support/api-session';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { moveServerClock } from './support/dev-clock';
import { signIn } from './support/member';
import { browser } from './support/setup';

interface AdminWithdrawalList {
  data: { id: number; amount: number; status: string; user: { email: string } }[];
}

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

describe('money in and out in a real browser', () => {
  test('deposit by NOWPayments through the sandbox checkout → balance → withdraw → admin approves → Activity shows both', async () => {
    const member = await new ApiSession(baseUrl()).registerVerifiedMember('money');
    const { page, errors, context } = await openPage(browser);
    await signIn(page, member.email, member.password);
    await expect.poll(() => text(page, 'balance')).toBe('$0');

    // Make Deposit → NOWPayments (the default method, btc) → the sandbox checkout page.
    await page.getByRole('button', { name: 'Make Deposit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a deposit' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await dialog.getByText('Please enter a valid deposit amount.').waitFor();
    await expectAccessible(page, 'deposit modal');
    await dialog.getByLabel('Amount (USD)').fill('75');
    expect(await dialog.getByLabel('Pay with', { exact: true }).inputValue()).toBe('btc');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/sandbox/checkout/*');
    await page.getByText('Sandbox — no real money moves').waitFor();
    await expectAccessible(page, '/sandbox/checkout');
    // Cancelling says so (issue 34), not "Deposit failed"; nothing reaches the balance.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.waitForURL('**/dashboard**');
    await page
      .getByText('Payment cancelled. Nothing was charged and your balance is unchanged.')
      .first()
      .waitFor();
    expect(await page.getByText('Deposit failed. Please try again.').count()).toBe(0);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await text(page, 'balance')).toBe('$0');

    await page.getByRole('button', { name: 'Make Deposit' }).click();
    await dialog.getByLabel('Amount (USD)').fill('250');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/sandbox/checkout/*');
    await page.getByRole('button', { name: 'Pay $250.00' }).click();

    // Back on the dashboard: the toast, and the balance the ledger now holds.
    await page.waitForURL('**/dashboard**');
    await page.getByText('Deposit successful!').first().waitFor();
    await expect.poll(() => text(page, 'balance')).toBe('$250');
    await expect.poll(() => text(page, 'total-deposit')).toBe('$250.00');
    await expect.poll(() => new URL(page.url()).search).toBe('');

    // Withdraw $40 from the Withdrawals tab.
    await page.goto('/account-management?tab=withdrawals');
    await page.getByText('No withdrawals found.').waitFor();
    await expectAccessible(page, 'withdrawals tab');
    await page.getByRole('button', { name: 'Make Withdrawal' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Make a withdrawal' });
    await withdraw.getByLabel('Amount (USD)').fill('40');
    await withdraw
      .getByLabel('Withdrawal information')
      .fill('First Test Bank, Ada Lovelace, 000123456789, 021000021');
    await expectAccessible(page, 'withdrawal modal');
    await withdraw.getByRole('button', { name: 'Submit request' }).click();
    await page.getByText('Withdrawal request submitted successfully!').first().waitFor();
    const history = page.getByRole('table', { name: 'Withdrawal history' });
    await history.getByText('$40.00').waitFor();
    await history.getByText('Pending').waitFor();

    // An operator approves it through the admin API.
    const admin = new ApiSession(baseUrl());
    await admin.signInAdmin();
    const pending = await admin.request<AdminWithdrawalList>('GET', '/api/admin/withdrawals?status=pending');
    const mine = pending.data.find((item) => item.user.email === member.email);
    expect(mine?.amount).toBe(40);
    await admin.request('POST', `/api/admin/withdrawals/${mine?.id}/approve`, {});

    // A second request, $15, which the operator rejects: held, then returned to the balance.
    const api = new ApiSession(baseUrl());
    await api.signIn(member.email, member.password);
    await api.request('POST', '/api/withdrawal', {
      amount: 15,
      withdrawal_method: 'crypto',
      destination: 'bc1qactivitytest',
    });
    const again = await admin.request<AdminWithdrawalList>('GET', '/api/admin/withdrawals?status=pending');
    const second = again.data.find((item) => item.user.email === member.email);
    await admin.request('POST', `/api/admin/withdrawals/${second?.id}/reject`, { reason: 'Wrong wallet' });

    await page.reload();
    await history.getByText('Approved').waitFor();
    await page.goto('/dashboard');
    await expect.poll(() => text(page, 'balance')).toBe('$210');

    // Activity is the statement: every movement, signed, with the balance after it, adding up to the
    // dashboard's balance; the type filter goes to the API and narrows the list.
    await page.goto('/activity');
    const list = page.getByRole('table', { name: 'Transactions' });
    await list.getByText('+$250.00').waitFor();
    await list.getByText('−$40.00').waitFor();
    await list.getByText('Withdrawal returned to your balance').waitFor();
    const amounts = await list
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
      );
    const cents = (shown: string) => {
      const digits = Math.round(Number(shown.replace(/[^0-9.]/g, '')) * 100);
      return shown.startsWith('−') ? -digits : digits;
    };
    // Columns: date, type, description, status, amount, balance after.
    expect(amounts.map((cells) => [cells[4], cells[5]])).toEqual([
      ['+$15.00', '$210.00'],
      ['−$15.00', '$195.00'],
      ['−$40.00', '$210.00'],
      ['+$250.00', '$250.00'],
      // The $75 checkout cancelled first: listed, nothing credited, no balance after.
      ['—Nothing credited', '—Nothing credited'],
    ]);
    expect(amounts.reduce((sum, cells) => sum + cents(cells[4] ?? ''), 0)).toBe(21_000);
    await expectAccessible(page, '/activity');
    await page.getByLabel('Type').selectOption('withdrawal');
    await expect.poll(() => list.getByText('+$250.00').count()).toBe(0);
    await list.getByText('−$40.00').waitFor();
    await page.getByLabel('Type').selectOption('points_conversion');
    await page.getByText('No transactions found.').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  test('a bank transfer shows the bank details to copy, at 390 px, and the lists stack as cards', async () => {
    const member = await new ApiSession(baseUrl()).registerVerifiedMember('bank');
    const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, member.email, member.password);

    await page.getByRole('button', { name: 'Make Deposit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a deposit' });
    await dialog.getByLabel('Amount (USD)').fill('500');
    await dialog.getByRole('radio', { name: /Bank transfer/ }).check();
    await dialog.getByRole('button', { name: 'Get bank details' }).click();
    const details = page.getByRole('dialog', { name: 'Bank transfer details' });
    await details.getByText('$500.00').waitFor();
    for (const label of ['Bank name', 'Account number', 'Routing number', 'Reference']) {
      await details.getByRole('button', { name: `Copy ${label}` }).waitFor();
    }
    await expect.poll(() => details.getByText(/^DEP-/).count()).toBeGreaterThan(0);
    await expectAccessible(page, 'bank details (390 px)');
    await details.getByRole('button', { name: 'Done' }).click();
    // Nothing reaches the balance until an operator confirms the transfer.
    await expect.poll(() => text(page, 'balance')).toBe('$0');

    // Activity lists the transfer as pending, with no amount: nothing was credited.
    await page.goto('/activity');
    const cards = page.getByRole('list', { name: 'Transactions' });
    await cards.getByText('Pending').waitFor();
    expect(await cards.getByText('$500.00').count()).toBe(0);
    expect(await page.getByRole('table', { name: 'Transactions' }).isVisible()).toBe(false);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(page, '/activity (390 px)');

    await page.goto('/account-management?tab=withdrawals');
    await page.getByText('No withdrawals found.').waitFor();
    await expectAccessible(page, 'withdrawals tab (390 px)');

    expect(errors).toEqual([]);
    await context.close();
  });

  test('saved destinations: add a bank account and a wallet, make the wallet default, edit, delete, use one in a withdrawal', async () => {
    const api = new ApiSession(baseUrl());
    const member = await api.registerVerifiedMember('dest');
    const { page, errors, context } = await openPage(browser);
    await signIn(page, member.email, member.password);

    await page.goto('/withdrawal-methods');
    await page.getByText(/You have no saved destinations yet/).waitFor();
    await expectAccessible(page, '/withdrawal-methods (empty)');
    await page.getByRole('link', { name: 'Add destination' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Salary account');
    await page.getByLabel('Bank name').fill('First Test Bank');
    await page.getByLabel('Account holder').fill('Ada Lovelace');
    await page.getByLabel('Account number').fill('000123456789');
    await page.getByLabel('Routing number or SWIFT/BIC').fill('021000021');
    await page.getByLabel('Use as my default destination').check();
    await expectAccessible(page, '/withdrawal-info (add)');
    await page.getByRole('button', { name: 'Save destination' }).click();
    await page.waitForURL('**/withdrawal-methods');
    await page.getByText('First Test Bank · Ada Lovelace · •••• 6789 · 021000021').waitFor();

    await page.getByRole('link', { name: 'Add destination' }).click();
    await page.getByRole('radio', { name: 'Crypto wallet' }).check();
    await page.getByLabel('Asset').selectOption('ETH');
    await page.getByLabel('Wallet address').fill('0x1234');
    await page.getByRole('button', { name: 'Save destination' }).click();
    await page.getByText('This address is not valid for the chosen network.').waitFor();
    await page.getByLabel('Wallet address').fill('0x52908400098527886E0F7030069857D2E4169EE7');
    await page.getByRole('button', { name: 'Save destination' }).click();
    await page.waitForURL('**/withdrawal-methods');

    // The wallet becomes the default through PATCH; the bank account loses the badge.
    await page.getByRole('button', { name: 'Set ETH · Ethereum (ERC20) as default' }).click();
    await page.getByText('ETH · Ethereum (ERC20) is now your default destination.').first().waitFor();
    await page.getByRole('button', { name: 'Set Salary account as default' }).waitFor();
    await expectAccessible(page, '/withdrawal-methods');

    // Editing the bank account asks for the masked number again.
    await page.getByRole('link', { name: 'Edit Salary account' }).click();
    await page.getByText(/Saved as •••• 6789/).waitFor();
    await page.getByLabel('Bank name').fill('Second Test Bank');
    await page.getByLabel('Account number').fill('000987654321');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL('**/withdrawal-methods');
    await page.getByText('Second Test Bank · Ada Lovelace · •••• 4321 · 021000021').waitFor();

    // Use the saved bank account in a withdrawal (after a confirmed deposit gives a balance).
    await page.getByRole('button', { name: 'Make Deposit' }).click();
    const deposit = page.getByRole('dialog', { name: 'Make a deposit' });
    await deposit.getByLabel('Amount (USD)').fill('100');
    await deposit.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('button', { name: 'Pay $100.00' }).click();
    await page.getByText('Deposit successful!').first().waitFor();
    await page.goto('/account-management?tab=withdrawals');
    await page.getByRole('button', { name: 'Make Withdrawal' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Make a withdrawal' });
    await withdraw.getByLabel('Amount (USD)').fill('25');
    await withdraw.getByLabel('Saved destination').selectOption({ label: 'Salary account' });
    expect(await withdraw.getByLabel('Withdrawal information').inputValue()).toBe(
      'Second Test Bank · Ada Lovelace · •••• 4321 · 021000021',
    );
    // Ten minutes after the sign-in, money leaving asks for the password again (decision 230).
    await moveServerClock(baseUrl(), { minutes: 11 });
    await withdraw.getByRole('button', { name: 'Submit request' }).click();
    const ask = page.getByRole('dialog', { name: 'Confirm your password' });
    await ask.getByLabel('Password', { exact: true }).waitFor();
    await expectAccessible(page, 'password confirmation');
    await ask.getByLabel('Password', { exact: true }).fill('not my password');
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await ask.getByText('The password is incorrect.').waitFor();
    await ask.getByLabel('Password', { exact: true }).fill(member.password);
    await ask.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Withdrawal request submitted successfully!').first().waitFor();
    await page.getByRole('table', { name: 'Withdrawal history' }).getByText('$25.00').waitFor();

    // Delete the wallet, after confirming.
    await page.goto('/withdrawal-methods');
    await page.getByRole('button', { name: 'Delete ETH · Ethereum (ERC20)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this destination?' });
    await expectAccessible(page, 'delete confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Destination deleted.').first().waitFor();
    await expect
      .poll(() => page.getByText('0x52908400098527886E0F7030069857D2E4169EE7', { exact: false }).count())
      .toBe(0);

    // The failed requests the browser reports are the withdrawal that asked for the password and the
    // wrong password.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 403 (Forbidden)',
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
    await context.close();
  });
});
