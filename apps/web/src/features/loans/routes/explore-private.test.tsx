import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoanApplication, LoanDetail } from '@app/shared/schemas/loans';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { ExplorePage } from './explore-page';

/** The member's own loan figures under Hide balance, and a loan's due days wherever the member is. */

const application: LoanApplication = {
  id: 1,
  plan_id: 1,
  plan_name: 'Personal Loan',
  amount_requested: 1000,
  term: 2,
  profit_interval: 'monthly',
  status: 'approved',
  reason: null,
  loan_id: 9,
  date: '2026-03-02T09:00:00.000Z',
};

const instalment = (number: number, due: string) => ({
  number,
  due_date: due,
  amount: 510,
  principal: 500,
  interest: 10,
  paid_principal: 0,
  paid_interest: 0,
  outstanding: 510,
  status: 'scheduled' as const,
  paid_at: null,
});

const loan: LoanDetail = {
  id: 9,
  application_id: 1,
  plan_id: 1,
  plan_name: 'Personal Loan',
  principal: 1000,
  profit: 20,
  total: 1020,
  term: 2,
  profit_interval: 'monthly',
  rate: 12,
  change: '12% monthly',
  status: 'active',
  disbursed_at: '2026-03-02T09:00:00.000Z',
  completed_at: null,
  paid_principal: 0,
  paid_interest: 0,
  waived_interest: 0,
  outstanding_principal: 1000,
  outstanding_interest: 20,
  next_due_date: '2026-04-02',
  next_due_amount: 510,
  overdue: false,
  overdue_amount: 0,
  days_past_due: 0,
  payoff_amount: 1000,
  payoff_waived_interest: 20,
  schedule: [instalment(1, '2026-04-02'), instalment(2, '2026-05-02')],
  payments: [],
};
const { schedule: _schedule, payments: _payments, ...summary } = loan;

function serveLoan() {
  fakeApi({
    'GET /api/loan-plans': () => json([]),
    'GET /api/loan-applications': () => json([application, { ...application, id: 2, status: 'pending' }]),
    'GET /api/loans': () => json([summary]),
    'GET /api/loans/9': () => json(loan),
  });
}

describe('Explore under Hide balance', () => {
  it('hides the requested amounts, the loan’s figures and its schedule, and the repayment', async () => {
    window.localStorage.setItem(STORAGE_KEYS.showBalance, 'false');
    serveLoan();
    const user = userEvent.setup();
    renderScreen('/explore', <ExplorePage />);
    const history = await screen.findByRole('table', { name: 'Loan Application History' });
    for (const row of within(history).getAllByRole('row').slice(1)) {
      expect(row).toHaveTextContent('******Hidden');
    }
    const card = (await screen.findByRole('button', { name: 'View schedule of Personal Loan' })).closest(
      'li',
    )!;
    expect(card).toHaveTextContent('******');
    expect(screen.queryByText(/\$1,0[02]0\.00|\$510\.00/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View schedule of Personal Loan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Loan: Personal Loan' });
    const schedule = await within(dialog).findByRole('table', { name: 'Repayment schedule' });
    expect(within(schedule).getAllByRole('row')[1]).toHaveTextContent('******Hidden******Hidden******Hidden');
    expect(dialog).toHaveTextContent('Still owed******');
    await user.click(within(dialog).getByRole('button', { name: 'Repay now' }));
    expect(within(dialog).getByText('Repay ****** now?')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('$');
  });

  it('shows a due day as that day even where noon UTC is already the next day', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Pacific/Kiritimati'; // UTC+14
    try {
      serveLoan();
      const user = userEvent.setup();
      renderScreen('/explore', <ExplorePage />);
      const open = await screen.findByRole('button', { name: 'View schedule of Personal Loan' });
      expect(open.closest('li')).toHaveTextContent('Apr 2, 2026');
      await user.click(open);
      const dialog = await screen.findByRole('dialog', { name: 'Loan: Personal Loan' });
      const schedule = await within(dialog).findByRole('table', { name: 'Repayment schedule' });
      const rows = within(schedule).getAllByRole('row').slice(1);
      expect(rows[0]).toHaveTextContent('Apr 2, 2026');
      expect(rows[1]).toHaveTextContent('May 2, 2026');
      expect(dialog).not.toHaveTextContent('Apr 3, 2026');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
