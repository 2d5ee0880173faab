import { describe, expect, test } from 'vitest';
import { expectAccessible, openPage } from './support/browser';
import { fundedMember, signIn } from './support/member';
import { browser } from './support/setup';

/** Issue 36 item 4 (decision 178): a member's choices decide what the bell shows. */
describe('notification choices in a real browser', () => {
  test('money movements off in the app: the bell drops its deposit and ignores the next; axe-clean at 1280 and 390 px', async () => {
    const member = await fundedMember(30, 'choices');
    const { page, errors, context } = await openPage(browser);
    await signIn(page, member.email, member.password);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();

    await page.goto('/account-management?tab=notifications');
    const money = page.getByRole('checkbox', { name: 'Money movements: In the app' });
    await money.waitFor();
    await expectAccessible(page, 'notification choices (1280 px)');
    await money.uncheck();
    await page.getByRole('button', { name: 'Save choices' }).click();
    await page.getByText('Notification choices saved.').waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    // Another deposit, paid through the sandbox gateway: still no ring after a reload.
    const deposit = await member.session.request<{ deposit: { id: number } }>('POST', '/api/deposit', {
      amount: 20,
      payment_method: 'nowpayment',
    });
    await member.session.request('POST', `/api/sandbox/checkout/${deposit.deposit.id}/pay`);
    await page.reload();
    await expect.poll(() => money.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page, 'notification choices (390 px)');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
