import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { RewardsPage } from './rewards-page';

const INFO = {
  referral_link: 'http://localhost:5173/signup?ref=ABCD2345',
  points_earned: 250,
  loyalty_points: 1250,
  referred_users: [
    { id: 12, name: 'grace_h', email: 'g***@example.com', created_at: '2026-03-02T09:00:00.000Z' },
  ],
};

describe('Rewards Hub (spec §2, §8 Referral)', () => {
  it("says 'Loading reward info...', then the link, the tiles and who joined; copy says 'Referral link copied!'", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({ 'GET /api/me': () => json(USER), 'GET /api/referrals': () => json(INFO) });
    const user = userEvent.setup();
    renderScreen('/rewards', <RewardsPage />);
    expect(screen.getByRole('status', { name: 'Loading reward info...' })).toBeInTheDocument();
    const link = await screen.findByLabelText('Referral link');
    expect(link).toHaveValue(INFO.referral_link);
    expect(link).toHaveAttribute('readonly');
    expect(screen.getByTestId('referral-points')).toHaveTextContent('250');
    expect(screen.getByTestId('loyalty-points')).toHaveTextContent('1,250');
    const table = screen.getByRole('table', { name: 'People you referred' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Joined date']);
    expect(within(table).getByRole('cell', { name: 'grace_h' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Mar 2, 2026' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Referral link copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(INFO.referral_link);
  });

  it("says 'No referrals yet.' and keeps Redeem disabled under 10 points", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/referrals': () => json({ ...INFO, points_earned: 0, loyalty_points: 9, referred_users: [] }),
    });
    renderScreen('/rewards', <RewardsPage />);
    expect(await screen.findByText('No referrals yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Redeem points' })).toBeDisabled();
  });

  it('redeems: the points are read again and the button disables', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    let points = 1250;
    const server = fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/referrals': () => json({ ...INFO, loyalty_points: points }),
      'POST /api/convert-points': () => {
        points = 0;
        return json({
          message: '1250 points converted to $12.50.',
          converted_points: 1250,
          amount: 12.5,
          loyalty_points: 0,
          balance: 12.5,
        });
      },
    });
    const user = userEvent.setup();
    renderScreen('/rewards', <RewardsPage />);
    await user.click(await screen.findByRole('button', { name: 'Redeem points' }));
    expect(await screen.findByText('1,250 points converted to $12.50.')).toBeInTheDocument();
    expect(await screen.findByTestId('loyalty-points')).toHaveTextContent(/^0$/);
    expect(server.to('POST /api/convert-points')).toHaveLength(1);
    expect(server.to('GET /api/referrals')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Redeem points' })).toBeDisabled();
  });

  it("shows the server's message in a toast when redeeming fails", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/referrals': () => json(INFO),
      'POST /api/convert-points': () =>
        json({ message: 'Too many requests. Please wait.', code: 'TOO_MANY_REQUESTS' }, 429),
    });
    const user = userEvent.setup();
    renderScreen('/rewards', <RewardsPage />);
    await user.click(await screen.findByRole('button', { name: 'Redeem points' }));
    expect(await screen.findByText('Too many requests. Please wait.')).toBeInTheDocument();
  });

  it("says 'Failed to fetch referral info.' with a Retry, and the server's message in a toast", async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    let failing = true;
    fakeApi({
      'GET /api/me': () => json(USER),
      'GET /api/referrals': () =>
        failing ? json({ message: 'Service unavailable.', code: 'INTERNAL' }, 500) : json(INFO),
    });
    const user = userEvent.setup();
    renderScreen('/rewards', <RewardsPage />);
    expect(await screen.findByText('Failed to fetch referral info.')).toBeInTheDocument();
    expect(await screen.findByText('Service unavailable.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Referral link')).toHaveValue(INFO.referral_link);
  });
});
