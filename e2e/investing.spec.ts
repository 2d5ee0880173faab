import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { fundedMember, signIn } from './support/member';
import { browser } from './support/setup';
import { moveServerClock } from './support/dev-clock';

/** A loaded screen may still be laying out (its sections arrive one by one); on a busy machine, slowly. */
const LAYOUT_SETTLES_MS = 10_000;
/** True when nothing scrolls sideways; otherwise the elements that stick out, to say what does. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return true;
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(-5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 120))
      .join(' | ');
  });

describe('investing in a real browser', () => {
  test('invest from the dashboard → a day passes → the earning shows in the portfolio and Activity', async () => {
    const member = await fundedMember(1000, 'investor');
    const { page, errors, context } = await openPage(browser);
    await signIn(page, member.email, member.password);

    await page.getByTestId('balance').getByText('$1,000').waitFor();
    const table = page.getByRole('table', { name: 'Investment plans' });
    await table.waitFor();
    await expectAccessible(page, '/dashboard with plans');
    await page.getByRole('button', { name: 'Business', exact: true }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(3); // header + 2 business plans
    await page.getByRole('button', { name: 'All', exact: true }).click();

    await table.getByRole('button', { name: 'Invest Starter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invest in Starter' });
    await dialog.getByLabel('Amount (USD)').fill('50');
    await dialog.getByRole('button', { name: 'Invest now' }).click();
    await dialog.getByText('Amount must be between 100 and 50000.').waitFor();
    await expectAccessible(page, 'Invest modal with an error');
    await dialog.getByLabel('Amount (USD)').fill('800');
    await dialog.getByRole('button', { name: 'Invest now' }).click();
    await page.getByText('Investment successful!').first().waitFor();
    await page.getByTestId('balance').getByText('$200').waitFor();

    // The server's clock moves one day on and runs the jobs: the 00:00 UTC accrual credits the plan.
    await moveServerClock(baseUrl(), { days: 1 });

    await page.goto('/my-portfolio');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Starter' }) });
    await card.waitFor();
    // $800 × 8% / 365 = $0.1753… → $0.18 for the first day.
    await card.getByText('$0.18').waitFor();
    await card.getByRole('button', { name: 'Show daily earnings' }).click();
    await card.getByText(/^\$0\.18 earned from /).waitFor();
    await expectAccessible(page, '/my-portfolio');

    await page.goto('/activity');
    await page.getByText('Earning: Starter').first().waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  test('the plans page locks a fixed-term plan and works at 390 px, even for a long name and email', async () => {
    // A 30-character username and a 60-character email leave no room at 390 px: they must wrap.
    const member = await fundedMember(6000, 'investor.with.a.rather.long.mailbox.name');
    const plans = await member.session.request<{ id: number; name: string }[]>('GET', '/api/plans');
    const growth = plans.find((plan) => plan.name === 'Growth')!;
    await member.session.request('POST', '/api/invest', { plan_id: growth.id, amount: 5000 });

    const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, member.email, member.password);
    await page.goto('/plans');
    await page.getByRole('heading', { name: 'My Active & Completed Plans' }).waitFor();
    const list = page.getByRole('list', { name: 'My Active & Completed Plans' });
    await list.getByRole('button', { name: 'Manage Growth' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lock Plan' });
    await dialog
      .getByText('Are you sure you want to lock this plan? This action cannot be undone.')
      .waitFor();
    await expectAccessible(page, 'Lock Plan modal');
    await dialog.getByRole('button', { name: 'Lock Plan' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => list.getByRole('button', { name: 'Locked' }).isDisabled()).toBe(true);
    await expect.poll(() => fitsWidth(page), { timeout: LAYOUT_SETTLES_MS }).toBe(true);
    await expectAccessible(page, '/plans at 390 px');

    await page.goto('/dashboard');
    await page.getByRole('list', { name: 'Investment plans' }).waitFor();
    await expect.poll(() => fitsWidth(page), { timeout: LAYOUT_SETTLES_MS }).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });
});
