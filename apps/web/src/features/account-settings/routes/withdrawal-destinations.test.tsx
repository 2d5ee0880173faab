import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_SAVED_DESTINATIONS } from '@app/shared/constants';
import { fakeApi, json } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render';
import { WithdrawalInfoPage } from './withdrawal-info-page';
import { WithdrawalMethodsPage } from './withdrawal-methods-page';

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
const WALLET = {
  ...BANK,
  id: 5,
  kind: 'crypto',
  label: null,
  bank_name: null,
  account_name: null,
  account_number: null,
  routing_number: null,
  asset: 'USDT',
  network: 'trc20',
  address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
  is_default: false,
};

function renderPages(path: string) {
  return renderRoutes(
    [
      { path: '/withdrawal-methods', element: <WithdrawalMethodsPage /> },
      { path: '/withdrawal-info', element: <WithdrawalInfoPage /> },
    ],
    path,
  );
}

describe('withdrawal destinations (/withdrawal-methods, /withdrawal-info)', () => {
  it('lists saved destinations, sets a default and deletes after confirmation', async () => {
    let list = [BANK, WALLET];
    const server = fakeApi({
      'GET /api/withdrawal-destinations': () => json({ data: list }),
      'PATCH /api/withdrawal-destinations/5': () => {
        list = [
          { ...BANK, is_default: false },
          { ...WALLET, is_default: true },
        ];
        return json({ message: 'Destination saved.', destination: list[1] });
      },
      'DELETE /api/withdrawal-destinations/4': () => {
        list = list.filter((item) => item.id !== 4);
        return json({ message: 'Destination deleted.' });
      },
    });
    const user = userEvent.setup();
    renderPages('/withdrawal-methods');
    expect(await screen.findByRole('heading', { name: 'Salary account' })).toBeInTheDocument();
    expect(screen.getByText('First Test Bank · Ada Lovelace · •••• 6789 · 021000021')).toBeInTheDocument();
    expect(screen.getByText('USDT (TRON (TRC20)) · TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set USDT · TRON (TRC20) as default' }));
    expect(
      await screen.findByText('USDT · TRON (TRC20) is now your default destination.'),
    ).toBeInTheDocument();
    // PATCH replaces the details: the wallet's own details go back with is_default.
    expect(server.to('PATCH /api/withdrawal-destinations/5')[0]?.body).toEqual({
      kind: 'crypto',
      label: null,
      asset: 'USDT',
      network: 'trc20',
      address: WALLET.address,
      is_default: true,
    });
    expect(await screen.findByRole('button', { name: 'Set Salary account as default' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Salary account' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this destination?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.to('DELETE /api/withdrawal-destinations/4')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Salary account' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this destination?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Destination deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Salary account' })).not.toBeInTheDocument();
    expect(server.to('DELETE /api/withdrawal-destinations/4')).toHaveLength(1);
  });

  it('says when there is nothing saved yet', async () => {
    fakeApi({ 'GET /api/withdrawal-destinations': () => json({ data: [] }) });
    renderPages('/withdrawal-methods');
    expect(await screen.findByText(/You have no saved destinations yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add destination' })).toHaveAttribute(
      'href',
      '/withdrawal-info?new=1',
    );
  });

  it('adds a wallet, checking the address for the network before sending it', async () => {
    const server = fakeApi({
      'GET /api/withdrawal-destinations': () => json({ data: [] }),
      'POST /api/withdrawal-destinations': () =>
        json({ message: 'Destination saved.', destination: WALLET }, 201),
    });
    const user = userEvent.setup();
    renderPages('/withdrawal-info?new=1');
    expect(await screen.findByRole('heading', { name: 'Add a withdrawal destination' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Crypto wallet' }));
    await user.selectOptions(screen.getByLabelText('Asset'), 'USDT');
    await user.selectOptions(screen.getByLabelText('Network'), 'trc20');
    await user.type(screen.getByLabelText('Wallet address'), '0x1234');
    await user.click(screen.getByRole('button', { name: 'Save destination' }));
    expect(await screen.findByText('This address is not valid for the chosen network.')).toBeInTheDocument();
    expect(server.to('POST /api/withdrawal-destinations')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Wallet address'));
    await user.type(screen.getByLabelText('Wallet address'), WALLET.address);
    await user.click(screen.getByRole('button', { name: 'Save destination' }));
    expect(await screen.findByText('Destination saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/withdrawal-methods'));
    expect(server.to('POST /api/withdrawal-destinations')[0]?.body).toEqual({
      kind: 'crypto',
      label: null,
      asset: 'USDT',
      network: 'trc20',
      address: WALLET.address,
      is_default: false,
    });
  });

  it('edits the default bank account; the masked account number is typed again', async () => {
    const server = fakeApi({
      'GET /api/withdrawal-destinations': () => json({ data: [BANK, WALLET] }),
      'PATCH /api/withdrawal-destinations/4': () =>
        json({ message: 'Destination saved.', destination: BANK }),
    });
    const user = userEvent.setup();
    renderPages('/withdrawal-info');
    expect(await screen.findByRole('heading', { name: 'Edit withdrawal destination' })).toBeInTheDocument();
    expect(screen.getByLabelText('Bank name')).toHaveValue('First Test Bank');
    expect(
      screen.getByText('Saved as •••• 6789. For your security it is not shown: enter the full number again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Account number')).toHaveValue('');
    await user.clear(screen.getByLabelText('Routing number or SWIFT/BIC'));
    await user.type(screen.getByLabelText('Routing number or SWIFT/BIC'), '12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Enter a 9-digit routing number or an 8 or 11 character SWIFT/BIC code.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter an account number of 4 to 34 letters or digits.')).toBeInTheDocument();
    expect(server.to('PATCH /api/withdrawal-destinations/4')).toHaveLength(0);
    await user.type(screen.getByLabelText('Account number'), 'DE89 3704 0044 0532 0130 00');
    await user.clear(screen.getByLabelText('Routing number or SWIFT/BIC'));
    await user.type(screen.getByLabelText('Routing number or SWIFT/BIC'), 'DEUTDEFF');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Destination saved.')).toBeInTheDocument();
    expect(server.to('PATCH /api/withdrawal-destinations/4')[0]?.body).toEqual({
      kind: 'bank',
      label: 'Salary account',
      bank_name: 'First Test Bank',
      account_name: 'Ada Lovelace',
      account_number: 'DE89 3704 0044 0532 0130 00',
      routing_number: 'DEUTDEFF',
      is_default: true,
    });
  });

  it('makes a bank account the default on its edit screen, where the number is confirmed', async () => {
    const server = fakeApi({
      'GET /api/withdrawal-destinations': () => json({ data: [{ ...BANK, is_default: false }, WALLET] }),
    });
    const user = userEvent.setup();
    renderPages('/withdrawal-methods');
    await user.click(await screen.findByRole('button', { name: 'Set Salary account as default' }));
    expect(await screen.findByRole('heading', { name: 'Edit withdrawal destination' })).toBeInTheDocument();
    expect(screen.getByTestId('search')).toHaveTextContent('?id=4&default=1');
    expect(screen.getByLabelText('Use as my default destination')).toBeChecked();
    expect(server.to('PATCH /api/withdrawal-destinations/4')).toHaveLength(0);
  });

  it('offers no add button once the most destinations are saved, and says why', async () => {
    const many = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ ...WALLET, id: 100 + i, is_default: i === 0 }));
    let list = many(MAX_SAVED_DESTINATIONS - 1);
    fakeApi({ 'GET /api/withdrawal-destinations': () => json({ data: list }) });
    const first = renderPages('/withdrawal-methods');
    expect(await screen.findByRole('link', { name: 'Add destination' })).toBeInTheDocument();
    first.unmount();

    list = many(MAX_SAVED_DESTINATIONS);
    renderPages('/withdrawal-methods');
    expect(
      await screen.findByText(
        `You have saved ${MAX_SAVED_DESTINATIONS} destinations, the most you can keep. Delete one to add another.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add destination' })).not.toBeInTheDocument();
  });
});
