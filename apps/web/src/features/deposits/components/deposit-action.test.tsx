import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { DepositAction } from './deposit-action';

const DEPOSIT = {
  id: 12,
  amount: 25,
  payment_method: 'nowpayment',
  currency: 'btc',
  status: 'pending',
  reference: 'DEP-12-ABCD',
  credited_amount: 0,
  created_at: '2026-11-22T10:00:00.000Z',
};

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Make Deposit' }));
  return screen.findByRole('dialog', { name: 'Make a deposit' });
}

/** The API's answer to a $500 bank transfer: the deposit and the bank details to pay it to. */
const bankDepositAnswer = (message: string) =>
  json(
    {
      message,
      deposit: { ...DEPOSIT, amount: 500, payment_method: 'bank_transfer', currency: 'usd' },
      payment_url: null,
      bank_details: {
        bank_name: 'First Test Bank',
        account_number: '000123456789',
        routing_number: '021000021',
        reference: 'DEP-12-ABCD',
      },
    },
    201,
  );

describe('Make Deposit (spec §4, §5, §8)', () => {
  it("asks for a valid amount ('Please enter a valid deposit amount.') before calling the API", async () => {
    const server = fakeApi({});
    const user = userEvent.setup();
    renderScreen('/dashboard', <DepositAction />);
    const dialog = await openModal(user);
    const amount = within(dialog).getByLabelText('Amount (USD)');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(dialog).findByText('Please enter a valid deposit amount.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(dialog).findByText('Please enter a valid deposit amount.')).toBeInTheDocument();
    // The spec's field limits (min 1, step 0.01), said on the field.
    await user.clear(amount);
    await user.type(amount, '0.99');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(dialog).findByText('The minimum deposit is $1.00.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '10.005');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(await within(dialog).findByText('Amount may have at most 2 decimals.')).toBeInTheDocument();
    expect(server.to('POST /api/deposit')).toHaveLength(0);
  });

  it('sends a NOWPayments deposit in btc by default and goes to the payment page it gets back', async () => {
    const server = fakeApi({
      'POST /api/deposit': () =>
        json(
          {
            message: 'Deposit created. Complete the payment on the payment page.',
            deposit: DEPOSIT,
            payment_url: '/sandbox/checkout/12',
            bank_details: null,
          },
          201,
        ),
    });
    const user = userEvent.setup();
    renderScreen('/dashboard', <DepositAction />, ['/sandbox/checkout/:id']);
    const dialog = await openModal(user);
    expect(within(dialog).getByRole('radio', { name: /NOWPayments/ })).toBeChecked();
    expect(within(dialog).getByLabelText('Pay with')).toHaveValue('btc');
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '25.50');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('screen /sandbox/checkout/:id')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/sandbox/checkout/12');
    expect(server.to('POST /api/deposit')[0]?.body).toEqual({
      amount: 25.5,
      payment_method: 'nowpayment',
      currency: 'btc',
    });
  });

  it('shows the bank details with copy buttons for a bank transfer', async () => {
    const server = fakeApi({
      'POST /api/deposit': () =>
        bankDepositAnswer(
          'Deposit created. Transfer the amount to the bank account below and quote the reference.',
        ),
    });
    const user = userEvent.setup();
    renderScreen('/dashboard', <DepositAction />);
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '500');
    await user.click(within(dialog).getByRole('radio', { name: /Bank transfer/ }));
    expect(within(dialog).queryByLabelText('Pay with')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Get bank details' }));

    const details = await screen.findByRole('dialog', { name: 'Bank transfer details' });
    expect(
      within(details).getByText(
        'Deposit created. Transfer the amount to the bank account below and quote the reference.',
      ),
    ).toBeInTheDocument();
    expect(within(details).getByText('$500.00')).toBeInTheDocument();
    for (const [label, value] of [
      ['Bank name', 'First Test Bank'],
      ['Account number', '000123456789'],
      ['Routing number', '021000021'],
      ['Reference', 'DEP-12-ABCD'],
    ] as const) {
      expect(within(details).getByText(value)).toBeInTheDocument();
      expect(within(details).getByRole('button', { name: `Copy ${label}` })).toBeInTheDocument();
    }
    await user.click(within(details).getByRole('button', { name: 'Copy Reference' }));
    expect(await navigator.clipboard.readText()).toBe('DEP-12-ABCD');
    expect(server.to('POST /api/deposit')[0]?.body).toEqual({ amount: 500, payment_method: 'bank_transfer' });
  });

  it('gives focus back to Make Deposit when the bank details close with Done or Escape', async () => {
    fakeApi({
      'POST /api/deposit': () => bankDepositAnswer('Deposit created.'),
    });
    const user = userEvent.setup();
    renderScreen('/dashboard', <DepositAction />);
    const opener = await screen.findByRole('button', { name: 'Make Deposit' });
    for (const close of ['Done', 'Escape'] as const) {
      const dialog = await openModal(user);
      await user.type(within(dialog).getByLabelText('Amount (USD)'), '500');
      await user.click(within(dialog).getByRole('radio', { name: /Bank transfer/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Get bank details' }));
      const details = await screen.findByRole('dialog', { name: 'Bank transfer details' });
      if (close === 'Done') await user.click(within(details).getByRole('button', { name: 'Done' }));
      else await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(opener).toHaveFocus());
    }
  });

  it("shows the server's message, else 'Deposit failed. Please try again.'", async () => {
    let calls = 0;
    fakeApi({
      'POST /api/deposit': () => {
        calls += 1;
        return calls === 1
          ? json(
              { message: 'The payment service is unavailable. Please try again later.', code: 'GATEWAY' },
              503,
            )
          : new Response('', { status: 500 });
      },
    });
    const user = userEvent.setup();
    renderScreen('/dashboard', <DepositAction />);
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(
      await screen.findByText('The payment service is unavailable. Please try again later.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Deposit failed. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Make a deposit' })).toBeInTheDocument();
  });

  it("says 'Deposit successful!' when the member comes back with ?deposit= of a confirmed deposit", async () => {
    const server = fakeApi({
      'GET /api/deposits/12': () => json({ ...DEPOSIT, status: 'confirmed', credited_amount: 25 }),
    });
    renderScreen('/dashboard?deposit=12', <DepositAction />);
    expect(await screen.findByText('Deposit successful!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('search')).toBeEmptyDOMElement());
    expect(server.to('GET /api/deposits/12')).toHaveLength(1);
  });

  it("says 'Deposit failed. Please try again.' when the payment failed", async () => {
    fakeApi({ 'GET /api/deposits/12': () => json({ ...DEPOSIT, status: 'failed' }) });
    renderScreen('/dashboard?deposit=12', <DepositAction />);
    expect(await screen.findByText('Deposit failed. Please try again.')).toBeInTheDocument();
  });

  it('says the payment was cancelled (not that the deposit failed) after a cancelled checkout', async () => {
    fakeApi({ 'GET /api/deposits/12': () => json({ ...DEPOSIT, status: 'failed' }) });
    renderScreen('/dashboard?deposit=12&payment=cancelled', <DepositAction />);
    expect(
      await screen.findByText('Payment cancelled. Nothing was charged and your balance is unchanged.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Deposit failed. Please try again.')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('search')).toBeEmptyDOMElement());
  });
});

describe('the dashboard deposit tile (?make-deposit=1)', () => {
  it('opens the modal; closing it drops the parameter', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderScreen('/dashboard?make-deposit=1', <DepositAction />);
    expect(await screen.findByRole('dialog', { name: 'Make a deposit' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('search')).toHaveTextContent(/^$/);
  });
});
