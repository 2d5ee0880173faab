import { describe, expect, it } from 'vitest';
import {
  cumulativeEarnings,
  expectedYieldCents,
  firstAccrualAt,
  formatDuration,
  formatRate,
} from './investing';

describe('plan display fields', () => {
  it('writes the rate as the spec’s change text', () => {
    expect(formatRate(800)).toBe('+8.00%');
    expect(formatRate(1250)).toBe('+12.50%');
    expect(formatRate(5)).toBe('+0.05%');
  });

  it('writes the term in months when it is a whole number of them, else in days', () => {
    expect(formatDuration(null)).toBe('Flexible');
    expect(formatDuration(182)).toBe('6 months');
    expect(formatDuration(365)).toBe('12 months');
    expect(formatDuration(90)).toBe('90 days');
    expect(formatDuration(30)).toBe('30 days');
    expect(formatDuration(1)).toBe('1 day');
  });

  it('gives the expected yield of the minimum amount over the term, or a year when flexible', () => {
    expect(expectedYieldCents(100_00, 800, null)).toBe(8_00);
    expect(expectedYieldCents(5000_00, 1200, 182)).toBe(299_18);
  });
});

describe('cumulative earnings', () => {
  it('rounds half to even on the cumulative figure, so daily credits add up to the exact total', () => {
    // 1 000 000 × 1200 / 3 650 000 = 328.767… a day.
    const days = Array.from({ length: 365 }, (_, i) => cumulativeEarnings(1_000_000, 1200 * (i + 1)));
    const credits = days.map((total, i) => total - (i === 0 ? 0 : days[i - 1]!));
    expect(credits.every((credit) => credit === 328 || credit === 329)).toBe(true);
    expect(credits.reduce((a, b) => a + b, 0)).toBe(120_000);
    // An exact half cent goes to the even cent.
    expect(cumulativeEarnings(1_825_000, 1)).toBe(0); // 0.5 → 0
    expect(cumulativeEarnings(5_475_000, 1)).toBe(2); // 1.5 → 2
  });

  it('starts a plan’s accruals at the next 00:00 UTC', () => {
    expect(firstAccrualAt(new Date('2026-03-02T09:00:00Z')).toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(firstAccrualAt(new Date('2026-03-02T00:00:00Z')).toISOString()).toBe('2026-03-03T00:00:00.000Z');
  });
});
