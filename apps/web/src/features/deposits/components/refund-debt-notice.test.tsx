import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { RefundDebtNotice } from './refund-debt-notice';

const REFUND = {
  id: 3,
  deposit_id: 12,
  reference: 'DEP-ABCD2345',
  payment_method: 'nowpayment',
  amount: 100,
  taken_back: 30,
  recovered: 0,
  outstanding: 70,
  refunded_at: '2026-03-02T09:00:00.000Z',
  settled_at: null,
};

describe('what a member owes after a gateway took a deposit back (decision 155)', () => {
  it('says how much is owed, for which deposit, and links to what was taken back', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    const server = fakeApi({
      'GET /api/deposits/refunds': () => json({ amount_owed: 70, data: [REFUND] }),
    });
    renderScreen('/dashboard', <RefundDebtNotice />);
    expect(await screen.findByText('Amount owed')).toBeInTheDocument();
    expect(
      screen.getByText(
        'A payment gateway took back your deposit DEP-ABCD2345 after it was added to your balance. You owe $70.00; it will be taken from the next money that reaches your balance.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See what was taken back' })).toHaveAttribute(
      'href',
      '/activity?type=deposit_refund',
    );
    expect(server.to('GET /api/deposits/refunds')[0]?.headers.Authorization).toBe('Bearer 1|secret');
  });

  it('shows nothing while nothing is owed', async () => {
    const server = fakeApi({ 'GET /api/deposits/refunds': () => json({ amount_owed: 0, data: [] }) });
    renderScreen('/dashboard', <RefundDebtNotice />);
    await waitFor(() => expect(server.to('GET /api/deposits/refunds')).toHaveLength(1));
    expect(screen.queryByText('Amount owed')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
