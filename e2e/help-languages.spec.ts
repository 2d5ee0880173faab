import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { freshTotpCode } from './support/totp';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { E2E_ADMIN } from './support/constants';
import { fitsWidth, fundedMember, signIn } from './support/member';
import { browser } from './support/setup';

/**
 * Issue 37 item 4 (decision 164): a Spanish member reads the Spanish help article and the assistant
 * answers from that article, in Spanish, without the "only in English" note; axe-clean.
 */
describe('help content in the member’s language, in a real browser', () => {
  test('a Spanish member reads the Spanish article and the assistant answers from it', async () => {
    const member = await fundedMember(100, 'hablo');
    const { page, errors, context } = await openPage(browser);
    await signIn(page, member.email, member.password);

    // Spanish through the account menu, as a member chooses it.
    await page.getByRole('button', { name: /Account menu/u }).click();
    await page.getByRole('menuitem', { name: 'Language' }).press('ArrowRight');
    const spanish = page.getByRole('menuitemradio', { name: 'Español' });
    await spanish.focus();
    await spanish.press('Enter');
    await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 10_000 }).toBe('es');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    // The help center in Spanish: the Spanish article, opened and read, with no "Shown in English" note.
    await page.goto('/help-center');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Comisiones y gastos' }) });
    await card.waitFor();
    await card.getByRole('button', { name: /Comisiones y gastos/u }).click();
    await card.getByText('No cobramos comisión por abrir una cuenta', { exact: false }).waitFor();
    expect(await card.getByText('Se muestra en inglés').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Fees and charges' }).count()).toBe(0);
    await expectAccessible(page, '/help-center in Spanish with an article open');

    // The assistant, asked in Spanish, answers from the Spanish article and names it as its source.
    await page.goto('/my-goals');
    const chat = page.getByRole('region', { name: 'Asistente' });
    const log = chat.getByRole('log', { name: 'Conversación con el asistente' });
    const field = chat.getByRole('textbox', { name: 'Tu mensaje' });
    await field.fill('¿El emisor de la tarjeta cobra comisiones?');
    await field.press('Enter');
    await log
      .getByText('Del centro de ayuda, «Comisiones y gastos»: Lo que pagas por usar la plataforma', {
        exact: false,
      })
      .waitFor();
    await log.getByRole('link', { name: 'Comisiones y gastos' }).first().waitFor();
    expect(await log.getByText('solo está en inglés', { exact: false }).count()).toBe(0);
    await expectAccessible(page, 'the assistant answering in Spanish');

    // 390 px: the help center still fits and is axe-clean.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/help-center');
    await page.getByRole('heading', { name: 'Comisiones y gastos' }).waitFor();
    await expect.poll(() => fitsWidth(page), { timeout: 10_000 }).toBe(true);
    await expectAccessible(page, '/help-center in Spanish at 390 px');

    expect(errors).toEqual([]);
    await context.close();
  });

  test('the back office edits an article’s versions side by side: three columns, stacked at 390 px; axe-clean', async () => {
    const { page, errors, context } = await openPage(browser, { width: 1280, height: 900 });
    await signInAdmin(page);
    await page.goto('/admin/help/articles');
    await page.getByRole('link', { name: 'Languages: Fees and charges' }).first().click();
    const english = page.getByRole('group', { name: 'English' });
    await english.getByLabel('Title').waitFor();
    expect(await english.getByLabel('Title').inputValue()).toBe('Fees and charges');
    expect(await page.getByRole('group', { name: 'Spanish' }).getByLabel('Title').inputValue()).toBe(
      'Comisiones y gastos',
    );
    const arabicTitle = page.getByRole('group', { name: 'Arabic' }).getByLabel('Title');
    expect(await arabicTitle.evaluate((input) => getComputedStyle(input).direction)).toBe('rtl');
    // Side by side on a wide screen: the three columns start at the same height.
    const tops = await Promise.all(
      ['English', 'Spanish', 'Arabic'].map(
        async (name) => (await page.getByRole('group', { name }).boundingBox())?.y,
      ),
    );
    expect(new Set(tops).size).toBe(1);
    await expectAccessible(page, 'side-by-side help editor');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => fitsWidth(page), { timeout: 10_000 }).toBe(true);
    const stacked = await Promise.all(
      ['English', 'Spanish'].map(
        async (name) => (await page.getByRole('group', { name }).boundingBox())?.y ?? 0,
      ),
    );
    expect(stacked[1]).toBeGreaterThan(stacked[0]!);
    await expectAccessible(page, 'side-by-side help editor at 390 px');
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The two steps of the admin sign-in in the browser (the e2e admin's authenticator is pre-enrolled). */
async function signInAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Authentication code').fill(await freshTotpCode(baseUrl()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
}
