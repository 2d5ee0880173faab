import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Goal, GoalListResponse } from '@app/shared/schemas/goals';
import type { Plan } from '@app/shared/schemas/investing';
import { i18n } from '#i18n/index';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, hang, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { MyGoalsPage } from './my-goals-page';

function goal(overrides: Partial<Goal> = {}): Goal {
  return {
    id: 1,
    name: 'House deposit',
    status: 'active',
    target_amount: 20000,
    invested: 5000,
    achieved_amount: 5000,
    earned: 120.5,
    progress_percent: 25,
    target_frequency: 'monthly',
    target_date: '2027-12-01',
    plan_id: 3,
    plan_name: 'Growth',
    unit_amount: 100,
    contributions: 50,
    skipped_periods: 0,
    next_contribution_date: '2026-04-02',
    next_contribution_amount: 100,
    created_at: '2026-03-02T09:00:00.000Z',
    completed_at: null,
    projection: {
      track: 'on_track',
      projected_value: 20500,
      remaining_contributions: 20,
      suggested_contribution: null,
    },
    ...overrides,
  };
}

function list(goals: Goal[]): GoalListResponse {
  return {
    data: goals,
    summary: {
      total_goals: goals.length,
      active_goals: goals.filter((item) => item.status === 'active').length,
      completed_goals: goals.filter((item) => item.status === 'completed').length,
      total_invested: goals.reduce((sum, item) => sum + item.invested, 0),
    },
  };
}

function plan(overrides: Partial<Plan>): Plan {
  return {
    id: 3,
    name: 'Growth',
    category: 'personal',
    description: '',
    apy_bps: 1200,
    locked_apy_bps: 1500,
    duration_days: 365,
    min_amount: 100,
    max_amount: 10000,
    status: 'active',
    price: 100,
    change: '+12.00%',
    duration: '12 months',
    expected_yield: 12,
    ...overrides,
  } as Plan;
}

