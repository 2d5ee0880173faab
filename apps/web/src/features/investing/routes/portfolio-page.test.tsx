import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '#i18n/index';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { PortfolioPage } from './portfolio-page';

const PLAN = {
  id: 9,
  plan_id: 2,
  name: 'Growth',
  plan_name: 'Growth',
  category: 'personal',
  amount: 10000,
  status: 'locked',
  apy_bps: 1200,
  locked_apy_bps: 1300,
  rate_bps: 1300,
  change: '+13.00%',
  duration_days: 182,
  duration: '6 months',
  flexible: false,
  starts_at: '2026-03-02T09:00:00.000Z',
  ends_at: '2026-08-31T09:00:00.000Z',
  locked_at: '2026-03-04T10:00:00.000Z',
  closed_at: null,
  next_accrual_at: '2026-03-05T00:00:00.000Z',
  accrued_days: 2,
  earned: 6.58,
  goal_id: null as number | null,
  at_maturity: 'cash' as 'cash' | 'renew' | 'renew_with_earnings',
  renewed_from_id: null as number | null,
  reinvest: false,
  reinvested: 0,
  compounded_apy_bps: 1388,
  projection: { days: 180, at_maturity: true, paid_out: 10_641.1, reinvested: 10_661.97 } as {
    days: number;
    at_maturity: boolean;
    paid_out: number;
    reinvested: number;
  } | null,
};

/** A monthly unit of the goal 41 (a Starter plan of $100). */
const unit = (id: number) => ({
  ...PLAN,
  id,
  plan_id: 1,
  name: 'Starter',
  plan_name: 'Starter',
  amount: 100,
  status: 'active',
  rate_bps: 800,
  change: '+8.00%',
  duration_days: null,
  duration: 'Flexible',
  flexible: true,
  ends_at: null,
  locked_at: null,
  earned: 0.02,
  goal_id: 41,
});

const HOUSE = {
  id: 41,
  name: 'House deposit',
  status: 'active',
  target_amount: 1500,
  invested: 500,
  achieved_amount: 500,
  earned: 0.1,
  progress_percent: 33,
  target_frequency: 'monthly',
  target_date: '2027-09-30',
  plan_id: 1,
  plan_name: 'Starter',
  unit_amount: 100,
  contributions: 5,
  skipped_periods: 0,
  next_contribution_date: '2026-08-02',
  next_contribution_amount: 100,
  created_at: '2026-03-02T09:00:00.000Z',
  completed_at: null,
};

const PORTFOLIO = {
  data: [
    { date: '2026-03-03', amount: 3.29, cumulative: 3.29 },
    { date: '2026-03-04', amount: 3.29, cumulative: 6.58 },
  ],
  total: 6.58,
};

