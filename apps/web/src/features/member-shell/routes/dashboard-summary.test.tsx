import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { STORAGE_KEYS } from '#lib/storage';
import { fakeApi, json, USER } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { DashboardPage } from './dashboard-page';

describe('dashboard summary cards (spec §2, §9)', () => {
  it('shows total earnings with 2 decimals and the loyalty points, and the plans handed in', async () => {
    window.localStorage.setItem(STORAGE_KEYS.token, '1|secret');
    fakeApi({
      'GET /api/me': () => json({ ...USER, balance: 10, total_earnings: 1234.5, loyalty_points: 4200 }),
    });
    renderScreen('/dashboard', <DashboardPage plans={<p>the plans</p>} />);
    expect(await screen.findByTestId('total-earnings')).toHaveTextContent('$1,234.50');
    expect(screen.getByTestId('loyalty-points')).toHaveTextContent('4,200');
    expect(screen.getByText('the plans')).toBeInTheDocument();
  });
});
