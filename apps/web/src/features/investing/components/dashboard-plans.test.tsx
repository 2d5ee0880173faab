import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '#i18n/index';
import { cataloguePlan } from '../../../test/catalogue';
import { USER, fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { storeToken } from '#lib/tokens';
import { STORAGE_KEYS, writeStored } from '#lib/storage';
import { DashboardPlans } from './dashboard-plans';

const PLANS = [
  cataloguePlan({}),
  cataloguePlan({
    id: 2,
    name: 'Growth',
    plan_name: 'Growth',
    apy_bps: 1200,
    change: '+12.00%',
    duration_days: 182,
    duration: '6 months',
    min_amount: 5000,
    max_amount: 250000,
    price: 5000,
    exit_allowed: true,
    exit_penalty_bps: 150,
    exit_forfeit: 'current_period',
  }),
  cataloguePlan({
    id: 3,
    name: 'Business Reserve',
    plan_name: 'Business Reserve',
    category: 'business',
    duration_days: 90,
    duration: '90 days',
  }),
  cataloguePlan({
    id: 4,
    name: 'Mining Pool',
    plan_name: 'Mining Pool',
    category: 'mining',
    status: 'inactive',
  }),
];

const table = () => screen.getByRole('table', { name: 'Investment plans' });
const rowNames = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('dashboard plans (spec §2)', { timeout: 20_000 }, () => {
  it('shows the plan table with the spec’s fields, filters by category chip, hides inactive plans and searches by name', async () => {
    fakeApi({ 'GET /api/plans': () => json(PLANS) });
    const user = userEvent.setup();
    renderScreen('/dashboard', <DashboardPlans />);
    await screen.findByRole('table', { name: 'Investment plans' });
    expect(rowNames()).toEqual(['Starter', 'Growth', 'Business Reserve', 'Mining Pool']);
    const growth = within(table()).getAllByRole('row')[2]!;
    expect(growth).toHaveTextContent('$5,000.00 – $250,000.00');
    expect(growth).toHaveTextContent('12% APR');
    expect(growth).not.toHaveTextContent('APY');
    expect(growth).toHaveTextContent('6 months');
    expect(within(table()).getAllByRole('row')[4]).toHaveTextContent('Inactive');
    expect(
      within(within(table()).getAllByRole('row')[4]!).getByRole('button', { name: /Invest/ }),
    ).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Business' }));
    expect(screen.getByRole('button', { name: 'Business' })).toHaveAttribute('aria-pressed', 'true');
    expect(rowNames()).toEqual(['Business Reserve']);
    await user.click(screen.getByRole('button', { name: 'All' }));
    await user.click(screen.getByRole('checkbox', { name: 'Hide inactive plans' }));
    expect(rowNames()).toEqual(['Starter', 'Growth', 'Business Reserve']);
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'gro');
    expect(rowNames()).toEqual(['Growth']);
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'zzz');
    expect(screen.getByText('No plans match these filters.')).toBeInTheDocument();
  });

  it('shows the rate in the reader’s number format beside the amounts (Spanish)', async () => {
    await i18n.changeLanguage('es');
    fakeApi({ 'GET /api/plans': () => json(PLANS) });
    renderScreen('/dashboard', <DashboardPlans />);
    const growth = within(await screen.findByRole('table', { name: 'Planes de inversión' })).getAllByRole(
      'row',
    )[2]!;
    const text = growth.textContent?.replace(/\u00a0/gu, ' ');
    expect(text).toContain('12 % TIN');
    expect(text).toContain('5000,00 US$');
    expect(text).not.toContain('12.00%');
  });

  it('checks the amount in the Invest modal with the spec’s messages, then invests and says so', async () => {
    const server = fakeApi({
      'GET /api/plans': () => json(PLANS),
      'POST /api/invest': () => json({ message: 'Investment successful!', plan: {} }, 201),
    });
    const user = userEvent.setup();
    renderScreen('/dashboard', <DashboardPlans />);
    const row = (await screen.findAllByRole('row')).find((candidate) =>
      candidate.textContent?.includes('Growth'),
    )!;
    await user.click(within(row).getByRole('button', { name: 'Invest Growth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invest in Growth' });
    // Its exit rule, before the member invests (decision 186).
    expect(within(dialog).getByTestId('exit-rule')).toHaveTextContent(
      "You can leave early for a penalty of 1.5% of the amount and the current 30-day period's earnings.",
    );
    const amount = within(dialog).getByLabelText('Amount (USD)');
    await user.type(amount, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Invest now' }));
    expect(await within(dialog).findByText('Please enter a valid amount.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '4999.99');
    await user.click(within(dialog).getByRole('button', { name: 'Invest now' }));
    expect(await within(dialog).findByText('Amount must be between 5000 and 250000.')).toBeInTheDocument();
    expect(server.to('POST /api/invest')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Invest now' }));
    expect(await screen.findByText('Investment successful!')).toBeInTheDocument();
    expect(server.to('POST /api/invest')[0]?.body).toEqual({ plan_id: 2, amount: 5000 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    ['es', '4999,99', 'Invertir en Growth', 'El importe debe estar entre 5000 y 250000.'],
    ['ar', '4999.99', 'الاستثمار في Growth', 'يجب أن يكون المبلغ بين 5000 و250000.'],
  ] as const)(
    'says the plan’s limits as money in the reader’s language (%s)',
    async (lang, typed, title, error) => {
      await i18n.changeLanguage(lang);
      const server = fakeApi({ 'GET /api/plans': () => json(PLANS) });
      const user = userEvent.setup();
      renderScreen('/dashboard', <DashboardPlans />);
      await screen.findByRole('table');
      await user.click(screen.getAllByRole('button', { name: /Growth/ })[0]!);
      const dialog = await screen.findByRole('dialog', { name: title });
      await user.type(within(dialog).getByRole('textbox'), typed);
      await user.click(within(dialog).getAllByRole('button').at(-1)!);
      const field = within(dialog).getByRole('textbox');
      await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
      // Intl writes a no-break space before US$, and a right-to-left mark before Arabic amounts.
      expect(dialog.textContent?.replace(/\u00a0/gu, ' ').replace(/\u200f/gu, '')).toContain(error);
      expect(dialog).not.toHaveTextContent('Amount must be between');
      expect(server.to('POST /api/invest')).toHaveLength(0);
    },
  );

  it('shows the server’s message, or the spec’s network error, when investing fails', async () => {
    let fail: 'server' | 'network' = 'server';
    fakeApi({
      'GET /api/plans': () => json(PLANS),
      'POST /api/invest': () => {
        if (fail === 'network') throw new TypeError('Failed to fetch');
        return json({ message: 'Insufficient balance.', code: 'INSUFFICIENT_FUNDS' }, 422);
      },
    });
    const user = userEvent.setup();
    renderScreen('/dashboard', <DashboardPlans />);
    const card = (await screen.findByRole('list', { name: 'Featured plans' })).querySelector('li')!;
    await user.click(within(card).getByRole('button', { name: 'Invest Starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invest in Starter' });
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Invest now' }));
    expect(await screen.findByText('Insufficient balance.')).toBeInTheDocument();
    fail = 'network';
    await user.click(within(dialog).getByRole('button', { name: 'Invest now' }));
    expect(await screen.findByText('Network error. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Invest in Starter' })).toBeInTheDocument();
  });

  it('says so when the plans cannot be loaded, and retries', async () => {
    let answer = 500;
    fakeApi({
      'GET /api/plans': () =>
        answer === 500 ? json({ message: 'Server error', code: 'INTERNAL' }, 500) : json(PLANS),
    });
    const user = userEvent.setup();
    renderScreen('/dashboard', <DashboardPlans />);
    expect(await screen.findByText('Server error')).toBeInTheDocument();
    answer = 200;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Investment plans' })).toBeInTheDocument();
  });

  it('shows the member’s available balance in the Invest modal, hidden while Hide balance is on', async () => {
    storeToken('member', '1|member-token');
    fakeApi({
      'GET /api/plans': () => json(PLANS),
      'GET /api/me': () => json({ ...USER, balance: 1234.5 }),
    });
    const user = userEvent.setup();
    const { unmount } = renderScreen('/dashboard', <DashboardPlans />);
    await screen.findByRole('table', { name: 'Investment plans' });
    await user.click(within(within(table()).getAllByRole('row')[1]!).getByRole('button', { name: /Invest/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Invest in Starter' });
    const balance = within(dialog).getByTestId('available-balance');
    await waitFor(() => expect(balance).toHaveTextContent('Available balance$1,234.50'));
    unmount();

    writeStored(STORAGE_KEYS.showBalance, 'false');
    renderScreen('/dashboard', <DashboardPlans />);
    await screen.findByRole('table', { name: 'Investment plans' });
    await user.click(within(within(table()).getAllByRole('row')[1]!).getByRole('button', { name: /Invest/ }));
    const hidden = within(await screen.findByRole('dialog', { name: 'Invest in Starter' }));
    await waitFor(() => expect(hidden.getByTestId('available-balance')).toHaveTextContent('Hidden'));
    expect(hidden.getByTestId('available-balance')).not.toHaveTextContent('1,234.50');
    writeStored(STORAGE_KEYS.showBalance, 'true');
    storeToken('member', null);
  });
});
