import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { storeToken } from '#lib/tokens';
import { i18n } from '#i18n/index';
import { AssistantChat } from './assistant-chat';

/** The goal amount of step 2 typed as the member writes numbers in their language (issue: decimal marks). */

const log = () => screen.getByRole('log');

beforeEach(() => {
  window.sessionStorage.clear();
  storeToken('member', '1|member-token');
});

/** Opens the goal flow and names the goal: the chat then asks for the amount. */
async function toAmountStep(user: ReturnType<typeof userEvent.setup>) {
  renderScreen('/my-goals', <AssistantChat />);
  await user.click(screen.getAllByRole('button')[1]!); // Save for a goal, in any language
  const field = screen.getByRole('textbox');
  await user.type(field, 'Bike{Enter}');
  return field;
}

describe('the assistant reads the goal amount in the member’s language', () => {
  it('reads 1.500,50 and 1.500 in Spanish, says the target back as money, and sends dollars', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    const server = fakeApi({
      'GET /api/me': () => json(USER),
      'POST /api/ai/preview-plans': () =>
        json({ recommended_plans: [], best_plan: null, message: 'No plan can reach this target.' }),
    });
    const field = await toAmountStep(user);
    await user.type(field, '1500,50{Enter}');
    expect(within(log()).getByText('Tu meta: 1500,50 US$.')).toBeInTheDocument();
    await user.type(field, 'mensual{Enter}');
    await user.click(screen.getByRole('button', { name: 'Sin fecha objetivo' }));
    await within(log()).findByText('No plan can reach this target.');
    expect(server.to('POST /api/ai/preview-plans')[0]!.body).toMatchObject({ target_amount: '1500.5' });

    // Again with a grouping mark: 1.500 is one thousand five hundred, not refused.
    await user.click(screen.getAllByRole('button')[1]!);
    await user.type(field, 'Coche{Enter}');
    await user.type(field, '1.500{Enter}');
    expect(within(log()).getByText('Tu meta: 1500,00 US$.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses an amount that could be read two ways, with the prompt’s example in Spanish form', async () => {
    await i18n.changeLanguage('es');
    const user = userEvent.setup();
    fakeApi({ 'GET /api/me': () => json(USER) });
    const field = await toAmountStep(user);
    await user.type(field, '1500.50{Enter}');
    const prompt = 'Eso no es un importe. Escríbelo con cifras, por ejemplo 1500 o 1500,50.';
    expect(screen.getByRole('alert')).toHaveTextContent(prompt);
    expect(within(log()).getByText(prompt)).toBeInTheDocument();
    expect(log()).not.toHaveTextContent('Tu meta');
  });

  it('keeps reading English amounts with a grouping comma, and refuses 1,50', async () => {
    const user = userEvent.setup();
    fakeApi({ 'GET /api/me': () => json(USER) });
    const field = await toAmountStep(user);
    await user.type(field, '1,50{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('That is not an amount.');
    await user.clear(field);
    await user.type(field, '$1,500.50{Enter}');
    expect(within(log()).getByText('Your target: $1,500.50.')).toBeInTheDocument();
    expect(within(log()).getByText('How often should we invest towards it?')).toBeInTheDocument();
  });
});