describe('My Goals (spec §2, §5, §8, §9)', () => {
  it("shows 'Loading your investment goals...' while loading", async () => {
    fakeApi({ 'GET /api/goals': hang });
    renderScreen('/my-goals', <MyGoalsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Goals' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your investment goals...');
  });

  it("shows the load failure as text and as a toast ('Failed to fetch your goals.'), with Retry", async () => {
    let fail = true;
    fakeApi({
      'GET /api/goals': () => (fail ? json({}, 500) : json(list([goal()]))),
    });
    const user = userEvent.setup();
    renderScreen('/my-goals', <MyGoalsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch your goals.');
    expect(
      await screen.findByText('Failed to fetch your goals.', { selector: '.Toastify *' }),
    ).toBeInTheDocument();
    expect(document.querySelector<HTMLElement>('.Toastify__progress-bar')?.style.animationDuration).toBe(
      '4000ms',
    );
    fail = false;
    await user.click(within(alert).getByRole('button'));
    expect(await screen.findByRole('heading', { name: 'House deposit' })).toBeInTheDocument();
  });

  it('shows the empty state with Create New Goal', async () => {
    fakeApi({ 'GET /api/goals': () => json(list([])) });
    renderScreen('/my-goals', <MyGoalsPage />);
    expect(
      await screen.findByText("You don't have any goals yet. Start by creating one!"),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create New Goal' })).toBeInTheDocument();
    expect(screen.queryByText('Total Goals')).not.toBeInTheDocument();
  });

  it('shows the summary header and each goal with its status colour, figures, progress bar and timeframe', async () => {
    fakeApi({
      'GET /api/goals': () =>
        json(
          list([
            goal(),
            goal({
              id: 2,
              name: 'Car',
              status: 'completed',
              progress_percent: 100,
              target_date: null,
              target_frequency: null,
              next_contribution_date: null,
              next_contribution_amount: null,
              invested: 3000,
            }),
            goal({ id: 3, name: 'Trip', status: 'paused', next_contribution_date: null, invested: 200 }),
          ]),
        ),
    });
    const user = userEvent.setup();
    renderScreen('/my-goals', <MyGoalsPage />);
    const summary = await screen.findByRole('region', { name: 'Goals summary' });
    expect(summary).toHaveTextContent('Total Goals3');
    expect(summary).toHaveTextContent('Active Goals1');
    expect(summary).toHaveTextContent('Completed Goals1');
    expect(summary).toHaveTextContent('Total Invested$8,200.00');
    expect(within(summary).getByRole('button', { name: 'Create New Goal' })).toBeInTheDocument();

    const house = screen.getByRole('heading', { name: 'House deposit' }).closest('li')!;
    expect(house).toHaveTextContent('Target Amount$20,000.00');
    expect(house).toHaveTextContent('Invested$5,000.00');
    expect(house).toHaveTextContent('Earnings$120.50');
    expect(house).toHaveTextContent('TimeframeBy Dec 1, 2027 · Monthly');
    expect(house).toHaveTextContent('Next investment: $100.00 on Apr 2, 2026');
    const bar = within(house).getByRole('progressbar', { name: 'Progress of House deposit' });
    expect(bar).toHaveAttribute('value', '25');
    expect(house).toHaveTextContent('25%');
    expect(within(house).getByText('Active')).toHaveAttribute('data-tone', 'success');

    const car = screen.getByRole('heading', { name: 'Car' }).closest('li')!;
    expect(within(car).getByText('Completed')).toHaveAttribute('data-tone', 'info');
    expect(car).toHaveTextContent('No end date · None');
    const trip = screen.getByRole('heading', { name: 'Trip' }).closest('li')!;
    expect(within(trip).getByText('Paused')).toHaveAttribute('data-tone', 'neutral');

    await user.selectOptions(screen.getByLabelText('Show'), 'completed');
    expect(screen.queryByRole('heading', { name: 'House deposit' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Car' })).toBeInTheDocument();
  });

  it('hides every money figure of the goals under Hide balance, progress still shown', async () => {
    window.localStorage.setItem(STORAGE_KEYS.showBalance, 'false');
    fakeApi({ 'GET /api/goals': () => json(list([goal()])) });
    renderScreen('/my-goals', <MyGoalsPage />);
    const house = (await screen.findByRole('heading', { name: 'House deposit' })).closest('li')!;
    const summary = screen.getByRole('region', { name: 'Goals summary' });
    for (const place of [house, summary]) {
      expect(place.textContent).not.toMatch(/\$\d/u);
      expect(place).toHaveTextContent('******');
    }
    expect(house).toHaveTextContent('Next investment: ****** on Apr 2, 2026');
    expect(house).toHaveTextContent('25%');
  });

  it('shows the progress percentage and the figures in Spanish and Arabic number formats', async () => {
    await i18n.changeLanguage('es');
    fakeApi({ 'GET /api/goals': () => json(list([goal()])) });
    const first = renderScreen('/my-goals', <MyGoalsPage />);
    const house = (await screen.findByRole('heading', { name: 'House deposit' })).closest('li')!;
    const spaced = () => house.textContent?.replace(/\u00a0/gu, ' ');
    expect(spaced()).toContain('25 %');
    expect(spaced()).toContain('20.000,00 US$');
    expect(spaced()).not.toContain('25%');
    first.unmount();
    await i18n.changeLanguage('ar');
    renderScreen('/my-goals', <MyGoalsPage />);
    const arabic = (await screen.findByRole('heading', { name: 'House deposit' })).closest('li')!;
    expect(within(arabic).getByRole('progressbar')).toHaveAttribute('aria-valuetext', '25\u200e%\u200e');
  });

  /** Goals that skipped 1, 2, 5, 12 and 100 periods: one, two, few, many and other in Arabic. */
  const SKIPPED = [1, 2, 5, 12, 100].map((skipped) =>
    goal({ id: skipped, name: `Goal ${skipped}`, skipped_periods: skipped }),
  );

  it.each([
    [
      'en',
      [
        '1 period skipped',
        '2 periods skipped',
        '5 periods skipped',
        '12 periods skipped',
        '100 periods skipped',
      ].map((text) => `${text} for a low balance`),
    ],
    [
      'es',
      [
        '1 periodo omitido',
        '2 periodos omitidos',
        '5 periodos omitidos',
        '12 periodos omitidos',
        '100 periodos omitidos',
      ].map((text) => `${text} por saldo insuficiente`),
    ],
    [
      'ar',
      ['فترة واحدة', 'فترتين', '5 فترات', '12 فترة', '100 فترة'].map(
        (text) => `تم تخطي ${text} لانخفاض الرصيد`,
      ),
    ],
  ] as const)('counts the periods a goal skipped with their plural form (%s)', async (language, texts) => {
    await i18n.changeLanguage(language);
    fakeApi({ 'GET /api/goals': () => json(list(SKIPPED)) });
    renderScreen('/my-goals', <MyGoalsPage />);
    for (const [index, text] of texts.entries()) {
      const card = (
        await screen.findByRole('heading', { name: `Goal ${SKIPPED[index]!.skipped_periods}` })
      ).closest('li')!;
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
  });

  it("says 'No goals found.' when the list shown is empty", async () => {
    fakeApi({ 'GET /api/goals': () => json(list([goal()])) });
    const user = userEvent.setup();
    renderScreen('/my-goals', <MyGoalsPage />);
    await user.selectOptions(await screen.findByLabelText('Show'), 'paused');
    expect(screen.getByText('No goals found.')).toBeInTheDocument();
  });

  it('creates a goal through the modal: checks, personal and business plans only, the recommended duration, the success toast', async () => {
    let goals: Goal[] = [];
    const server = fakeApi({
      'GET /api/goals': () => json(list(goals)),
      'GET /api/plans': () =>
        json([
          plan({}),
          plan({
            id: 4,
            name: 'Business Pro',
            category: 'business',
            min_amount: 500,
            change: '+10.00%',
            apy_bps: 1000,
          }),
          plan({ id: 5, name: 'Staking', category: 'staking' }),
          plan({ id: 6, name: 'Closed', status: 'inactive' }),
        ]),
      'POST /api/goals/calculate-plan-impact': (request) =>
        json({
          recommended_duration_days: 306,
          plan_summary: {
            plan_id: 3,
            name: 'Growth',
            apy_bps: 1200,
            change: '+12.00%',
            target_frequency: 'monthly',
            unit_amount: 100,
            units_needed: (request.body as { plan_id?: number }).plan_id ? 10 : 11,
            total_invested: 1000,
            projected_earnings: 45,
            expected_completion_date: '2027-01-02',
            meets_target_date: null,
          },
        }),
      'POST /api/goals': () => {
        goals = [goal({ name: 'Holiday', invested: 100, target_amount: 1000, progress_percent: 10 })];
        return json({ message: 'Goal created and investment deducted!', goal: goals[0] }, 201);
      },
    });
    const user = userEvent.setup();
    renderScreen('/my-goals', <MyGoalsPage />);
    await user.click(await screen.findByRole('button', { name: 'Create New Goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Goal' });
    const planSelect = within(dialog).getByLabelText('Plan');
    await waitFor(() => expect(planSelect).toBeEnabled());
    expect(
      within(planSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select a plan',
      'Growth · $100.00 per investment · 12% APR',
      'Business Pro · $500.00 per investment · 10% APR',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Create Goal' }));
    expect(await within(dialog).findByText('Please enter a goal name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a target amount of at least 1.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a plan before submitting.')).toBeInTheDocument();
    expect(server.to('POST /api/goals')).toHaveLength(0);
    expect(server.to('POST /api/goals/calculate-plan-impact')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Goal name'), 'Holiday');
    await user.type(within(dialog).getByLabelText('Target amount (USD)'), '1000');
    expect(
      await within(dialog).findByText('Recommended duration: 306 days (11 × $100.00 in Growth).'),
    ).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Frequency'), 'monthly');
    await user.selectOptions(planSelect, '3');
    expect(
      await within(dialog).findByText('Recommended duration: 306 days (10 × $100.00 in Growth).'),
    ).toBeInTheDocument();
    expect(server.to('POST /api/goals/calculate-plan-impact').at(-1)?.body).toEqual({
      target_amount: '1000',
      target_frequency: 'monthly',
      target_date: null,
      plan_id: 3,
    });

    await user.click(within(dialog).getByRole('button', { name: 'Create Goal' }));
    expect(await screen.findByText('Goal created and investment deducted!')).toBeInTheDocument();
    expect(document.querySelector<HTMLElement>('.Toastify__progress-bar')?.style.animationDuration).toBe(
      '4000ms',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.to('POST /api/goals')[0]?.body).toEqual({
      name: 'Holiday',
      target_amount: '1000',
      target_frequency: 'monthly',
      target_date: null,
      plan_id: 3,
    });
    expect(await screen.findByRole('heading', { name: 'Holiday' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Goals summary' })).toHaveTextContent('Total Goals1');
  });

  it("toasts 'Could not load available plans.' when the plans do not load", async () => {
    fakeApi({
      'GET /api/goals': () => json(list([])),
      'GET /api/plans': () => json({}, 500),
    });
    const user = userEvent.setup();
    renderScreen('/my-goals', <MyGoalsPage />);
    await user.click(await screen.findByRole('button', { name: 'Create New Goal' }));
    expect(await screen.findByText('Could not load available plans.')).toBeInTheDocument();
  });

  it('shows the server’s message when saving fails, and its field errors', async () => {
    fakeApi({
      'GET /api/goals': () => json(list([])),
      'GET /api/plans': () => json([plan({})]),
      'POST /api/goals/calculate-plan-impact': () => json({}, 500),
      'POST /api/goals': () =>
        json(
          {
            message: 'The target date must be after today.',
            code: 'VALIDATION_FAILED',
            errors: { target_date: ['The target date must be after today.'] },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderScreen('/my-goals', <MyGoalsPage />);
    await user.click(await screen.findByRole('button', { name: 'Create New Goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Goal' });
    await waitFor(() => expect(within(dialog).getByLabelText('Plan')).toBeEnabled());
    await user.type(within(dialog).getByLabelText('Goal name'), 'Late');
    await user.type(within(dialog).getByLabelText('Target amount (USD)'), '500');
    await user.type(within(dialog).getByLabelText('Target date'), '2020-01-01');
    await user.selectOptions(within(dialog).getByLabelText('Plan'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create Goal' }));
    expect(
      await screen.findByText('The target date must be after today.', { selector: '.Toastify *' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Target date')).toHaveAccessibleDescription(
      'The target date must be after today.',
    );
    // A failed recommendation is silently cleared.
    expect(within(dialog).queryByText(/Recommended duration/)).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Your balance is insufficient: the first investment of this goal is $1,250.00.'],
    ['es', 'Tu saldo es insuficiente: la primera inversión de esta meta es de 1250,00 US$.'],
    ['ar', 'رصيدك غير كافٍ: أول استثمار لهذا الهدف هو \u2066\u200f1,250.00 US$\u2069.'],
  ] as const)(
    'says the first investment the balance lacks in the reader’s money format (%s)',
    async (language, expected) => {
      await i18n.changeLanguage(language);
      fakeApi({
        'GET /api/goals': () => json(list([])),
        'GET /api/plans': () => json([plan({ min_amount: 1250 })]),
        'POST /api/goals/calculate-plan-impact': () => json({}, 500),
        // The API writes the amount in English, whatever the reader's language.
        'POST /api/goals': () =>
          json(
            {
              message: 'Your balance is insufficient: the first investment of this goal is $1,250.00.',
              code: 'INSUFFICIENT_FUNDS',
            },
            422,
          ),
      });
      const user = userEvent.setup();
      renderScreen('/my-goals', <MyGoalsPage />);
      await user.click(await screen.findByRole('button', { name: i18n.t('goals.create') }));
      const dialog = await screen.findByRole('dialog', { name: i18n.t('goals.form.title') });
      const planSelect = within(dialog).getByLabelText(i18n.t('goals.form.plan'));
      await waitFor(() => expect(planSelect).toBeEnabled());
      await user.type(within(dialog).getByLabelText(i18n.t('goals.form.name')), 'Car');
      await user.type(within(dialog).getByLabelText(i18n.t('goals.form.target')), '5000');
      await user.selectOptions(planSelect, '3');
      await user.click(within(dialog).getByRole('button', { name: i18n.t('goals.form.submit') }));
      const toast = await screen.findByText(/^(Your balance|Tu saldo|رصيدك)/, { selector: '.Toastify *' });
      expect(toast.textContent?.replace(/\u00a0/gu, ' ')).toBe(expected);
    },
  );

  it('pauses, resumes and, after a confirmation, deletes a goal', async () => {
    let current: Goal[] = [goal()];
    const server = fakeApi({
      'GET /api/goals': () => json(list(current)),
      'POST /api/goals/1/pause': () => {
        current = [goal({ status: 'paused', next_contribution_date: null, next_contribution_amount: null })];
        return json({ message: 'Goal paused.', goal: current[0] });
      },
      'POST /api/goals/1/resume': () => {
        current = [goal()];
        return json({ message: 'Goal resumed.', goal: current[0] });
      },
      'DELETE /api/goals/1': () => {
        current = [];
        return json({ message: 'Goal deleted. Its money stays invested in its plans.' });
      },
    });
    const user = userEvent.setup();
    renderScreen('/my-goals', <MyGoalsPage />);
    await user.click(await screen.findByRole('button', { name: 'Pause House deposit' }));
    expect(await screen.findByText('Goal paused.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Resume House deposit' }));
    expect(await screen.findByText('Goal resumed.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Delete House deposit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete goal' });
    expect(dialog).toHaveTextContent('Delete “House deposit”? Its money stays invested in its plans.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete goal' }));
    expect(
      await screen.findByText('Goal deleted. Its money stays invested in its plans.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText("You don't have any goals yet. Start by creating one!"),
    ).toBeInTheDocument();
    expect(server.to('DELETE /api/goals/1')).toHaveLength(1);
  });
});
