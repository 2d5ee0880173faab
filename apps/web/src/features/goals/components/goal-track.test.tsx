import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Goal, GoalListResponse } from '@app/shared/schemas/goals';
import { i18n } from '#i18n/index';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { MyGoalsPage } from '../routes/my-goals-page';

/** Goals that speak up (decision 187): each goal card says whether it is on track. */

function goal(overrides: Partial<Goal>): Goal {
  return {
    id: 1,
    name: 'Car',
    status: 'active',
    target_amount: 5000,
    invested: 100,
    achieved_amount: 100,
    earned: 0,
    progress_percent: 2,
    target_frequency: 'monthly',
    target_date: '2027-03-01',
    plan_id: 3,
    plan_name: 'Growth',
    unit_amount: 100,
    contributions: 1,
    skipped_periods: 0,
    next_contribution_date: '2026-04-02',
    next_contribution_amount: 100,
    created_at: '2026-03-02T09:00:00.000Z',
    completed_at: null,
    projection: {
      track: 'behind',
      projected_value: 1266,
      remaining_contributions: 11,
      suggested_contribution: 423.3,
    },
    ...overrides,
  };
}

const list = (goals: Goal[]): GoalListResponse => ({
  data: goals,
  summary: { total_goals: goals.length, active_goals: goals.length, completed_goals: 0, total_invested: 100 },
});

describe('the on-track line of a goal', () => {
  it('says behind with the contribution per period that reaches it, on track, and past the date', async () => {
    await i18n.changeLanguage('en');
    fakeApi({
      'GET /api/goals': () =>
        json(
          list([
            goal({}),
            goal({
              id: 2,
              name: 'Bike',
              projection: {
                track: 'on_track',
                projected_value: 1266,
                remaining_contributions: 11,
                suggested_contribution: null,
              },
            }),
            goal({
              id: 3,
              name: 'Boat',
              target_frequency: 'weekly',
              projection: {
                track: 'overdue',
                projected_value: 300,
                remaining_contributions: 0,
                suggested_contribution: null,
              },
            }),
          ]),
        ),
    });
    renderScreen('/my-goals', <MyGoalsPage />);
    const car = (await screen.findByRole('heading', { name: 'Car' })).closest('li')!;
    expect(car).toHaveTextContent('Behind: projected $1,266.00. Add $423.30 a month to reach it');
    const bike = screen.getByRole('heading', { name: 'Bike' }).closest('li')!;
    expect(bike).toHaveTextContent('On track: projected $1,266.00 by the target date');
    const boat = screen.getByRole('heading', { name: 'Boat' }).closest('li')!;
    expect(boat).toHaveTextContent('Behind: the target date has passed at $300.00');
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    fakeApi({ 'GET /api/goals': () => json(list([goal({ target_frequency: 'weekly' })])) });
    renderScreen('/my-goals', <MyGoalsPage />);
    const car = (await screen.findByRole('heading', { name: 'Car' })).closest('li')!;
    expect(car.textContent?.replace(/\u00a0/gu, ' ')).toContain(
      'Añade 423,30 US$ a la semana para alcanzarla',
    );
    await i18n.changeLanguage('en');
  });
});

describe('changing a goal’s contribution (decision 191)', () => {
  it('offers the suggestion, shows the server’s field error, and saves', async () => {
    await i18n.changeLanguage('en');
    let saved = false;
    const api = fakeApi({
      'GET /api/goals': () =>
        json(
          list([
            saved
              ? goal({
                  unit_amount: 423.3,
                  projection: {
                    track: 'on_track',
                    projected_value: 5000.5,
                    remaining_contributions: 11,
                    suggested_contribution: null,
                  },
                })
              : goal({}),
          ]),
        ),
      'POST /api/goals/1/contribution': (request) => {
        const { amount } = request.body as { amount: string };
        if (amount === '99')
          return json(
            {
              message: 'The given data was invalid.',
              code: 'VALIDATION_FAILED',
              errors: {
                amount: ['The contribution must be between this plan’s minimum and maximum amounts.'],
              },
            },
            400,
          );
        saved = true;
        return json({ message: 'Contribution changed.', goal: goal({ unit_amount: 423.3 }) });
      },
    });
    const user = userEvent.setup();
    renderScreen('/my-goals', <MyGoalsPage />);
    await user.click(await screen.findByRole('button', { name: 'Change the contribution of Car' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change contribution' });
    expect(dialog).toHaveTextContent('What Car invests in Growth each month, from its next contribution.');
    const field = within(dialog).getByLabelText('Contribution (USD)');
    expect(field).toHaveValue('423.30');

    await user.clear(field);
    await user.type(field, '99');
    await user.click(within(dialog).getByRole('button', { name: 'Save contribution' }));
    expect(
      await within(dialog).findByText(
        'The contribution must be between this plan’s minimum and maximum amounts.',
      ),
    ).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '423.30');
    await user.click(within(dialog).getByRole('button', { name: 'Save contribution' }));
    const car = (await screen.findByText(/^On track: projected/)).closest('li')!;
    expect(car).toHaveTextContent('On track: projected $5,000.50 by the target date');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.to('POST /api/goals/1/contribution').map((request) => request.body)).toEqual([
      { amount: '99' },
      { amount: '423.30' },
    ]);
  });

  it('reads the amount as typed in Spanish and says what is wrong before sending anything', async () => {
    await i18n.changeLanguage('es');
    const api = fakeApi({
      'GET /api/goals': () => json(list([goal({})])),
      'POST /api/goals/1/contribution': () =>
        json({ message: 'Contribution changed.', goal: goal({ unit_amount: 1500.5 }) }),
    });
    const user = userEvent.setup();
    renderScreen('/my-goals', <MyGoalsPage />);
    await user.click(await screen.findByRole('button', { name: 'Cambiar la aportación de Car' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar aportación' });
    const field = within(dialog).getByLabelText('Aportación (USD)');
    // The suggestion is written as a Spanish reader writes it.
    expect(field).toHaveValue('423,30');
    const save = within(dialog).getByRole('button', { name: 'Guardar aportación' });

    const refused: Array<[string, string]> = [
      ['abc', 'Introduce una aportación de al menos 0,01.'],
      // 1.50 could be read as one and a half or as one hundred and fifty: refused.
      ['1.50', 'Introduce una aportación de al menos 0,01.'],
      ['0', 'Introduce una aportación de al menos 0,01.'],
      ['10,999', 'El importe puede tener como máximo 2 decimales.'],
    ];
    for (const [typed, error] of refused) {
      await user.clear(field);
      await user.type(field, typed);
      await user.click(save);
      expect(within(dialog).getByText(error)).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    expect(api.to('POST /api/goals/1/contribution')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '1.500,5');
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST /api/goals/1/contribution').map((request) => request.body)).toEqual([
      { amount: '1500.5' },
    ]);
    await i18n.changeLanguage('en');
  });
});
