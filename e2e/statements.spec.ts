import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, test } from 'vitest';
import { expectAccessible, openPage } from './support/browser';
import { fitsWidth, fundedMember, signIn } from './support/member';
import { browser } from './support/setup';

/** "$1,234.00" or "$1,234" as a number of dollars. */
const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

async function pdfText(path: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(path)));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

const statements = (page: Page) => page.getByRole('region', { name: 'Statements' });

describe('monthly statements in a real browser', () => {
  test("a member downloads this month's PDF statement from Activity: its closing balance is the dashboard's", async () => {
    // $250 paid in through the sandbox gateway, $40 asked out (held from the balance): $210 left.
    const member = await fundedMember(250, 'statement');
    await member.session.request('POST', '/api/withdrawal', {
      amount: 40,
      withdrawal_method: 'crypto',
      destination: 'bc1qstatementtestwallet',
    });
    const { page, errors, context } = await openPage(browser);
    await signIn(page, member.email, member.password);
    await expect.poll(() => page.getByTestId('balance').innerText()).toBe('$210');
    const balance = dollars(await page.getByTestId('balance').innerText());

    await page.goto('/activity');
    const section = statements(page);
    await section.getByRole('listitem').first().waitFor();
    await expectAccessible(page, '/activity with statements (1280 px)');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section
        .getByRole('button', { name: /^Download the PDF statement for / })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}\.pdf$/);
    const text = await pdfText(await download.path());
    const closing = /Closing balance\s+(\$[\d,]+\.\d{2})/.exec(text);
    expect(closing, text).not.toBeNull();
    expect(dollars(closing![1]!)).toBe(balance);
    expect(text).toContain('Opening balance');

    expect(errors).toEqual([]);
    await context.close();
  });

  test('at 390 px the statements fit and are axe-clean', async () => {
    const member = await fundedMember(20, 'statement390');
    const { page, errors, context } = await openPage(browser, { width: 390, height: 844 });
    await signIn(page, member.email, member.password);
    await page.goto('/activity');
    await statements(page).getByRole('listitem').first().waitFor();
    await statements(page).scrollIntoViewIfNeeded();
    await expectAccessible(page, '/activity with statements (390 px)');
    expect(await fitsWidth(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
