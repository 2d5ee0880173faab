import { describe, expect, test } from 'vitest';
import { expectAccessible, openPage } from './support/browser';
import { fundedMember, signIn, fitsWidth } from './support/member';
import { browser } from './support/setup';

describe('the assistant in My Goals, in a real browser', () => {
  test('the chat goes from step 0 to a saved goal, answers a question with a figure; axe-clean at 1280 and 390 px', async () => {
    const member = await fundedMember(1000, 'chatter');
    const { page, errors, context } = await openPage(browser);
    await signIn(page, member.email, member.password);
    await page.goto('/my-goals');
    const chat = page.getByRole('region', { name: 'Assistant' });
    const log = chat.getByRole('log', { name: 'Conversation with the assistant' });
    await log.getByText('How can I help you today?').waitFor();
    await expectAccessible(page, '/my-goals with the chat');

    // Steps 0 to 4, by keyboard where a field is asked for.
    await chat.getByRole('button', { name: 'Save for a goal' }).click();
    await log.getByText('What would you like to call your goal?').waitFor();
    const field = chat.getByRole('textbox', { name: 'Your message' });
    await field.fill('Chat car');
    await field.press('Enter');
    await log.getByText('How much do you want to save, in USD?').waitFor();
    await field.fill('2000');
    await field.press('Enter');
    await chat.getByRole('button', { name: 'Monthly' }).click();
    await chat.getByRole('button', { name: 'No target date' }).click();
    // Step 5: plans suggested by POST /api/ai/preview-plans.
    await log.getByText(/^Plans that can reach your goal \(\d+\):$/).waitFor();
    await log.getByText('Best plan').waitFor();
    await expectAccessible(page, 'chat with suggested plans');
    // Step 6: a plan chosen, back, then confirm.
    const choose = chat.getByRole('button', { name: /^Choose / }).first();
    await choose.click();
    await log.getByText(/You chose /).waitFor();
    await chat.getByRole('button', { name: 'Back to the plans' }).click();
    await chat
      .getByRole('button', { name: /^Choose / })
      .first()
      .click();
    await chat.getByRole('button', { name: 'Confirm and save' }).click();
    // The chat's message from POST /api/ai/save-goal: what was invested and when the next unit is due.
    await log.getByText(/Goal saved\. \$[\d,.]+ was invested in .+ today\./).waitFor();
    // Saved: back at step 0, and the goal is in the list.
    await chat.getByRole('button', { name: 'Save for a goal' }).waitFor();
    await page.getByRole('heading', { name: 'Chat car' }).waitFor();

    // A free question, answered with the member's own figure and its source.
    const me = await member.session.request<{ balance: number }>('GET', '/api/me');
    expect(me.balance).toBeLessThan(1000);
    const balance = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(me.balance);
    await field.fill('What is my balance?');
    await field.press('Enter');
    await log.getByText(`Your balance is ${balance}.`, { exact: false }).waitFor();
    await log.getByRole('link', { name: 'Dashboard' }).waitFor();
    await expectAccessible(page, 'chat after a question');

    // 390 px: the same conversation (kept for the session in this tab), no sideways scroll, axe-clean.
    const phone = await openPage(browser, { width: 390, height: 844 });
    await signIn(phone.page, member.email, member.password);
    await phone.page.goto('/my-goals');
    const phoneChat = phone.page.getByRole('region', { name: 'Assistant' });
    await phoneChat.getByText('How can I help you today?').first().waitFor();
    await phoneChat.getByRole('button', { name: 'Check my balance' }).click();
    await phoneChat.getByText(`Your balance is ${balance}.`, { exact: false }).waitFor();
    await expect.poll(() => fitsWidth(phone.page), { timeout: 10_000 }).toBe(true);
    await expectAccessible(phone.page, 'chat at 390 px');

    // History survives a reload in the same tab.
    await page.reload();
    await page
      .getByRole('log', { name: 'Conversation with the assistant' })
      .getByText(`Your balance is ${balance}.`, { exact: false })
      .waitFor();

    expect(errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
    await context.close();
  });
});
