import { describe, expect, it } from 'vitest';
import { parseLoanChange } from './loans';
import { AdminPlanCreate, AdminSettingsUpdate, formatLoanChange } from './schemas/admin-content';

describe('formatLoanChange', () => {
  it('writes the change text that parseLoanChange reads back, for every rate of the admin range', () => {
    expect(formatLoanChange(1200, 'monthly')).toBe('12% monthly');
    expect(formatLoanChange(1250, 'monthly')).toBe('12.5% monthly');
    expect(formatLoanChange(50, 'daily')).toBe('0.5% daily');
    expect(formatLoanChange(5, 'weekly')).toBe('0.05% weekly');
    for (let bps = 1; bps <= 10_000; bps += 1) {
      expect(parseLoanChange(formatLoanChange(bps, 'weekly'))).toEqual({ rateBps: bps, interval: 'weekly' });
    }
  });
});

describe('admin plan and settings schemas', () => {
  it('turns dollars into cents and checks the rules across fields', () => {
    const ok = AdminPlanCreate.parse({
      name: ' Harbour ',
      category: 'savings',
      apy_bps: 500,
      locked_apy_bps: 500,
      duration_days: null,
      min_amount: '100.50',
      max_amount: 1000,
    });
    expect(ok).toMatchObject({ name: 'Harbour', min_amount: 10_050, max_amount: 100_000, status: 'active' });
    const bad = AdminPlanCreate.safeParse({ ...ok, min_amount: 10, max_amount: 5, locked_apy_bps: 1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'locked_apy_bps',
      'max_amount',
    ]);
  });

  it('keeps English and US dollars on offer and refuses unknown keys', () => {
    expect(AdminSettingsUpdate.safeParse({ languages: ['es'] }).success).toBe(false);
    expect(AdminSettingsUpdate.safeParse({ currencies: ['EUR'] }).success).toBe(false);
    expect(AdminSettingsUpdate.safeParse({ languages: ['en', 'en'] }).success).toBe(false);
    expect(AdminSettingsUpdate.safeParse({ app_key: 'x' }).success).toBe(false);
    expect(AdminSettingsUpdate.parse({ logo: '' })).toEqual({ logo: null });
    expect(AdminSettingsUpdate.safeParse({ logo: 'http://example.com/logo.png' }).success).toBe(false);
  });
});
