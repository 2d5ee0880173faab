import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
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
