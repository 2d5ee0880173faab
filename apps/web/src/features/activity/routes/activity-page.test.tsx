import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { ActivityPage } from './activity-page';

const ITEMS = [
  {
    id: 'deposit:1',
    type: 'deposit',
    date: '2026-11-20T10:00:00.000Z',
    amount: 250,
    points: null,
    status: 'confirmed',
    description: 'NOWPayments deposit',
  },
  {
    id: 'withdrawal:2',
    type: 'withdrawal',
    date: '2026-11-21T10:00:00.000Z',
    amount: -40,
    points: null,
    status: 'pending',
    description: 'Bank transfer withdrawal',
  },
  {
    id: 'entry:3',
    type: 'points_conversion',
    date: '2026-11-22T10:00:00.000Z',
    amount: 12.5,
    points: 1250,
    status: 'completed',
    description: 'Loyalty points redeemed',
  },
];

const page = (data: unknown[], current = 1, total = 1) =>
  json({ data, meta: { current_page: current, total_pages: total, total: data.length } });

describe('Activity (spec §2, §8, §9)', () => {
  it("lists transactions with their type labels, 'Loyalty Points' for points_conversion", async () => {
    const server = fakeApi({ 'GET /api/activity': () => page(ITEMS) });
    renderScreen('/activity', <ActivityPage />);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const rows = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(rows[0]).getByText('Deposit')).toBeInTheDocument();
    expect(within(rows[0]).getByText('+$250.00')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Withdrawal')).toBeInTheDocument();
    expect(within(rows[1]).getByText('−$40.00')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Loyalty Points')).toBeInTheDocument();
    expect(within(rows[2]).getByText('1,250 points')).toBeInTheDocument();
    expect(within(table).queryByText('points_conversion')).not.toBeInTheDocument();
    expect(server.to('GET /api/activity')[0]?.url).toBe('/api/activity?page=1&per_page=10');
  });

  it('sends the filters as the query and starts again at page 1', async () => {
    const server = fakeApi({
      'GET /api/activity': (request) => {
        const current = Number(request.query.get('page'));
        return page([{ ...ITEMS[0], id: `deposit:${current}` }], current, 3);
      },
    });
    const user = userEvent.setup();
    renderScreen('/activity', <ActivityPage />);
    const pages = await screen.findByRole('navigation', { name: 'Transaction pages' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 2 of 3')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Type'), 'points_conversion');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-30' } });
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    const last = server.to('GET /api/activity').at(-1);
    expect(Object.fromEntries(last?.query ?? [])).toEqual({
      type: 'points_conversion',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      page: '1',
      per_page: '10',
    });
    expect(screen.getByRole('option', { name: 'Loyalty Points' })).toBeInTheDocument();
  });

  it('does not ask with an end date before the start date, and says why', async () => {
    const server = fakeApi({ 'GET /api/activity': () => page(ITEMS) });
    renderScreen('/activity', <ActivityPage />);
    await screen.findByRole('table', { name: 'Transactions' });
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('End date'), { target: { value: '2026-11-10' } });
    expect(await screen.findByText('The end date must be on or after the start date.')).toBeInTheDocument();
    expect(server.to('GET /api/activity').map((request) => request.query.get('end_date'))).not.toContain(
      '2026-11-10',
    );
  });

  it("says 'No transactions found.' for an empty list", async () => {
    fakeApi({ 'GET /api/activity': () => page([]) });
    renderScreen('/activity', <ActivityPage />);
    expect(await screen.findByText('No transactions found.')).toBeInTheDocument();
  });

  it("shows the server's message, else 'Failed to fetch transactions', with Retry", async () => {
    let calls = 0;
    fakeApi({
      'GET /api/activity': () => {
        calls += 1;
        return calls === 1
          ? json({ message: 'Enter a date as YYYY-MM-DD.', code: 'VALIDATION' }, 400)
          : new Response('', { status: 404 });
      },
    });
    const user = userEvent.setup();
    renderScreen('/activity', <ActivityPage />);
    expect(await screen.findByText('Enter a date as YYYY-MM-DD.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Failed to fetch transactions')).toBeInTheDocument();
  });
});
