import { describe, expect, it } from 'vitest';
import type { AdminLoanApplication } from '@app/shared/schemas/loans';
import { i18n } from '#i18n/index';
import { toQueueItem } from './admin-queues-api';

const application = (
  term: number,
  interval: AdminLoanApplication['profit_interval'],
): AdminLoanApplication => ({
  id: 7,
  plan_id: 1,
  plan_name: 'Personal Loan',
  amount_requested: 1000,
  term,
  profit_interval: interval,
  status: 'pending',
  reason: null,
  loan_id: null,
  date: '2026-03-02T09:00:00.000Z',
  user: { id: 3, username: 'ada', email: 'ada@example.com' },
  decided_at: null,
  profit: 60,
  per_period: 88.33,
  age_seconds: 60,
});

describe('a loan application in the admin queue', () => {
  it('names its term with the unit and plural of the plan’s interval', async () => {
    expect(toQueueItem('loan_applications', application(12, 'monthly')).detail).toBe(
      'Personal Loan · 12 months',
    );
    expect(toQueueItem('loan_applications', application(1, 'weekly')).detail).toBe('Personal Loan · 1 week');
    await i18n.changeLanguage('ar');
    const twelve = new Intl.NumberFormat('ar').format(12);
    expect(toQueueItem('loan_applications', application(12, 'monthly')).detail).toBe(
      `Personal Loan · ${twelve} شهرًا`,
    );
    expect(toQueueItem('loan_applications', application(2, 'daily')).detail).toBe('Personal Loan · يومان');
  });
});
