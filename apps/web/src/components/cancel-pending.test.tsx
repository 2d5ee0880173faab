import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserResponse } from '@app/shared/schemas/auth';
import type { LoanApplication } from '@app/shared/schemas/loans';
import { i18n } from '#i18n/index';
import { fakeApi, json, USER } from '../test/fake-api';
import { renderScreen } from '../test/render';
import { WithdrawalsTab } from '../features/account-settings/components/withdrawals-tab';
import { ActivityPage } from '../features/activity/routes/activity-page';
import { PendingDepositActions } from '../features/deposits/components/pending-deposit-actions';
import { ExplorePage } from '../features/loans/routes/explore-page';

/** Cancel on what is pending (decision 174): the withdrawals tab, the loans history and Activity. */

const VERIFIED = { ...USER, email_verified_at: '2026-01-01T00:00:00.000Z' } as UserResponse;

function withdrawal(id: number, status: string, amount: number) {
  return {
    id,
    amount,
    withdrawal_method: 'crypto',
    destination: 'bc1qexampleaddress',
    status,
    reason: null,
    created_at: '2026-11-20T10:00:00.000Z',
  };
}

const history = (rows: unknown[]) => json({ data: rows, current_page: 1, last_page: 1 });

describe('Cancel a pending withdrawal', () => {
  it('asks first, then cancels: the toast says so and the history reads Cancelled', async () => {
    let rows = [withdrawal(7, 'pending', 40), withdrawal(6, 'approved', 25)];
    const server = fakeApi({
      'GET /api/withdrawal/history': () => history(rows),
      'GET /api/withdrawal-destinations': () => json({ data: [] }),
      'POST /api/withdrawals/7/cancel': () => {
        rows = [withdrawal(7, 'cancelled', 40), withdrawal(6, 'approved', 25)];
        return json({
          message: 'Withdrawal cancelled. The amount is back in your balance.',
          withdrawal: rows[0],
        });
      },
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <WithdrawalsTab user={VERIFIED} />);
    const table = await screen.findByRole('table', { name: 'Withdrawal history' });
    // Only the pending one can be cancelled.
    expect(within(table).getAllByRole('button', { name: /^Cancel the withdrawal/ })).toHaveLength(1);
    await user.click(within(table).getByRole('button', { name: 'Cancel the withdrawal of $40.00' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this withdrawal?' });
    expect(dialog).toHaveTextContent('$40.00 goes back to your balance at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.to('POST /api/withdrawals/7/cancel')).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'Cancel the withdrawal of $40.00' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel withdrawal' }));
    expect(
      await screen.findByText('Withdrawal cancelled. The amount is back in your balance.'),
    ).toBeInTheDocument();
    expect(server.to('POST /api/withdrawals/7/cancel')).toHaveLength(1);
    await waitFor(() => expect(within(table).getAllByText('Cancelled')).not.toHaveLength(0));
    expect(within(table).queryByRole('button', { name: /^Cancel the withdrawal/ })).not.toBeInTheDocument();
  });

  it('shows the 409 in the dialog when the back office decided first, in Spanish too', async () => {
    await i18n.changeLanguage('es');
    fakeApi({
      'GET /api/withdrawal/history': () => history([withdrawal(9, 'pending', 15)]),
      'GET /api/withdrawal-destinations': () => json({ data: [] }),
      'POST /api/withdrawals/9/cancel': () =>
        json({ message: 'This withdrawal was already approved.', code: 'CONFLICT' }, 409),
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <WithdrawalsTab user={VERIFIED} />);
    await user.click((await screen.findAllByRole('button', { name: /Cancelar el retiro de/ }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: '¿Cancelar este retiro?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar retiro' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Este retiro ya fue aprobado.');
    await i18n.changeLanguage('en');
  });
});

describe('Withdraw a pending loan application', () => {
  it('withdraws after the confirm dialog and reloads the history', async () => {
    const pending: LoanApplication = {
      id: 3,
      plan_id: 1,
      plan_name: 'Personal Loan',
      amount_requested: 1000,
      term: 12,
      profit_interval: 'monthly',
      status: 'pending',
      reason: null,
      loan_id: null,
      date: '2026-03-02T09:00:00.000Z',
    };
    let applications = [pending];
    const server = fakeApi({
      'GET /api/loan-plans': () => json([]),
      'GET /api/loans': () => json([]),
      'GET /api/loan-applications': () => json(applications),
      'POST /api/loan-applications/3/withdraw': () => {
        applications = [{ ...pending, status: 'withdrawn' }];
        return json({ message: 'Loan application withdrawn.', application: applications[0] });
      },
    });
    const user = userEvent.setup();
    renderScreen('/explore', <ExplorePage />);
    await user.click(
      (
        await screen.findAllByRole('button', {
          name: 'Cancel the application for $1,000.00 from Personal Loan',
        })
      )[0]!,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw this application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw application' }));
    expect(await screen.findByText('Loan application withdrawn.')).toBeInTheDocument();
    expect(server.to('POST /api/loan-applications/3/withdraw')).toHaveLength(1);
    expect((await screen.findAllByText('Withdrawn')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^Cancel the application/ })).not.toBeInTheDocument();
  });
});

describe('A pending bank transfer in Activity', () => {
  const deposit = (status: string) => ({
    id: 'deposit:12',
    type: 'deposit',
    date: '2026-11-22T10:00:00.000Z',
    amount: null,
    balance_after: null,
    points: null,
    status,
    description: 'Bank transfer deposit DEP-ABCD2345',
    detail: {
      kind: 'deposit',
      method: 'bank_transfer',
      reference: 'DEP-ABCD2345',
      plan: null,
      goal: null,
      instalment: null,
    },
  });
  const page = (items: unknown[]) =>
    json({ data: items, meta: { current_page: 1, per_page: 10, total: items.length, total_pages: 1 } });

  it('opens its bank details again, then cancels it', async () => {
    let items = [deposit('pending')];
    const server = fakeApi({
      'GET /api/activity': () => page(items),
      'GET /api/deposits/12/bank-details': () =>
        json({
          deposit: {
            id: 12,
            amount: 250,
            payment_method: 'bank_transfer',
            currency: 'usd',
            status: 'pending',
            reference: 'DEP-ABCD2345',
            credited_amount: 0,
            created_at: '2026-11-22T10:00:00.000Z',
          },
          bank_details: {
            bank_name: 'Example Bank',
            account_number: '000123456789',
            routing_number: '021000021',
            reference: 'DEP-ABCD2345',
          },
        }),
      'POST /api/deposits/12/cancel': () => {
        items = [deposit('cancelled')];
        return json({ message: 'Deposit cancelled.', deposit: {} });
      },
    });
    const user = userEvent.setup();
    renderScreen('/activity', <ActivityPage pendingDepositActions={PendingDepositActions} />);
    await user.click(
      (await screen.findAllByRole('button', { name: 'Bank details of deposit DEP-ABCD2345' }))[0]!,
    );
    let dialog = await screen.findByRole('dialog', { name: 'Bank transfer details' });
    expect(dialog).toHaveTextContent('000123456789');
    expect(dialog).toHaveTextContent('$250.00');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click((await screen.findAllByRole('button', { name: 'Cancel deposit DEP-ABCD2345' }))[0]!);
    dialog = await screen.findByRole('dialog', { name: 'Cancel this deposit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel deposit' }));
    expect(await screen.findByText('Deposit cancelled.')).toBeInTheDocument();
    expect(server.to('POST /api/deposits/12/cancel')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Cancel deposit DEP-ABCD2345' })).not.toBeInTheDocument(),
    );
  });

  it('offers no Cancel once an admin has matched the transfer to the bank statement, and says so', async () => {
    fakeApi({
      'GET /api/activity': () =>
        page([{ ...deposit('pending'), detail: { ...deposit('pending').detail, matched: true } }]),
    });
    renderScreen('/activity', <ActivityPage pendingDepositActions={PendingDepositActions} />);
    expect((await screen.findAllByText('Reached our bank: being confirmed.'))[0]).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Cancel deposit/ })).not.toBeInTheDocument();
  });

  it('offers nothing on a confirmed deposit or a gateway one', async () => {
    fakeApi({
      'GET /api/activity': () =>
        page([
          { ...deposit('confirmed'), amount: 250, balance_after: 250 },
          {
            ...deposit('pending'),
            id: 'deposit:13',
            detail: { ...deposit('pending').detail, method: 'nowpayment' },
          },
        ]),
    });
    renderScreen('/activity', <ActivityPage pendingDepositActions={PendingDepositActions} />);
    await screen.findAllByText('Confirmed');
    expect(screen.queryByRole('button', { name: /^Cancel deposit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Bank details/ })).not.toBeInTheDocument();
  });
});
