import { describe, expect, test } from 'vitest';
import { expectAccessible, openPage } from './support/browser';
import { fundedMember, signIn, fitsWidth } from './support/member';
import { browser } from './support/setup';

describe('My Goals in a real browser', () => {
  test('the modal creates a goal that invests at once; the list and summary update; axe-clean', async () => {
    const member = await fundedMember(1000, 'saver');
    const { page, errors, context } = await openPage(browser);
    await signIn(page, member.email, member.password);

    await page.getByRole('link', { name: 'My Goals' }).first().click();
    await page.waitForURL('**/my-goals');
    await page.getByRole('heading', { level: 1, name: 'My Goals' }).waitFor();
    await page.getByText("You don't have any goals yet. Start by creating one!").waitFor();
    await expectAccessible(page, '/my-goals empty');

    await page.getByRole('button', { name: 'Create New Goal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Goal' });
    await dialog.getByRole('button', { name: 'Create Goal' }).click();
    await dialog.getByText('Please select a plan before submitting.').waitFor();
    await expectAccessible(page, 'create-goal modal with errors');

    await dialog.getByLabel('Goal name').fill('House deposit');
    await dialog.getByLabel('Target amount (USD)').fill('2000');
    await dialog.getByLabel('Frequency').selectOption('monthly');
    const starter = dialog.getByLabel('Plan').locator('option', { hasText: 'Starter' });
    await dialog.getByLabel('Plan').selectOption({ value: (await starter.getAttribute('value'))! });
    // Starter: $100 a unit at 8%; one unit a month reaches $2,000 with its earnings at the 19th unit (1,900 + 114).
    await dialog.getByText(/^Recommended duration: \d+ days \(\d+ × \$100\.00 in Starter\)\.$/).waitFor();
    await dialog.getByRole('button', { name: 'Create Goal' }).click();
    await page.getByText('Goal created and investment deducted!').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    const summary = page.getByRole('region', { name: 'Goals summary' });
    await summary.getByText('$100.00').waitFor();
    expect(await summary.textContent()).toContain('Total Goals1');
    expect(await summary.textContent()).toContain('Active Goals1');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'House deposit' }) });
    await card.getByText('Active').waitFor();
    expect(
      await card.getByRole('progressbar', { name: 'Progress of House deposit' }).getAttribute('value'),
    ).toBe('5');
    await card.getByText('5%').waitFor();
    await expectAccessible(page, '/my-goals with a goal');

    // Pause and resume from the card.
    await card.getByRole('button', { name: 'Pause House deposit' }).click();
    await card.getByText('Paused').waitFor();
    await expectAccessible(page, '/my-goals with a paused goal');
    await card.getByRole('button', { name: 'Resume House deposit' }).click();
    await card.getByText('Active').waitFor();

    // The first unit came out of the balance.
    const me = await member.session.request<{ balance: number }>('GET', '/api/me');
    expect(me.balance).toBe(900);

    // The same screen at 390 px: no sideways scroll, still axe-clean.
    const phone = await openPage(browser, { width: 390, height: 844 });
    await signIn(phone.page, member.email, member.password);
    await phone.page.goto('/my-goals');
    await phone.page.getByRole('heading', { name: 'House deposit' }).waitFor();
    await expect.poll(() => fitsWidth(phone.page), { timeout: 10_000 }).toBe(true);
    await expectAccessible(phone.page, '/my-goals at 390 px');
    await phone.page.getByRole('button', { name: 'Create New Goal' }).click();
    await phone.page.getByRole('dialog', { name: 'Create New Goal' }).waitFor();
    await expectAccessible(phone.page, 'create-goal modal at 390 px');

    expect(errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
    await context.close();
  });
});
