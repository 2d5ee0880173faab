import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { fitsWidth, fundedMember, signIn } from './support/member';
import { browser } from './support/setup';
import { moveServerClock, serverNow } from './support/dev-clock';

/**
 * Goals that speak up (decision 187) and following their advice (decision 191): a goal behind says what
 * to add a month, the member changes its contribution to that and the goal is on track; the goal-track
 * job tells the member once for the period, in the bell.
 */

/** Runs every due job on the server now (the development clock, moved by nothing). */
async function runJobs(): Promise<string[]> {
  return (await moveServerClock(baseUrl())).jobs;
}

/** The server's day a year on, YYYY-MM-DD (the server's clock may have been moved by earlier specs). */
async function aYearOn(): Promise<string> {
  const date = new Date(await serverNow(baseUrl()));
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

/** Opens the bell and answers its panel (closed again with Escape by the caller). */
async function openBell(page: Page) {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await panel.getByRole('list', { name: 'Notifications' }).waitFor();
  return panel;
}

describe('a goal behind, its advice followed, and its notice (decisions 187, 191)', () => {
  test('behind → add the suggestion → on track; one notice for the period; axe-clean at 390 px', async () => {
    const member = await fundedMember(1000, 'tracker');
    const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, member.email, member.password);
    await page.goto('/my-goals');
    await page.getByRole('heading', { level: 1, name: 'My Goals' }).waitFor();

    // $5,000 in a year on Starter's $100 a month at 8% cannot be reached: about $1,300 is.
    await page.getByRole('button', { name: 'Create New Goal' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Goal' });
    await create.getByLabel('Goal name').fill('Sailing boat');
    await create.getByLabel('Target amount (USD)').fill('5000');
    await create.getByLabel('Frequency').selectOption('monthly');
    await create.getByLabel('Target date').fill(await aYearOn());
    const starter = create.getByLabel('Plan').locator('option', { hasText: 'Starter' });
    await create.getByLabel('Plan').selectOption({ value: (await starter.getAttribute('value'))! });
    await create.getByRole('button', { name: 'Create Goal' }).click();
    await page.getByText('Goal created and investment deducted!').first().waitFor();
    await create.waitFor({ state: 'detached' });

    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Sailing boat' }) });
    const behind = card.getByText(
      /^Behind: projected \$[\d,]+\.\d\d\. Add \$([\d,]+\.\d\d) a month to reach it$/,
    );
    await behind.waitFor();
    const suggested = /Add \$([\d,]+\.\d\d) a month/.exec((await behind.textContent()) ?? '')?.[1] ?? '';
    const suggestedDollars = Number(suggested.replace(/,/g, ''));
    // The least contribution that reaches $5,000: more than the $100 it has, less than $5,000 ÷ 12.
    expect(suggestedDollars).toBeGreaterThan(100);
    expect(suggestedDollars).toBeLessThan(5000 / 12);
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await expectAccessible(page, '/my-goals with a goal behind at 390 px');

    // The goal-track job checks the goal's period and tells the member, once.
    expect(await runJobs()).toContain('goal-track');
    await runJobs();
    await page.reload();
    const panel = await openBell(page);
    const notice = panel.getByRole('listitem').filter({ hasText: 'Goal behind schedule' });
    await notice.waitFor();
    expect(await notice.count()).toBe(1);
    await expect
      .poll(() => notice.textContent())
      .toContain(`Contributing $${suggested} each period would put it back on track.`);
    await expectAccessible(page, 'the bell with the goal notice at 390 px');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    // The member follows the advice: the dialog offers the suggested amount.
    await card.getByRole('button', { name: 'Change the contribution of Sailing boat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change contribution' });
    const amount = dialog.getByLabel('Contribution (USD)');
    expect(Number(await amount.inputValue())).toBe(suggestedDollars);
    await expectAccessible(page, 'change-contribution dialog at 390 px');
    await amount.fill('50');
    await dialog.getByRole('button', { name: 'Save contribution' }).click();
    await dialog
      .getByText('The contribution must be between this plan’s minimum and maximum amounts.')
      .waitFor();
    await expectAccessible(page, 'change-contribution dialog with an error at 390 px');
    await amount.fill(String(suggestedDollars));
    await dialog.getByRole('button', { name: 'Save contribution' }).click();
    await page.getByText('Contribution changed.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText(/^On track: projected \$[\d,]+\.\d\d by the target date$/).waitFor();
    await card.getByText(new RegExp(`^Next investment: \\$${suggested.replace('.', '\\.')} on `)).waitFor();
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await expectAccessible(page, '/my-goals with the goal on track at 390 px');

    // The period stays checked: running the jobs again tells the member nothing more.
    await runJobs();
    const bell = await member.session.request<{ data: { kind: string }[] }>('GET', '/api/notifications');
    expect(bell.data.filter((row) => row.kind === 'goal_off_track')).toHaveLength(1);

    // The one failed request the browser reports is the refused $50.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    await context.close();
  });
});
