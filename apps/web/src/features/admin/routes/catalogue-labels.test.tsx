import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AdminLoanPlan, AdminPlan } from '@app/shared/schemas/admin-content';
import { fakeApi, json } from '../../../test/fake-api';
import { renderScreen } from '../../../test/render';
import { LoanPlansListPage, PlansListPage } from './catalogue-list-pages';

const dates = { created_at: '2026-03-02T09:00:00.000Z', updated_at: '2026-03-02T09:00:00.000Z' };
const plan: AdminPlan = {
  id: 7,
  name: 'Harbour 90',
  category: 'personal',
  description: '',
  apy_bps: 900,
  locked_apy_bps: 1100,
  duration_days: 90,
  exit_allowed: false,
  exit_penalty_bps: 0,
  exit_forfeit: 'none',
  min_amount: 100,
  max_amount: 10_000,
  status: 'active',
  sort_order: 0,
  ...dates,
};
const loanPlan: AdminLoanPlan = {
  id: 3,
  name: 'Team Loan',
  category: 'business',
  description: '',
  change: '5% weekly',
  rate_bps: 500,
  interval: 'weekly',
  duration: 4,
  min_amount: 1_000,
  max_amount: 100_000,
  status: 'active',
  sort_order: 0,
  ...dates,
};
const meta = { current_page: 1, total_pages: 1, total: 1 };

describe('the admin catalogue lists', () => {
  it('show an investment plan’s yield as APR and its term in days', async () => {
    fakeApi({ 'GET /api/admin/plans': () => json({ data: [plan], meta }) });
    renderScreen('/admin/plans', <PlansListPage />);
    const row = (await screen.findByText('Harbour 90')).closest('tr')!;
    expect(within(row).getByText('9% APR')).toBeInTheDocument();
    expect(row).toHaveTextContent('11% APR locked');
    expect(row).toHaveTextContent('90 days');
    expect(row).not.toHaveTextContent('APY');
  });

  it('show a loan plan’s rate as a yearly rate repaid each interval and its longest term with its unit', async () => {
    fakeApi({ 'GET /api/admin/loan-plans': () => json({ data: [loanPlan], meta }) });
    renderScreen('/admin/loan-plans', <LoanPlansListPage />);
    const row = (await screen.findByText('Team Loan')).closest('tr')!;
    expect(row).toHaveTextContent('5% a year, repaid weekly');
    expect(row).toHaveTextContent('4 weeks');
    expect(row).not.toHaveTextContent('5% weekly');
  });
});
