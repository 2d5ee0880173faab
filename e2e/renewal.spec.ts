import { describe, expect, test } from 'vitest';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { fitsWidth, fundedMember, signIn } from './support/member';
import { browser } from './support/setup';
import { moveServerClock } from './support/dev-clock';

describe('renewal at maturity (decision 194)', () => {
  test('renew with earnings: past the end, the portfolio shows the renewed position and cash unchanged', async () => {
    const member = await fundedMember(6000, 'renewer');
    const plans = await member.session.request<{ id: number; name: string }[]>('GET', '/api/plans');
    const growth = plans.find((plan) => plan.name === 'Growth')!;
    await member.session.request('POST', '/api/invest', { plan_id: growth.id, amount: 5000 });

    const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, member.email, member.password);
    await page.goto('/my-portfolio');
    const choice = page.getByLabel('At maturity');
    await expect.poll(() => choice.inputValue()).toBe('cash');
    await choice.selectOption('renew_with_earnings');
    await page.getByText('Your choice for the end of this plan is saved.').waitFor();
    await expect.poll(() => choice.inputValue()).toBe('renew_with_earnings');
    await expectAccessible(page, 'My Portfolio with the renewal choice');
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await page.goto('/dashboard');
    await page.getByTestId('balance').getByText('$1,000').waitFor();

    // Growth's 182 days pass (and a minute): $5,000 × 12% × 182 / 365 = $299.18 earned, paid to cash
    // day by day, then renewed with the principal: $5,299.18 for another 182 days; cash back at $1,000.
    await moveServerClock(baseUrl(), { days: 182, minutes: 1 });

    // Half a year on, the session has expired: sign in again.
    await signIn(page, member.email, member.password);
    await page.getByTestId('balance').getByText('$1,000').waitFor();
    await page.goto('/my-portfolio');
    const renewed = page.getByTestId('renewed-note');
    await renewed.waitFor();
    const card = page.getByRole('listitem').filter({ has: renewed });
    await card.getByText('$5,299.18').waitFor();
    await card.getByText('Active').waitFor();
    await expect.poll(() => card.getByLabel('At maturity').inputValue()).toBe('renew_with_earnings');
    await page.getByRole('listitem').filter({ hasText: 'Completed' }).getByText('$299.18').waitFor();
    await expectAccessible(page, 'My Portfolio after the renewal');
    await expect.poll(() => fitsWidth(page)).toBe(true);
    // The session that was open while half a year passed ends with one 401 (the sign-in page follows).
    expect(errors.filter((text) => !text.includes('401'))).toEqual([]);
    await context.close();
  });
});
