import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { freshTotpCode } from './support/totp';
import { ApiSession } from './support/api-session';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { E2E_ADMIN } from './support/constants';
import { signIn } from './support/member';
import { browser } from './support/setup';

/**
 * Announcements (decision 183) end to end: an admin writes one in English and Spanish for the members
 * of one country and sends it now; the members there read it in the bell in their language, a member
 * elsewhere does not get it, and the back office shows how many received it.
 */

const stamp = Date.now().toString(36);
const TEXTS = {
  en: { title: `New savings rates ${stamp}`, body: 'From next month Starter earns 8.5% a year.' },
  es: {
    title: `Nuevas tasas de ahorro ${stamp}`,
    body: 'Desde el mes que viene Starter rinde un 8,5 % al año.',
  },
};
/** A country no other spec gives its members, so the segment is exactly the members made here. */
const COUNTRY = 'IS';

/** True when nothing scrolls sideways; otherwise the elements that stick out, to say what does. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return true;
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(-5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 160))
      .join(' | ');
  });

async function signInAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Authentication code').fill(await freshTotpCode(baseUrl()));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
}

/** A verified member living in `country`, whose interface (and so mail) language is `language`. */
async function memberIn(country: string, prefix: string, language: 'en' | 'es' = 'en') {
  const session = new ApiSession(baseUrl());
  const credentials = await session.registerVerifiedMember(prefix, { language });
  await session.signIn(credentials.email, credentials.password);
  await session.request('PATCH', '/api/profile/update', { country });
  return { session, ...credentials };
}

/** Opens the bell (its button's name starts with `name`) and answers its panel. */
async function openBell(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  const panel = page.getByRole('dialog', { name });
  await panel.waitFor();
  return panel;
}

describe('announcements in a real browser (decision 183)', () => {
  test('an admin sends one to a country in two languages; its members read it in theirs, nobody else does', async () => {
    const english = await memberIn(COUNTRY, 'islander');
    const spanish = await memberIn(COUNTRY, 'islena', 'es');
    const outsider = await memberIn('PT', 'outsider');

    // The back office: write, target, check the audience, send now.
    const admin = await openPage(browser, { width: 1280, height: 900 });
    const { page } = admin;
    await signInAdmin(page);
    await page.goto('/admin/announcements');
    await page.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
    // The list, or its empty state on a server where none was written yet.
    await page
      .getByRole('table', { name: 'Announcements' })
      .or(page.getByText('No announcements yet.'))
      .waitFor();
    await expectAccessible(page, '/admin/announcements (1280 px)');

    await page.getByRole('button', { name: 'New announcement' }).click();
    const form = page.getByRole('dialog', { name: 'New announcement' });
    const inEnglish = form.getByRole('group', { name: 'English' });
    await inEnglish.getByLabel('Title').fill(TEXTS.en.title);
    await inEnglish.getByLabel('Text').fill(TEXTS.en.body);
    const inSpanish = form.getByRole('group', { name: /^Spanish/ });
    await inSpanish.getByLabel('Title').fill(TEXTS.es.title);
    await inSpanish.getByLabel('Text').fill(TEXTS.es.body);
    await form.getByLabel('Members').selectOption('country');
    await form.getByLabel('Country').fill(COUNTRY.toLowerCase());
    await expectAccessible(page, 'new announcement form (1280 px)');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText('Announcement saved.').first().waitFor();
    await form.waitFor({ state: 'detached' });

    const row = page.getByRole('row').filter({ hasText: TEXTS.en.title });
    await row.getByText('Draft').waitFor();
    await row.getByText('Members in a country').waitFor();
    // Editing shows how many members the segment reaches now: the two in Iceland.
    await row.getByRole('button', { name: `Edit ${TEXTS.en.title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit announcement' });
    await edit.getByText('Its members now: 2').waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });

    // Send now asks first, with the members it reaches.
    await row.getByRole('button', { name: `Send now ${TEXTS.en.title}` }).click();
    const confirm = page.getByRole('dialog', { name: `Send “${TEXTS.en.title}” now?` });
    await confirm.getByText('Its members now: 2').waitFor();
    await expectAccessible(page, '/admin/announcements, the send dialog (1280 px)');
    await confirm.getByRole('button', { name: 'Send now' }).click();
    await page.getByText('Announcement sent.').first().waitFor();
    await row.getByText('Sent', { exact: true }).waitFor();
    await row.getByText('2 members, 2 mailed').waitFor();
    await expectAccessible(page, '/admin/announcements with a sent announcement (1280 px)');

    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByText('2 members, 2 mailed').waitFor();
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await expectAccessible(page, '/admin/announcements (390 px)');
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    // A member in the segment reads it in the bell, in English.
    const reader = await openPage(browser, { width: 1280, height: 800 });
    await signIn(reader.page, english.email, english.password);
    let panel = await openBell(reader.page, 'Notifications');
    const item = panel.getByRole('listitem').filter({ hasText: TEXTS.en.title });
    await item.getByText(TEXTS.en.body).waitFor();
    await expectAccessible(reader.page, 'the bell with the announcement (1280 px)');
    await reader.page.keyboard.press('Escape');
    await reader.page.setViewportSize({ width: 390, height: 844 });
    panel = await openBell(reader.page, 'Notifications');
    await panel.getByText(TEXTS.en.body).waitFor();
    await expect.poll(() => fitsWidth(reader.page)).toBe(true);
    await expectAccessible(reader.page, 'the bell with the announcement (390 px)');
    expect(reader.errors).toEqual([]);
    await reader.context.close();

    // The Spanish member reads the Spanish text (the app in Spanish), and got it by mail in Spanish.
    const lector = await openPage(browser, { width: 390, height: 844 });
    await signIn(lector.page, spanish.email, spanish.password);
    await lector.page.evaluate(() => window.localStorage.setItem('language', 'es'));
    await lector.page.reload();
    await expect.poll(() => lector.page.locator('html').getAttribute('lang')).toBe('es');
    panel = await openBell(lector.page, 'Notificaciones');
    await panel.getByRole('listitem').filter({ hasText: TEXTS.es.title }).getByText(TEXTS.es.body).waitFor();
    expect(await panel.textContent()).not.toContain(TEXTS.en.title);
    await expectAccessible(lector.page, 'the bell in Spanish (390 px)');
    expect(lector.errors).toEqual([]);
    await lector.context.close();
    const mail = await fetch(`${baseUrl()}/api/dev/mail?to=${encodeURIComponent(spanish.email)}`);
    const subjects = ((await mail.json()) as { subject: string }[]).map((message) => message.subject);
    expect(subjects).toContain(TEXTS.es.title);

    // A member elsewhere has nothing of it.
    const other = await openPage(browser, { width: 1280, height: 800 });
    await signIn(other.page, outsider.email, outsider.password);
    panel = await openBell(other.page, 'Notifications');
    // Its list, or the empty state (a sign-up leaves nothing in the bell today).
    await panel.locator('ul, p').first().waitFor();
    expect(await panel.textContent()).not.toContain(TEXTS.en.title);
    const bell = await outsider.session.request<{ data: { title: string }[] }>('GET', '/api/notifications');
    expect(bell.data.map((row) => row.title)).not.toContain(TEXTS.en.title);
    expect(other.errors).toEqual([]);
    await other.context.close();
  });
});
