import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseUrl, openPage } from './support/browser';
import { fundedMember, signIn } from './support/member';
import { ROOT } from './support/product';
import { browser } from './support/setup';

/**
 * The guard of issue 34 (Build 8, decision 162): in Spanish and in Arabic, no member screen shows an
 * English word. The words come from the app's own texts: a word of en.json's values that appears in no
 * value of es.json or ar.json is English only ("Withdrawal", "months", "Earning"...). Every member
 * route is walked in Chromium and its visible text (document.body.innerText) plus its aria-labels,
 * placeholders and titles are searched for those words.
 */

const LOCALES = join(ROOT, 'apps', 'web', 'src', 'i18n', 'locales');
const readLocale = (code: string): unknown => JSON.parse(readFileSync(join(LOCALES, `${code}.json`), 'utf8'));

function* strings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* strings(item);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) yield* strings(item);
}

/**
 * Words of 3 Latin letters or more, lower-cased; interpolations ({{amount}}) and tags (<1>) left out.
 * A word is cut at any letter, so "Perú" is one word (not "Per").
 */
function wordsOf(text: string): Set<string> {
  const plain = text.replace(/\{\{[^}]*\}\}/gu, ' ').replace(/<\/?\w+\s*\/?>/gu, ' ');
  const words = Array.from(plain.matchAll(/\p{L}+/gu), (match) => match[0].toLowerCase());
  return new Set(words.filter((word) => /^[a-z]{3,}$/u.test(word)));
}

const wordsOfLocale = (code: string) => {
  const words = new Set<string>();
  for (const text of strings(readLocale(code))) for (const word of wordsOf(text)) words.add(word);
  return words;
};

/**
 * Words that are the same in every language, so they may show in es and ar: kept short, each with its
 * reason. Anything else English on a member screen is a leak to fix, not to list here.
 */
const ALLOWED: Record<string, string> = {
  // The language picker names each language in itself (English, Español, العربية).
  english: 'a language’s own name',
  // Payment gateways and wallets are brands.
  nowpayments: 'gateway brand',
  coinpayments: 'gateway brand',
  // Codes a member reads as codes: currency and coin tickers, one-time password.
  usd: 'currency code',
  btc: 'coin ticker',
  eth: 'coin ticker',
  usdt: 'coin ticker',
  otp: 'code name',
};

const english = wordsOfLocale('en');
const translated = new Set([...wordsOfLocale('es'), ...wordsOfLocale('ar')]);
/** The English-only words of the app's texts (the list the screens are checked against). */
const ENGLISH_ONLY = new Set([...english].filter((word) => !translated.has(word) && !(word in ALLOWED)));

/**
 * Every route of the member area (the children of <RequireMember> in app/routes.tsx, read from the
 * file so that a new screen is walked without editing this list), plus the member's screens that live
 * outside that block: My Plans (the same address as the visitors' plans page), the Help Center (in the
 * profile menu) and the sandbox checkout a deposit opens.
 */
function memberRoutes(): string[] {
  const source = readFileSync(join(ROOT, 'apps', 'web', 'src', 'app', 'routes.tsx'), 'utf8');
  const block = source.slice(source.lastIndexOf('<RequireMember>'));
  const end = block.indexOf("{ path: '*'");
  const paths = Array.from(block.slice(0, end).matchAll(/path: '([^']+)'/gu), (match) => match[1] ?? '');
  expect(paths, 'the member routes of app/routes.tsx').toContain('/dashboard');
  return [...paths, '/plans', '/help-center'];
}

/** What a person sees and hears on the page: its text, and the labels, placeholders and titles. */
const visibleText = (page: Page, scope: string) =>
  page.evaluate((selector) => {
    const root = document.querySelector<HTMLElement>(selector) ?? document.body;
    const attributes = Array.from(root.querySelectorAll('[aria-label], [placeholder], [title]'), (node) =>
      ['aria-label', 'placeholder', 'title'].map((name) => node.getAttribute(name) ?? '').join('\n'),
    );
    return [selector === 'body' ? document.title : '', root.innerText, ...attributes].join('\n');
  }, scope);

/** The English words on the page, each with the line it was found in (so the leak is easy to find). */
async function englishOn(page: Page, own: string[], scope = 'body'): Promise<string[]> {
  let text = await visibleText(page, scope);
  // Names are not texts: the member's email and username, the site's name (the brand) and email
  // address, the names of the catalogue's plans (Starter, Quick Cash...) read the same in every language.
  for (const value of own) text = text.split(value).join(' ');
  const found = new Map<string, string>();
  for (const line of text.split('\n')) {
    for (const word of wordsOf(line)) {
      if (ENGLISH_ONLY.has(word) && !found.has(word)) found.set(word, line.trim().slice(0, 90));
    }
  }
  return Array.from(found, ([word, line]) => `${word} («${line}»)`);
}

