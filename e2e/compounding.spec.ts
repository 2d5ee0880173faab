import { describe, expect, test } from 'vitest';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { fitsWidth, fundedMember, signIn } from './support/member';
import { browser } from './support/setup';
import { moveServerClock } from './support/dev-clock';

describe('compounding on request (decision 192)', () => {
  test('turn compounding on, advance the clock, see the principal grow', async () => {
    const member = await fundedMember(6000, 'compounder');
    const plans = await member.session.request<{ id: number; name: string }[]>('GET', '/api/plans');
    const growth = plans.find((plan) => plan.name === 'Growth')!;
    await member.session.request('POST', '/api/invest', { plan_id: growth.id, amount: 5000 });

    const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, member.email, member.password);
    await page.goto('/my-portfolio');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Growth' }) });
    // 12% APR, and beside it the APY of daily compounding: (1 + 0.12/365)^365 − 1 = 12.75%.
    await card.getByText('12% APR').first().waitFor();
    await card.getByText('12.75% APY').first().waitFor();
    const toggle = card.getByRole('switch', { name: 'Reinvest earnings' });
    expect(await toggle.isChecked()).toBe(false);
    await expectAccessible(page, '/my-portfolio with the switch off');
    await toggle.click();
    await card.getByText("On: each day's earning is added to this plan's principal.").waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(true);

    // Two 00:00 UTC pass: $5,000 compounded daily at 12%/365: $5,001.64, then $5,003.29.
    await moveServerClock(baseUrl(), { days: 2 });
    await page.goto('/my-portfolio');
    await card.getByText('$5,003.29').first().waitFor();
    await card.getByText('Reinvested so far').waitFor();
    await expectAccessible(page, '/my-portfolio after two reinvested days');
    await expect.poll(() => fitsWidth(page)).toBe(true);

    // Activity shows each reinvestment as an entry of its own.
    await page.goto('/activity');
    await page.locator('text=Earning reinvested: Growth >> visible=true').first().waitFor();
    await expectAccessible(page, '/activity with reinvestments');
    expect(errors).toEqual([]);
    await context.close();
  });
});
