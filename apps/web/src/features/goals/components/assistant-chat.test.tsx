import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SuggestedPlan } from '@app/shared/schemas/goals';
import { USER, fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { storeToken } from '#lib/tokens';
import { STORAGE_KEYS } from '#lib/storage';
import { i18n } from '#i18n/index';
import { AssistantChat } from './assistant-chat';

const growth: SuggestedPlan = {
  id: 3,
  plan_id: 3,
  name: 'Growth',
  category: 'personal',
  apy_bps: 1200,
  change: '+12.00%',
  min_amount: 100,
  max_amount: 5000,
  min_units: 16,
  max_units: 50,
  min_total: 20_800,
  max_total: 65_000,
  periods: 12,
  contributions: 13,
};
const starter: SuggestedPlan = { ...growth, id: 4, plan_id: 4, name: 'Starter', change: '+8.00%' };

const log = () => screen.getByRole('log', { name: 'Conversation with the assistant' });

/** SSE as the API streams it with an external model. */
function eventStream(events: Array<[string, unknown]>): Response {
  const text = events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  return new Response(text, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  window.localStorage.removeItem(STORAGE_KEYS.showBalance);
  window.sessionStorage.clear();
  storeToken('member', '1|member-token');
});

describe('AssistantChat', () => {
  it('walks the spec’s steps from the menu to a saved goal', async () => {
    const user = userEvent.setup();
    const server = fakeApi({
      'GET /api/me': () => json(USER),
      'POST /api/ai/preview-plans': () =>
        json({
          recommended_plans: [growth, starter],
          best_plan: growth,
          message: '2 plans can reach your goal.',
        }),
      'POST /api/ai/save-goal': () =>
        json({ message: 'Goal created and investment deducted!', goal: {} }, 201),
    });
    renderScreen('/my-goals', <AssistantChat />);

    // Step 0: the greeting and the menu.
    expect(within(log()).getByText('How can I help you today?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save for a goal' }));
    // Step 1: the name (focus moves to the field).
    expect(within(log()).getByText('What would you like to call your goal?')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Your message' });
    await user.type(field, 'House deposit{Enter}');
    // Step 2: the amount, checked.
    expect(within(log()).getByText('How much do you want to save, in USD?')).toBeInTheDocument();
    await user.type(field, '0{Enter}');
    const notPositive = 'The amount must be more than 0. How much do you want to save, in USD?';
    expect(screen.getByRole('alert')).toHaveTextContent(notPositive);
    expect(within(log()).getByText(notPositive)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '20000{Enter}');
    // Step 3: the interval.
    expect(within(log()).getByText('How often should we invest towards it?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    // Step 4: the date, or none.
    expect(within(log()).getByText(/By when do you want to reach it/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'No target date' }));
    // Step 5: the suggested plans, with the best one marked.
    expect(await within(log()).findByText('Plans that can reach your goal (2):')).toBeInTheDocument();
    expect(server.to('POST /api/ai/preview-plans')[0]!.body).toEqual({
      name: 'House deposit',
      target_amount: '20000',
      target_frequency: 'monthly',
      target_date: null,
    });
    expect(within(log()).getByText('Best plan')).toBeInTheDocument();
    expect(log()).toHaveTextContent('Growth (12% APR)');
    expect(log()).toHaveTextContent('Every month: 16 to 50 × $100.00 ($1,600.00 to $5,000.00).');
    // The goal stops investing once its target is reached: 50 units a month reach $20,000 at the 4th
    // contribution, 16 at the 13th (decision 161, amended).
    expect(log()).toHaveTextContent(
      'Contributions in 12 months: 13. The goal reaches $20,000.00 after 4 to 13 of them, then stops investing.',
    );
    await user.click(screen.getByRole('button', { name: 'Choose Starter' }));
    // Step 6: confirm or go back.
    expect(
      within(log()).getByText(/You chose Starter: \$1,600.00 \(16 × \$100.00\) is invested now/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the plans' }));
    await user.click(screen.getByRole('button', { name: 'Choose Growth' }));
    await user.click(screen.getByRole('button', { name: 'Confirm and save' }));
    expect(await within(log()).findByText('Goal created and investment deducted!')).toBeInTheDocument();
    expect(server.to('POST /api/ai/save-goal')[0]!.body).toEqual({
      name: 'House deposit',
      target_amount: '20000',
      target_frequency: 'monthly',
      target_date: null,
      plan_id: 3,
      units: 16,
      achieved_amount: 0,
    });
    // Saving returns to step 0.
    expect(screen.getByRole('button', { name: 'Save for a goal' })).toBeInTheDocument();
  });

  it('shows the spec’s messages when no plan fits and when saving fails', async () => {
    const user = userEvent.setup();
    let plans: SuggestedPlan[] = [];
    fakeApi({
      'GET /api/me': () => json(USER),
      'POST /api/ai/preview-plans': () =>
        json({
          recommended_plans: plans,
          best_plan: plans[0] ?? null,
          message: plans.length
            ? 'One plan can reach your goal.'
            : 'No matching plans found for your goal, your balance is insufficient.',
        }),
      'POST /api/ai/save-goal': () => json({ message: 'Server down' }, 500),
    });
    renderScreen('/my-goals', <AssistantChat />);
    const field = screen.getByRole('textbox', { name: 'Your message' });
    const toDates = async () => {
      await user.click(screen.getByRole('button', { name: 'Save for a goal' }));
      await user.type(field, 'Car{Enter}');
      await user.type(field, '500{Enter}');
      await user.type(field, 'weekly{Enter}');
      await user.click(screen.getByRole('button', { name: 'No target date' }));
    };
    await toDates();
    expect(
      await within(log()).findByText('No matching plans found for your goal, your balance is insufficient.'),
    ).toBeInTheDocument();
    plans = [growth];
    await toDates();
    await user.click(await screen.findByRole('button', { name: 'Save with Growth' }));
    expect(await within(log()).findByText('Server down')).toBeInTheDocument();
  });

  it('answers free questions with their sources as links, and keeps the history for the session', async () => {
    const user = userEvent.setup();
    const server = fakeApi({
      'GET /api/me': () => json(USER),
      'POST /api/ai/ask': (request) =>
        (request.body as { question: string }).question === 'Check my balance'
          ? json({
              answer: 'Your balance is $1,234.00.',
              sources: [{ title: 'Dashboard', url: '/dashboard' }],
              intent: 'balance',
            })
          : json({ message: 'Too many requests. Please try again later.', code: 'TOO_MANY_REQUESTS' }, 429),
    });
    const { unmount } = renderScreen('/my-goals', <AssistantChat />);
    await user.click(screen.getByRole('button', { name: 'Check my balance' }));
    expect(await within(log()).findByText('Your balance is $1,234.00.')).toBeInTheDocument();
    expect(within(log()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(server.to('POST /api/ai/ask')[0]!.headers.Accept).toContain('text/event-stream');
    expect(server.to('POST /api/ai/ask')[0]!.body).toEqual({ question: 'Check my balance', language: 'en' });

    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'again?{Enter}');
    expect(await within(log()).findByText('Too many requests. Please try again later.')).toBeInTheDocument();

    // Another render in the same browser session shows the same conversation.
    unmount();
    renderScreen('/my-goals', <AssistantChat />);
    expect(await within(log()).findByText('Your balance is $1,234.00.')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(`assistant-chat:${USER.id}`)).toContain(
      'Your balance is $1,234.00.',
    );
  });

  it('reads a streamed answer and shows the final one; failures give the spec’s messages', async () => {
    const user = userEvent.setup();
    let mode: 'stream' | 'empty' | 'error' = 'stream';
    fakeApi({
      'GET /api/me': () => json(USER),
      'POST /api/ai/ask': () =>
        mode === 'stream'
          ? eventStream([
              ['delta', { text: 'You earned ' }],
              ['delta', { text: '$12.34.' }],
              ['done', { answer: 'You earned $12.34 last month.', sources: [], intent: 'model' }],
            ])
          : mode === 'empty'
            ? json({ answer: '', sources: [], intent: 'unknown' })
            : json({ message: 'boom' }, 500),
    });
    renderScreen('/my-goals', <AssistantChat />);
    const field = screen.getByRole('textbox', { name: 'Your message' });
    await user.type(field, 'How much did I earn last month?{Enter}');
    expect(await within(log()).findByText('You earned $12.34 last month.')).toBeInTheDocument();
    mode = 'empty';
    await user.type(field, 'hmm{Enter}');
    expect(await within(log()).findByText('I didn’t get a valid response.')).toBeInTheDocument();
    mode = 'error';
    await user.type(field, 'and now?{Enter}');
    expect(await within(log()).findByText('Sorry, something went wrong.')).toBeInTheDocument();
  });

  it('refuses a question of 2,000 characters or more before sending it', async () => {
    const user = userEvent.setup();
    const server = fakeApi({ 'GET /api/me': () => json(USER) });
    renderScreen('/my-goals', <AssistantChat />);
    const field = screen.getByRole('textbox', { name: 'Your message' });
    await user.click(field);
    await user.paste('a'.repeat(2000));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your question is too long: please keep it under 2,000 characters.',
    );
    expect(server.to('POST /api/ai/ask')).toHaveLength(0);
  });

  it.each(['es', 'ar'] as const)('sends the UI language (%s) with the question', async (language) => {
    const user = userEvent.setup();
    await i18n.changeLanguage(language);
    const server = fakeApi({
      'GET /api/me': () => json(USER),
      'POST /api/ai/ask': () => json({ answer: 'ok', sources: [], intent: 'balance' }),
    });
    renderScreen('/my-goals', <AssistantChat />);
    await user.type(screen.getByRole('textbox'), 'saldo?{Enter}');
    expect(await within(screen.getByRole('log')).findByText('ok')).toBeInTheDocument();
    expect(server.to('POST /api/ai/ask')[0]!.body).toEqual({ question: 'saldo?', language });
  });
  it('answers every bad amount and date at its step, in the conversation', async () => {
    const user = userEvent.setup();
    const server = fakeApi({ 'GET /api/me': () => json(USER) });
    renderScreen('/my-goals', <AssistantChat />);
    const field = screen.getByRole('textbox', { name: 'Your message' });
    await user.click(screen.getByRole('button', { name: 'Save for a goal' }));
    await user.type(field, 'Bike{Enter}');
    const amounts: Array<[string, string]> = [
      ['abc', 'That is not an amount. Please type it in digits, for example 1500 or 1500.50.'],
      ['0', 'The amount must be more than 0. How much do you want to save, in USD?'],
      ['-5', 'The amount must be more than 0. How much do you want to save, in USD?'],
      ['0.50', 'The smallest goal is 1 USD. Please enter an amount of at least 1.'],
      ['10.999', 'Please use at most 2 decimals (cents), for example 1500.50.'],
      ['99999999999999999', 'That amount is too large for a goal. Please enter a smaller amount.'],
    ];
    for (const [typed, prompt] of amounts) {
      await user.clear(field);
      await user.type(field, `${typed}{Enter}`);
      const bubbles = within(log()).getAllByText(prompt);
      expect(bubbles.length).toBeGreaterThan(0);
      expect(screen.getByRole('alert')).toHaveTextContent(prompt);
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    await user.clear(field);
    await user.type(field, '1500{Enter}');
    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    const dates: Array<[string, string]> = [
      ['30/09/2027', 'That is not a date. Please choose one in the date field, or type it as YYYY-MM-DD.'],
      ['2020-01-01', 'The date must be after today. By when do you want to reach your goal?'],
      ['2999-01-01', 'That date is too far away. Please choose one at most 50 years from today.'],
    ];
    for (const [typed, prompt] of dates) {
      await user.clear(field);
      await user.type(field, `${typed}{Enter}`);
      expect(within(log()).getByText(prompt)).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(prompt);
    }
    // "Use this date" with no date chosen is answered too.
    await user.click(screen.getByRole('button', { name: 'Use this date' }));
    expect(within(log()).getByText('No date chosen')).toBeInTheDocument();
    expect(within(log()).getAllByText(/That is not a date/)).toHaveLength(2);
    expect(server.to('POST /api/ai/preview-plans')).toHaveLength(0);
  });

  it.each([
    [
      'en',
      'September 30, 2027',
      'Contributions until September 30, 2027: 11. The goal reaches',
      'Goal saved. $200.00 was invested in Starter today. The next $200.00 is due on December 28, 2026.',
    ],
    [
      'es',
      '30 de septiembre de 2027',
      'Aportaciones hasta el 30 de septiembre de 2027: 11. La meta alcanza',
      // Testing Library compares with its whitespace normalised (a no-break space reads as a space).
      'Meta guardada. Hoy se invirtieron 200,00 US$ en Starter. La próxima aportación de 200,00 US$ vence el 28 de diciembre de 2026.',
    ],
  ] as const)(
    'shows the target date in the member’s language (%s), not as ISO',
    async (language, shown, total, saved) => {
      const user = userEvent.setup();
      await i18n.changeLanguage(language);
      const server = fakeApi({
        'GET /api/me': () => json(USER),
        'POST /api/ai/preview-plans': () =>
          json({
            recommended_plans: [{ ...starter, contributions: 11 }],
            best_plan: { ...starter, contributions: 11 },
            message: 'One plan can reach your goal.',
          }),
        'POST /api/ai/save-goal': () =>
          json(
            {
              message:
                'Goal saved. $200.00 was invested in Starter today. The next $200.00 is due on 2026-12-28.',
              goal: { plan_name: 'Starter', unit_amount: 200, next_contribution_date: '2026-12-28' },
            },
            201,
          ),
      });
      renderScreen('/my-goals', <AssistantChat />);
      const field = screen.getByRole('textbox');
      await user.click(screen.getAllByRole('button')[1]!); // Save for a goal
      await user.type(field, 'Bike{Enter}');
      await user.type(field, '1500{Enter}');
      await user.type(field, 'monthly{Enter}');
      await user.type(field, '2027-09-30{Enter}');
      expect(await within(screen.getByRole('log')).findByText(shown)).toBeInTheDocument();
      expect(screen.getByRole('log')).toHaveTextContent(total);
      expect(screen.getByRole('log')).not.toHaveTextContent('2027-09-30');
      expect(server.to('POST /api/ai/preview-plans')[0]!.body).toMatchObject({ target_date: '2027-09-30' });
      // Saved: said in the member's language, the next contribution's date too (not the API's ISO text).
      await user.click(within(screen.getByRole('group')).getAllByRole('button')[0]!);
      expect(await within(screen.getByRole('log')).findByText(saved)).toBeInTheDocument();
      expect(screen.getByRole('log')).not.toHaveTextContent('2026-12-28');
    },
  );

  it('hides the member’s money figures of an answer while Hide balance is on', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(STORAGE_KEYS.showBalance, 'false');
    fakeApi({
      'GET /api/me': () => json(USER),
      'POST /api/ai/ask': () =>
        json({
          answer: 'Your balance is $1,234.00. You have $500.00 invested in plans.',
          sources: [],
          intent: 'balance',
          parts: [
            { text: 'Your balance is ' },
            { text: '$1,234.00', amount: 1234 },
            { text: '. You have ' },
            { text: '$500.00', amount: 500 },
            { text: ' invested in plans.' },
          ],
        }),
    });
    renderScreen('/my-goals', <AssistantChat />);
    await user.click(screen.getByRole('button', { name: 'Check my balance' }));
    expect(await within(log()).findByText(/Your balance is/)).toBeInTheDocument();
    expect(log()).not.toHaveTextContent('$1,234.00');
    expect(log()).not.toHaveTextContent('$500.00');
    expect(log()).toHaveTextContent('Your balance is ******Hidden. You have ******Hidden invested in plans.');
  });
});