describe('My Portfolio', () => {
  it('shows principal, rate, earned to date, next accrual and maturity, and draws the daily earnings on demand', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    const server = fakeApi({
      'GET /api/me': () => json({ ...USER, total_earnings: 6.58 }),
      'GET /api/pp': () => json({ data: [PLAN], meta: { current_page: 1, total_pages: 1, total: 1 } }),
      'GET /api/portfolio/earnings': () => json(PORTFOLIO),
      'GET /api/pp/9': () =>
        json({
          ...PLAN,
          earnings: [
            { date: '2026-03-04', rate_bps: 1200, amount: 3.29, cumulative: 6.58 },
            { date: '2026-03-03', rate_bps: 1200, amount: 3.29, cumulative: 3.29 },
          ],
        }),
    });
    const user = userEvent.setup();
    renderScreen('/my-portfolio', <PortfolioPage />);
    const card = (await screen.findByRole('heading', { name: 'Growth' })).closest('li')!;
    const facts = within(card);
    expect(facts.getByText('Principal').nextSibling).toHaveTextContent('$10,000.00');
    expect(facts.getByText('Rate').nextSibling).toHaveTextContent('13% APR');
    expect(facts.getByText('Earned to date').nextSibling).toHaveTextContent('$6.58');
    expect(facts.getByText('Next accrual').nextSibling).toHaveTextContent('Mar 5, 2026');
    expect(facts.getByText('Maturity').nextSibling).toHaveTextContent('Aug 31, 2026');
    expect(await screen.findByTestId('portfolio-total-earnings')).toHaveTextContent('$6.58');
    expect(server.to('GET /api/pp/9')).toHaveLength(0);

    await user.click(facts.getByRole('button', { name: 'Show daily earnings' }));
    expect(
      await within(card).findByText('$6.58 earned from Mar 3, 2026 to Mar 4, 2026.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const table = within(card).getByRole('table', { name: 'This plan’s cumulative earnings' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Mar 4, 2026$3.29$6.58', 'Mar 3, 2026$3.29$3.29']);
    expect(server.to('GET /api/pp/9')).toHaveLength(1);
  });

  it('saves the "At maturity" choice of a running fixed term, says a refusal, and notes a renewed term', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    let choice: string = 'cash';
    let refuse = false;
    const renewed = { ...PLAN, id: 12, status: 'active', renewed_from_id: 9, apy_bps: 1500, locked_at: null };
    const server = fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/pp': () =>
        json({
          data: [renewed, { ...PLAN, at_maturity: choice }, { ...unit(30), goal_id: null }],
          meta: { current_page: 1, total_pages: 1, total: 3 },
        }),
      'GET /api/portfolio/earnings': () => json(PORTFOLIO),
      'PUT /api/pp/9/renewal': (request) => {
        if (refuse)
          return json(
            { message: 'This plan is no longer offered, so it cannot be renewed.', code: 'BUSINESS_RULE' },
            422,
          );
        choice = (request.body as { at_maturity: string }).at_maturity;
        return json({
          message: 'Your choice for the end of this plan is saved.',
          plan: { ...PLAN, at_maturity: choice },
        });
      },
    });
    const user = userEvent.setup();
    renderScreen('/my-portfolio', <PortfolioPage />);
    await screen.findAllByRole('heading', { name: 'Growth' });
    // The renewed term, the original one; the flexible plan has no choice.
    expect(screen.getAllByLabelText('At maturity')).toHaveLength(2);
    expect(screen.getByTestId('renewed-note')).toHaveTextContent(
      'Renewed from your earlier term, now at 15% APR.',
    );
    const select = screen.getByTestId('renewal-choice-9');
    expect(select).toHaveValue('cash');
    await user.selectOptions(select, 'Renew with earnings');
    expect(await screen.findByText('Your choice for the end of this plan is saved.')).toBeInTheDocument();
    expect(server.to('PUT /api/pp/9/renewal').map((call) => call.body)).toEqual([
      { at_maturity: 'renew_with_earnings' },
    ]);
    await waitFor(() => expect(screen.getByTestId('renewal-choice-9')).toHaveValue('renew_with_earnings'));

    refuse = true;
    await user.selectOptions(screen.getByTestId('renewal-choice-9'), 'Renew, earnings paid out');
    expect(
      await screen.findByText('This plan is no longer offered, so it cannot be renewed.'),
    ).toHaveAttribute('role', 'alert');
  });

  it('hides the principal, the earnings and the charts under Hide balance', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    window.localStorage.setItem(STORAGE_KEYS.showBalance, 'false');
    const server = fakeApi({
      'GET /api/me': () => json({ ...USER, total_earnings: 6.58 }),
      'GET /api/pp': () => json({ data: [PLAN], meta: { current_page: 1, total_pages: 1, total: 1 } }),
      'GET /api/portfolio/earnings': () => json(PORTFOLIO),
    });
    const user = userEvent.setup();
    renderScreen('/my-portfolio', <PortfolioPage />);
    const card = (await screen.findByRole('heading', { name: 'Growth' })).closest('li')!;
    expect(within(card).getByText('Principal').nextSibling).toHaveTextContent('******');
    expect(within(card).getByText('Earned to date').nextSibling).toHaveTextContent('******');
    expect(await screen.findByTestId('portfolio-total-earnings')).toHaveTextContent('******');
    await user.click(within(card).getByRole('button', { name: 'Show daily earnings' }));
    expect(
      await screen.findAllByText('The earnings charts are hidden while “Hide balance” is on.'),
    ).toHaveLength(2);
    expect(document.body.textContent).not.toMatch(/\$\d/u);
    expect(server.to('GET /api/pp/9')).toHaveLength(0);
  });

  it('shows the rate beside the amount in the Spanish number format', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    await i18n.changeLanguage('es');
    fakeApi({
      'GET /api/me': () => json({ ...USER, total_earnings: 6.58 }),
      'GET /api/pp': () => json({ data: [PLAN], meta: { current_page: 1, total_pages: 1, total: 1 } }),
      'GET /api/portfolio/earnings': () => json({ data: [], total: 0 }),
    });
    renderScreen('/my-portfolio', <PortfolioPage />);
    const card = (await screen.findByRole('heading', { name: 'Growth' })).closest('li')!;
    const spaced = card.textContent?.replace(/\u00a0/gu, ' ');
    expect(spaced).toContain('13 % TIN');
    expect(spaced).toContain('10.000,00 US$');
  });

  it('offers the plans when there is nothing invested yet', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/pp': () => json({ data: [], meta: { current_page: 1, total_pages: 1, total: 0 } }),
    });
    renderScreen('/my-portfolio', <PortfolioPage />, ['/dashboard']);
    expect(await screen.findByText('You have no investments yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse plans' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Manage my plans' })).toHaveAttribute('href', '/plans');
  });
  it('shows a failed load with a Retry that loads again', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    let failing = true;
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/pp': () =>
        failing
          ? json({ message: 'Service unavailable', code: 'INTERNAL' }, 500)
          : json({ data: [PLAN], meta: { current_page: 1, total_pages: 1, total: 1 } }),
      'GET /api/portfolio/earnings': () => json(PORTFOLIO),
    });
    const user = userEvent.setup();
    renderScreen('/portfolio', <PortfolioPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findAllByText('Growth')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('charts the whole portfolio’s cumulative earnings, with the figures as a table', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/pp': () => json({ data: [PLAN], meta: { current_page: 1, total_pages: 1, total: 1 } }),
      'GET /api/portfolio/earnings': () => json(PORTFOLIO),
    });
    const user = userEvent.setup();
    renderScreen('/my-portfolio', <PortfolioPage />);
    expect(await screen.findByRole('heading', { name: 'Cumulative earnings' })).toBeInTheDocument();
    expect(
      await screen.findByText('$6.58 earned from Mar 3, 2026 to Mar 4, 2026.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('earnings-chart')).toHaveAttribute('aria-hidden', 'true');
    await user.click(screen.getByText('Show the figures as a table'));
    const table = screen.getByRole('table', { name: 'Cumulative earnings' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('columnheader', { name: 'Earned to date' })).toBeInTheDocument();
  });

  it('says the total was earned in all when the chart starts after the first earning day', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    // Only the latest days come (decision 218): $500.00 was earned before the first day listed.
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/pp': () => json({ data: [PLAN], meta: { current_page: 1, total_pages: 1, total: 1 } }),
      'GET /api/portfolio/earnings': () =>
        json({
          data: [
            { date: '2026-03-03', amount: 3.29, cumulative: 503.29 },
            { date: '2026-03-04', amount: 3.29, cumulative: 506.58 },
          ],
          total: 506.58,
        }),
    });
    const user = userEvent.setup();
    renderScreen('/my-portfolio', <PortfolioPage />);
    expect(
      await screen.findByText(
        '$506.58 earned in all. The chart shows the latest days, from Mar 3, 2026 to Mar 4, 2026.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByText('Show the figures as a table'));
    const table = screen.getByRole('table', { name: 'Cumulative earnings' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Mar 4, 2026$3.29$506.58', 'Mar 3, 2026$3.29$503.29']);
  });

  it('says when there are no earnings yet, and retries a failed load', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    let calls = 0;
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/pp': () => json({ data: [PLAN], meta: { current_page: 1, total_pages: 1, total: 1 } }),
      'GET /api/portfolio/earnings': () => {
        calls += 1;
        return calls === 1 ? new Response('', { status: 500 }) : json({ data: [], total: 0 });
      },
    });
    const user = userEvent.setup();
    renderScreen('/my-portfolio', <PortfolioPage />);
    expect(await screen.findByText('Failed to load your earnings.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('Your earnings will show here from the first day a plan pays.'),
    ).toBeInTheDocument();
  });

  it('groups a goal’s monthly units under the goal, with its name, number of units and total', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    const server = fakeApi({
      'GET /api/me': () => json(USER),
      // This page holds 3 of the goal's 5 units, and a plain plan between them.
      'GET /api/pp': () =>
        json({
          data: [unit(21), PLAN, unit(20), unit(19)],
          meta: { current_page: 1, total_pages: 1, total: 4 },
        }),
      'GET /api/portfolio/earnings': () => json(PORTFOLIO),
      'GET /api/goals': () =>
        json({ data: [HOUSE], summary: { total_goals: 1, active_goals: 1, completed_goals: 0 } }),
    });
    const user = userEvent.setup();
    renderScreen('/my-portfolio', <PortfolioPage />);
    const group = await screen.findByTestId('goal-group');
    expect(await within(group).findByRole('heading', { name: 'House deposit' })).toBeInTheDocument();
    expect(group).toHaveTextContent('Savings goal');
    expect(group).toHaveTextContent('5 units of Starter · $500.00');
    // One group, not one unlabelled "Starter" card per unit; the plain plan keeps its own card.
    expect(screen.getAllByTestId('goal-group')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Starter' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Growth' })).toBeInTheDocument();

    await user.click(within(group).getByRole('button', { name: 'Show units' }));
    expect(within(group).getAllByRole('heading', { name: 'Starter' })).toHaveLength(3);
    expect(within(group).getByRole('button', { name: 'Hide units' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(server.to('GET /api/goals')).toHaveLength(1);
  });

  it('hides the goal’s total while Hide balance is on', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    window.localStorage.setItem(STORAGE_KEYS.showBalance, 'false');
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/pp': () =>
        json({ data: [unit(21), unit(20)], meta: { current_page: 1, total_pages: 1, total: 2 } }),
      'GET /api/portfolio/earnings': () => json(PORTFOLIO),
      'GET /api/goals': () =>
        json({ data: [HOUSE], summary: { total_goals: 1, active_goals: 1, completed_goals: 0 } }),
    });
    renderScreen('/my-portfolio', <PortfolioPage />);
    const group = await screen.findByTestId('goal-group');
    await within(group).findByRole('heading', { name: 'House deposit' });
    expect(group).toHaveTextContent('5 units of Starter · ******Hidden');
    expect(group).not.toHaveTextContent('$500.00');
    window.localStorage.removeItem(STORAGE_KEYS.showBalance);
  });
});
