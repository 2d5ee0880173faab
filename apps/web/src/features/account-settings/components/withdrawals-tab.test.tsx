import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserResponse } from '@app/shared/schemas/auth';
import { rejectionText } from '@app/shared/schemas/admin-queues';
import { i18n } from '#i18n/index';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { STORAGE_KEYS } from '#lib/storage';
import { storeToken } from '#lib/tokens';
import { WithdrawalsTab } from './withdrawals-tab';

const VERIFIED = { ...USER, email_verified_at: '2026-01-01T00:00:00.000Z' } as UserResponse;

function withdrawal(id: number, status: string, amount = 100) {
  return {
    id,
    amount,
    withdrawal_method: 'bank_transfer',
    destination: `First Test Bank · •••• 00${id}`,
    status,
    reason: status === 'rejected' ? 'Account closed.' : null,
    created_at: '2026-11-20T10:00:00.000Z',
  };
}

const EMPTY_HISTORY = { data: [], current_page: 1, last_page: 1 };
const BANK = {
  id: 4,
  kind: 'bank',
  label: 'Salary account',
  bank_name: 'First Test Bank',
  account_name: 'Ada Lovelace',
  account_number: '•••• 6789',
  routing_number: '021000021',
  asset: null,
  network: null,
  address: null,
  is_default: true,
  created_at: '2026-11-01T00:00:00.000Z',
};

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Make Withdrawal' }));
  return screen.findByRole('dialog', { name: 'Make a withdrawal' });
}

