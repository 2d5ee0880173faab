import { describe, expect, test } from 'vitest';
import { uniqueEmail } from './support/api-session';
import { baseUrl, expectAccessible, openPage } from './support/browser';
import { browser } from './support/setup';

interface OutboxMail {
  subject: string;
  text: string;
  html: string | null;
}

/** Issue 36 item 6 (decision 179): a member who signs up in Spanish gets a Spanish HTML mail. */
describe('mails in a real browser', () => {
  test('a Spanish sign-up’s verification mail is Spanish HTML that reads well on a 390 px phone', async () => {
    const email = uniqueEmail('correo');
    // What the sign-up screen sends when the visitor chose Spanish (its `language` is the UI's).
    const registered = await fetch(`${baseUrl()}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({
        username: email.split('@')[0]?.replace(/\W/g, '').slice(0, 30),
        email,
        password: 'una-contraseña-larga-1',
        account_type: 'personal',
        language: 'es',
      }),
    });
    expect(registered.status).toBe(201);
    const outbox = (await (
      await fetch(`${baseUrl()}/api/dev/mail?to=${encodeURIComponent(email)}`)
    ).json()) as OutboxMail[];
    const mail = outbox[0];
    expect(mail?.subject).toMatch(/: tu código de verificación$/u);
    const code = /\b(\d{6})\b/u.exec(mail?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/u);

    const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
    await page.setContent(mail?.html ?? '');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await page.getByRole('heading', { name: mail?.subject ?? '' }).waitFor();
    await page.getByText(`Tu código de verificación es ${code}.`).waitFor();
    await expectAccessible(page, 'verification mail (es, 390 px)');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
