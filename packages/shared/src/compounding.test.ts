import { describe, expect, it } from 'vitest';
import {
  GROWTH_SCALE,
  apyBpsFromApr,
  compoundedPrincipal,
  dayEarning,
  growthAfterDay,
  growthOver,
  projectBothWays,
  remainingAccrualDays,
} from './compounding';

/** Hand-worked cases of decision 192's rounding rule. */
describe('compounding math (decision 192)', () => {
  it('APY = (1 + APR/365)^365 − 1, half-even to the basis point', () => {
    // 10%: 1.1051557816… − 1 → 1051.56 bps → 1052; 12%: 12.7474…% → 1275; 36.5%: 44.025…% → 4403.
    expect(apyBpsFromApr(1000)).toBe(1052);
    expect(apyBpsFromApr(1200)).toBe(1275);
    expect(apyBpsFromApr(3650)).toBe(4403);
    expect(apyBpsFromApr(0)).toBe(0);
  });

  it('a year of daily compounding at 10% APR is the formula to the cent', () => {
    // 1 000 000 × (1 + 1000/3 650 000)^365 = 1 105 155.7816… → 1 105 156 cents.
    expect(compoundedPrincipal(1_000_000, growthOver(365, 1000))).toBe(1_105_156);
    // Day by day, each crediting the difference, lands on the same cent.
    let growth = GROWTH_SCALE;
    let amount = 1_000_000;
    for (let day = 0; day < 365; day += 1) {
      const earned = dayEarning({ amount, rateDaysBps: 0, earned: 0 }, state(growth), 1000);
      amount += earned.amount;
      growth = earned.growth!;
    }
    expect(amount).toBe(1_105_156);
  });

  it('0.1% a day: $10,000 → $10,010.00 → $10,020.01; paid out after on the grown principal', () => {
    const day1 = growthAfterDay(GROWTH_SCALE, 3650);
    expect(compoundedPrincipal(1_000_000, day1)).toBe(1_001_000);
    expect(compoundedPrincipal(1_000_000, growthAfterDay(day1, 3650))).toBe(1_002_001);
    // A paid-out segment from rate days 7300 and earned 2001: halfEven(1 002 001 × 3650 / 3 650 000) = 1002.
    const paid = dayEarning(
      { amount: 1_002_001, rateDaysBps: 7300, earned: 2001 },
      { reinvest: false, base: 1_002_001, growth: GROWTH_SCALE, fromRateDays: 7300, fromEarned: 2001 },
      3650,
    );
    expect(paid).toEqual({ amount: 1002, reinvest: false, growth: null });
  });

  it('never switched: decision 071 unchanged', () => {
    // halfEven(1 000 000 × 1200 × 2 / 3 650 000) − 329 = 658 − 329.
    expect(dayEarning({ amount: 1_000_000, rateDaysBps: 1200, earned: 329 }, null, 1200).amount).toBe(329);
  });

  it('projects both ways over the days left', () => {
    expect(remainingAccrualDays(new Date('2026-01-02T00:00:00Z'), new Date('2027-01-01T10:00:00Z'))).toBe(
      365,
    );
    expect(remainingAccrualDays(new Date('2027-01-02T00:00:00Z'), new Date('2027-01-01T10:00:00Z'))).toBe(0);
    expect(projectBothWays(1_000_000, 1000, 365)).toEqual({
      days: 365,
      paidOut: 1_100_000,
      reinvested: 1_105_156,
    });
  });
});

function state(growth: bigint) {
  return { reinvest: true, base: 1_000_000, growth, fromRateDays: 0, fromEarned: 0 };
}
