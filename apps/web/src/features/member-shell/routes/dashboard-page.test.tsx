import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from '#components/ui/dialog';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { DashboardPage } from './dashboard-page';

describe('dashboard balance summary (spec §2, §9)', () => {
  it('shows the balance with no decimals and the total deposit with 2 decimals', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({ 'GET /api/me': () => json({ ...USER, balance: 1234.56, total_deposit: 1500.5 }) });
    renderScreen('/dashboard', <DashboardPage />);
    expect(await screen.findByTestId('balance')).toHaveTextContent('$1,234');
    expect(screen.getByTestId('balance')).not.toHaveTextContent('$1,234.56');
    expect(screen.getByTestId('total-deposit')).toHaveTextContent('$1,500.50');
  });

  it('hides both amounts behind asterisks when the member chose Hide balance', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    window.localStorage.setItem(STORAGE_KEYS.showBalance, 'false');
    fakeApi({ 'GET /api/me': () => json({ ...USER, balance: 1234.56, total_deposit: 1500.5 }) });
    renderScreen('/dashboard', <DashboardPage />);
    expect(await screen.findByTestId('balance')).toHaveTextContent('******Hidden');
    expect(screen.getByTestId('total-deposit')).not.toHaveTextContent('$');
  });
});

describe('dashboard promo tiles and Invite Friends (spec §2)', () => {
  it('leads to a deposit, to the plans, and opens Invite Friends, which Escape closes', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({ 'GET /api/me': () => json(USER) });
    const user = userEvent.setup();
    function Invite({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
      return (
        <Dialog open={open} onOpenChange={onOpenChange} title="Invite Friends">
          <p>link</p>
        </Dialog>
      );
    }
    renderScreen('/dashboard', <DashboardPage InviteDialog={Invite} />);
    const tiles = await screen.findByRole('list', { name: 'Get started' });
    expect(within(tiles).getByRole('link', { name: /Make a deposit/ })).toHaveAttribute(
      'href',
      '/dashboard?make-deposit=1',
    );
    expect(within(tiles).getByRole('link', { name: /Invest in a plan/ })).toHaveAttribute(
      'href',
      '#dashboard-plans',
    );
    await user.click(within(tiles).getByRole('button', { name: /Invite friends/ }));
    expect(await screen.findByRole('dialog', { name: 'Invite Friends' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('loads the Invite Friends modal only once it is first opened (not before the first paint)', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({ 'GET /api/me': () => json(USER) });
    const user = userEvent.setup();
    const mounted: boolean[] = [];
    function Invite({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
      mounted.push(open);
      return (
        <Dialog open={open} onOpenChange={onOpenChange} title="Invite Friends">
          <p>link</p>
        </Dialog>
      );
    }
    renderScreen('/dashboard', <DashboardPage InviteDialog={Invite} />);
    const tiles = await screen.findByRole('list', { name: 'Get started' });
    expect(screen.getByTestId('balance')).toBeInTheDocument();
    expect(mounted).toEqual([]);
    await user.click(within(tiles).getByRole('button', { name: /Invite friends/ }));
    expect(await screen.findByRole('dialog', { name: 'Invite Friends' })).toBeInTheDocument();
    expect(mounted.every(Boolean)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // It stays mounted once loaded (it closes with its animation), and opens again at once.
    await user.click(within(tiles).getByRole('button', { name: /Invite friends/ }));
    expect(await screen.findByRole('dialog', { name: 'Invite Friends' })).toBeInTheDocument();
  });
});
