import { describe, expect, test } from 'vitest';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { fitsWidth, fundedMember, signIn } from './support/member';
import { browser } from './support/setup';
import { moveServerClock } from './support/dev-clock';

describe('leaving a fixed term early (decision 186)', () => {
  test('take a quote, see today against maturity, leave, and the cash is back', async () => {
    const member = await fundedMember(6000, 'leaver');
    const plans = await member.session.request<{ id: number; name: string }[]>('GET', '/api/plans');
    const growth = plans.find((plan) => plan.name === 'Growth')!;
    await member.session.request('POST', '/api/invest', { plan_id: growth.id, amount: 5000 });
    // One 00:00 UTC passes: $5,000 × 12% / 365 = $1.64 earned.
    await moveServerClock(baseUrl(), { days: 1 });

    const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, member.email, member.password);
    await page.goto('/plans');
    const list = page.getByRole('list', { name: 'My Active & Completed Plans' });
    await list.getByRole('button', { name: 'Manage Growth' }).click();
    await page
      .getByRole('dialog', { name: 'Lock Plan' })
      .getByRole('button', { name: 'Leave early' })
      .click();

    const dialog = page.getByRole('dialog', { name: 'Leave plan early' });
    // Growth's rule: 1.5% of the principal ($75) and the current period's earnings ($1.64) given up.
    // Held to its 182 days: $5,000 × 12% × 182 / 365 = $299.18.
    await dialog.getByText(/^Today: \$4,925\.00; at maturity on .+: \$5,299\.18\.$/).waitFor();
    await dialog.getByText('$75.00').waitFor();
    await expectAccessible(page, 'Leave plan early');
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await dialog.getByRole('button', { name: 'Leave plan' }).click();
    await page.getByText('Plan closed early. The amount is back in your balance.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => list.getByRole('button', { name: 'Completed' }).first().isDisabled()).toBe(true);

    // $1,000 left + $1.64 earned + $4,923.36 back = $6,000 − $75.
    await page.goto('/dashboard');
    await page.getByTestId('balance').getByText('$5,925').waitFor();
    await expectAccessible(page, '/dashboard after the exit');
    expect(errors).toEqual([]);
    await context.close();
  });
});