describe('Make Withdrawal (spec §5, §8)', () => {
  it('shows the member’s available balance before the amount', async () => {
    storeToken('member', '1|member-token');
    fakeApi({
      'GET /api/withdrawal/history': () => json(EMPTY_HISTORY),
      'GET /api/withdrawal-destinations': () => json({ data: [] }),
      'GET /api/me': () => json({ ...VERIFIED, balance: 351.7 }),
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <WithdrawalsTab user={VERIFIED} />);
    const dialog = await openModal(user);
    await waitFor(() =>
      expect(within(dialog).getByTestId('available-balance')).toHaveTextContent('Available balance$351.70'),
    );
    storeToken('member', null);
  });

  it('asks for an amount of at least 1 and the withdrawal information before calling the API', async () => {
    const server = fakeApi({
      'GET /api/withdrawal/history': () => json(EMPTY_HISTORY),
      'GET /api/withdrawal-destinations': () => json({ data: [] }),
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <WithdrawalsTab user={VERIFIED} />);
    const dialog = await openModal(user);
    expect(within(dialog).getByLabelText('Amount (USD)')).toBeRequired();
    expect(within(dialog).getByRole('radio', { name: 'Bank Transfer' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Crypto Wallet' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(await within(dialog).findByText('Please enter a valid withdrawal amount.')).toBeInTheDocument();
    expect(within(dialog).getByText('Withdrawal information is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '0.5');
    await user.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(await within(dialog).findByText('The minimum withdrawal is $1.00.')).toBeInTheDocument();
    expect(server.to('POST /api/withdrawal')).toHaveLength(0);
  });

  it("fills the information from a saved destination and says 'Withdrawal request submitted successfully!'", async () => {
    let history = EMPTY_HISTORY as { data: unknown[]; current_page: number; last_page: number };
    const server = fakeApi({
      'GET /api/withdrawal/history': () => json(history),
      'GET /api/withdrawal-destinations': () => json({ data: [BANK] }),
      'POST /api/withdrawal': () => {
        history = { data: [withdrawal(1, 'pending', 40)], current_page: 1, last_page: 1 };
        return json(
          { message: 'Withdrawal request submitted successfully!', withdrawal: withdrawal(1, 'pending', 40) },
          201,
        );
      },
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <WithdrawalsTab user={VERIFIED} />);
    expect(await screen.findByText('No withdrawals found.')).toBeInTheDocument();
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '40');
    await user.selectOptions(await within(dialog).findByLabelText('Saved destination'), '4');
    expect(within(dialog).getByLabelText('Withdrawal information')).toHaveValue(
      'First Test Bank · Ada Lovelace · •••• 6789 · 021000021',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('Withdrawal request submitted successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Make a withdrawal' })).not.toBeInTheDocument();
    expect(server.to('POST /api/withdrawal')[0]?.body).toEqual({
      amount: 40,
      withdrawal_method: 'bank_transfer',
      destination: 'First Test Bank · Ada Lovelace · •••• 6789 · 021000021',
      destination_id: 4,
    });
    // The history is read again and shows the new request.
    expect(await screen.findAllByText('$40.00')).not.toHaveLength(0);
  });

  it("shows the server's message, else 'Withdrawal failed.'", async () => {
    let calls = 0;
    fakeApi({
      'GET /api/withdrawal/history': () => json(EMPTY_HISTORY),
      'GET /api/withdrawal-destinations': () => json({ data: [] }),
      'POST /api/withdrawal': () => {
        calls += 1;
        return calls === 1
          ? json(
              {
                message: 'Insufficient balance.',
                code: 'INSUFFICIENT_FUNDS',
                errors: { amount: ['Insufficient balance.'] },
              },
              422,
            )
          : new Response('', { status: 500 });
      },
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <WithdrawalsTab user={VERIFIED} />);
    const dialog = await openModal(user);
    await user.type(within(dialog).getByLabelText('Amount (USD)'), '5000');
    await user.click(within(dialog).getByRole('radio', { name: 'Crypto Wallet' }));
    await user.type(
      within(dialog).getByLabelText('Withdrawal information'),
      'BTC bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(await screen.findAllByText('Insufficient balance.')).toHaveLength(2);
    expect(within(dialog).getByLabelText('Amount (USD)')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('Withdrawal failed.')).toBeInTheDocument();
  });
});

describe('withdrawal history (spec §2, §4, §9)', () => {
  it('shows amounts in dollars with 2 decimals and coloured status badges', async () => {
    fakeApi({
      'GET /api/withdrawal/history': () =>
        json({
          data: [
            withdrawal(1, 'pending', 1234.5),
            withdrawal(2, 'approved', 20),
            withdrawal(3, 'rejected', 7),
          ],
          current_page: 1,
          last_page: 1,
        }),
    });
    renderScreen('/account-management', <WithdrawalsTab user={VERIFIED} />);
    const table = await screen.findByRole('table', { name: 'Withdrawal history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [pending, approved, rejected] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(pending).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(pending).getByText('Pending')).toHaveAttribute('data-tone', 'warning');
    expect(within(approved).getByText('$20.00')).toBeInTheDocument();
    expect(within(approved).getByText('Approved')).toHaveAttribute('data-tone', 'success');
    expect(within(rejected).getByText('Rejected')).toHaveAttribute('data-tone', 'danger');
    expect(within(rejected).getByText('Account closed.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Withdrawal history pages' })).not.toBeInTheDocument();
  });

  it('says the chosen reason of a rejection in the reader’s language, the operator’s words as written', async () => {
    await i18n.changeLanguage('es');
    const stored = rejectionText('withdrawals', 'verification_needed', 'send a photo of your ID');
    fakeApi({
      'GET /api/withdrawal/history': () =>
        json({ data: [{ ...withdrawal(3, 'rejected', 7), reason: stored }], current_page: 1, last_page: 1 }),
    });
    renderScreen('/account-management', <WithdrawalsTab user={VERIFIED} />);
    const table = await screen.findByRole('table', { name: i18n.t('withdrawals.history.title') });
    const said = 'Se necesita verificar la identidad — send a photo of your ID';
    expect(within(table).getByText(said)).toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: i18n.t('withdrawals.history.title') })).getByRole(
      'listitem',
    );
    expect(within(card).getByText(said)).toBeInTheDocument();
    expect(screen.queryByText(/Identity verification needed/)).not.toBeInTheDocument();
  });

  it('hides the amounts under Hide balance, in the table and in the cards', async () => {
    window.localStorage.setItem(STORAGE_KEYS.showBalance, 'false');
    fakeApi({
      'GET /api/withdrawal/history': () =>
        json({ data: [withdrawal(2, 'approved', 20)], current_page: 1, last_page: 1 }),
    });
    renderScreen('/account-management', <WithdrawalsTab user={VERIFIED} />);
    const table = await screen.findByRole('table', { name: 'Withdrawal history' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('******Hidden');
    const card = within(screen.getByRole('list', { name: 'Withdrawal history' })).getByRole('listitem');
    expect(card).toHaveTextContent('******Hidden');
    expect(screen.queryByText(/\$20\.00/)).not.toBeInTheDocument();
  });

  it("says 'No withdrawals found.' and links to Manage and Edit", async () => {
    fakeApi({ 'GET /api/withdrawal/history': () => json(EMPTY_HISTORY) });
    renderScreen('/account-management', <WithdrawalsTab user={VERIFIED} />);
    expect(await screen.findByText('No withdrawals found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/withdrawal-methods');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/withdrawal-info');
  });

  it('pages through the history with ?page=', async () => {
    const server = fakeApi({
      'GET /api/withdrawal/history': (request) => {
        const page = Number(request.query.get('page'));
        return json({ data: [withdrawal(page, 'pending', page * 10)], current_page: page, last_page: 2 });
      },
    });
    const user = userEvent.setup();
    renderScreen('/account-management', <WithdrawalsTab user={VERIFIED} />);
    const pages = await screen.findByRole('navigation', { name: 'Withdrawal history pages' });
    expect(within(pages).getByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByText('$20.00')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(server.to('GET /api/withdrawal/history').map((request) => request.url)).toEqual([
      '/api/withdrawal/history?page=1',
      '/api/withdrawal/history?page=2',
    ]);
  });

  it('shows an error with Retry when the history cannot be read', async () => {
    fakeApi({ 'GET /api/withdrawal/history': () => json({ message: 'Service unavailable.' }, 503) });
    renderScreen('/account-management', <WithdrawalsTab user={VERIFIED} />);
    expect(await screen.findByText('Service unavailable.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
