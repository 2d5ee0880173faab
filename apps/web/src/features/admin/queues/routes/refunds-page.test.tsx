import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminRefundListResponse } from '@app/shared/schemas/deposits';
import { fakeApi, json } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render';
import { RefundsPage } from './refunds-page';

const LIST: AdminRefundListResponse = {
  data: [
    {
      id: 3,
      deposit_id: 12,
      reference: 'DEP-ABCD2345',
      payment_method: 'coinpayment',
      amount: 100,
      taken_back: 30,
      recovered: 50,
      outstanding: 20,
      refunded_at: '2026-03-02T09:00:00.000Z',
      settled_at: null,
      user: { id: 7, username: 'ada_l', email: 'ada@example.com' },
      gateway_status: '-2',
    },
  ],
  meta: { current_page: 1, total_pages: 1, total: 1 },
  totals: { open_count: 1, outstanding: 20 },
};

describe('refunds and chargebacks (decision 155)', () => {
  it('lists what each member still owes, with the open totals, and filters by state in the URL', async () => {
    const server = fakeApi({ 'GET /api/admin/refunds': () => json(LIST) });
    const user = userEvent.setup();
    renderScreen('/admin/refunds', <RefundsPage />);
    const table = await screen.findByRole('table', { name: 'Refunds and chargebacks' });
    const row = within(table).getByText('DEP-ABCD2345').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('CoinPayments · -2');
    expect(within(row).getByRole('link', { name: 'ada_l' })).toHaveAttribute('href', '/admin/members/7');
    for (const amount of ['$100.00', '$30.00', '$50.00', '$20.00']) expect(row).toHaveTextContent(amount);
    expect(screen.getByTestId('refund-totals')).toHaveTextContent('Still owed: 1 refunds · $20.00');
    expect(server.to('GET /api/admin/refunds')[0]?.query.get('state')).toBeNull();

    await user.selectOptions(screen.getByLabelText('Show'), 'settled');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent('?state=settled'));
    await waitFor(() =>
      expect(server.to('GET /api/admin/refunds').at(-1)?.query.get('state')).toBe('settled'),
    );
  });

  it('says so when there is none', async () => {
    fakeApi({
      'GET /api/admin/refunds': () =>
        json({ ...LIST, data: [], meta: { current_page: 1, total_pages: 0, total: 0 } }),
    });
    renderScreen('/admin/refunds', <RefundsPage />);
    expect(await screen.findByText('No refunds here.')).toBeInTheDocument();
  });
});