/** Waits until the screen has its data: the network is quiet and no spinner or skeleton is left. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[aria-busy="true"], .animate-spin, .animate-pulse')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/** Switches the language through the profile menu, as a member does (its names in the current language). */
async function chooseLanguage(
  page: Page,
  names: { menu: RegExp; language: string },
  option: string,
  lang: string,
): Promise<void> {
  await page.goto('/dashboard');
  await settled(page);
  await page.getByRole('button', { name: names.menu }).click();
  // The submenu by keyboard (a pointer path across it closes it on the way).
  await page.getByRole('menuitem', { name: names.language }).press('ArrowRight');
  const choice = page.getByRole('menuitemradio', { name: option });
  await choice.focus();
  await choice.press('Enter');
  await expect.poll(() => page.locator('html').getAttribute('lang'), { timeout: 10_000 }).toBe(lang);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
}

describe('member screens in Spanish and Arabic', () => {
  test('show no English word from the app’s texts on any member route', { timeout: 300_000 }, async () => {
    // A member with something on every screen: a deposit (and its notification), a plan, a goal, a
    // pending loan application, a pending deposit's checkout.
    const member = await fundedMember(5_000, 'l10n');
    const { session } = member;
    const plans = await session.request<{ id: number; name: string }[]>('GET', '/api/plans');
    const starter = plans.find((plan) => plan.name === 'Starter');
    await session.request('POST', '/api/invest', { plan_id: starter?.id, amount: 250 });
    await session.request('POST', '/api/goals', {
      name: 'Casa',
      target_amount: 2_000,
      target_frequency: 'monthly',
      target_date: '2028-06-01',
      plan_id: starter?.id,
    });
    const loanPlans = await session.request<{ id: number; name: string }[]>('GET', '/api/loan-plans');
    await session.request('POST', '/api/loans/apply', {
      plan_id: loanPlans.find((plan) => plan.name === 'Quick Cash')?.id,
      amount_requested: 250,
      term: 30,
    });
    const pending = await session.request<{ deposit: { id: number } }>('POST', '/api/deposit', {
      amount: 75,
      payment_method: 'nowpayment',
    });
    const me = await session.request<{ username: string; email: string }>('GET', '/api/me');
    const front = await session.request<{ sitename: string; company_email: string }>('GET', '/api/front');
    const own = [
      me.email,
      me.username,
      front.sitename,
      front.company_email,
      ...plans.map((plan) => plan.name),
      ...loanPlans.map((plan) => plan.name),
    ].sort((a, b) => b.length - a.length);
    const routes = [...memberRoutes(), `/sandbox/checkout/${pending.deposit.id}`];

    const { page, context } = await openPage(browser);
    await signIn(page, member.email, member.password);
    const leaks: string[] = [];
    const steps = [
      { names: { menu: /Account menu/u, language: 'Language' }, option: 'Español', lang: 'es' },
      { names: { menu: /Menú de la cuenta/u, language: 'Idioma' }, option: 'العربية', lang: 'ar' },
    ];
    for (const { names, option, lang } of steps) {
      await chooseLanguage(page, names, option, lang);
      for (const route of routes) {
        await page.goto(route);
        await settled(page);
        // The help center's articles, FAQs and the risk warning (the operator's words) are checked
        // too: they come in the reader's language (decision 164).
        const words = await englishOn(page, own);
        if (words.length > 0) leaks.push(`${lang} ${route}: ${words.join(', ')}`);
      }
      // The bell's panel: the notifications in the reader's language.
      await page.goto('/dashboard');
      await settled(page);
      await page.getByRole('button', { name: lang === 'es' ? /Notificaciones/u : /الإشعارات/u }).click();
      await page.getByRole('dialog').waitFor();
      await settled(page);
      const words = await englishOn(page, own, '[role="dialog"]');
      if (words.length > 0) leaks.push(`${lang} notifications panel: ${words.join(', ')}`);
      await page.keyboard.press('Escape');
    }
    await context.close();
    expect(
      leaks,
      `English words (from en.json, in no es.json/ar.json text) on member screens:\n${leaks.join('\n')}\n`,
    ).toEqual([]);
  });
});

test('the English-only word list is built from the texts and is not empty', () => {
  expect(ENGLISH_ONLY.size).toBeGreaterThan(200);
  for (const word of ['withdrawal', 'months', 'earning']) expect(ENGLISH_ONLY.has(word), word).toBe(true);
  for (const word of ['english', 'usd']) expect(ENGLISH_ONLY.has(word), word).toBe(false);
  // Sanity check of the base URL the walk runs against.
  expect(baseUrl()).toMatch(/^http/u);
});
