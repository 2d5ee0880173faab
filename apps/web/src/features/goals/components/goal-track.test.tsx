import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
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
