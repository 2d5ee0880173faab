import { describe, expect, it } from 'vitest';
import { GROWTH_SCALE } from './compounding';
import { exitFigures, exitPeriodStart, maturityTotal } from './early-exit';

// $10,000 held 35 days at 12%: 11 507 cents earned, 1 644 of them in the current 30-day period.
const held = { principal: 1_000_000, earned: 11_507, earnedThisPeriod: 1644 };

describe('exitFigures (decision 186, worked by hand)', () => {
  it('no penalty, nothing forfeited: the principal back, the earnings kept', () => {
    expect(exitFigures(held, { penaltyBps: 0, forfeit: 'none' })).toEqual({
      principal: 1_000_000,
      earned: 11_507,
      forfeited: 0,
      penalty: 0,
      returned: 1_000_000,
      kept: 11_507,
      total: 1_011_507,
    });
  });

  it('a penalty in basis points of the principal, rounded half-even', () => {
    // 12 345 × 1.5% = 185.175 → 185; 12 350 × 1.5% = 185.25 → 185; 12 370 × 1.5% = 185.55 → 186
    expect(
      exitFigures({ principal: 12_345, earned: 0, earnedThisPeriod: 0 }, { penaltyBps: 150, forfeit: 'none' })
        .penalty,
    ).toBe(185);
    expect(
      exitFigures({ principal: 12_370, earned: 0, earnedThisPeriod: 0 }, { penaltyBps: 150, forfeit: 'none' })
        .penalty,
    ).toBe(186);
    // 100 × 0.5% = 0.5 → 0 (to even); 300 × 0.5% = 1.5 → 2
    expect(
      exitFigures({ principal: 100, earned: 0, earnedThisPeriod: 0 }, { penaltyBps: 50, forfeit: 'none' })
        .penalty,
    ).toBe(0);
    expect(
      exitFigures({ principal: 300, earned: 0, earnedThisPeriod: 0 }, { penaltyBps: 50, forfeit: 'none' })
        .penalty,
    ).toBe(2);
  });

  it('the current period’s earnings forfeited come out of the principal returned', () => {
    expect(exitFigures(held, { penaltyBps: 0, forfeit: 'current_period' })).toMatchObject({
      forfeited: 1644,
      returned: 998_356,
      kept: 9863,
      // In all: the 11 507 already in cash + 998 356 back = the principal + the 9 863 kept.
      total: 1_009_863,
    });
  });

  it('a penalty and all earnings forfeited', () => {
    expect(exitFigures(held, { penaltyBps: 100, forfeit: 'all' })).toMatchObject({
      penalty: 10_000,
      forfeited: 11_507,
      returned: 978_493,
      kept: 0,
      // In all: the principal less the penalty (the forfeited earnings came back out of it).
      total: 990_000,
    });
  });

  it('never takes more than the principal: the penalty first, then the forfeit', () => {
    expect(
      exitFigures(
        { principal: 1000, earned: 900, earnedThisPeriod: 900 },
        { penaltyBps: 9000, forfeit: 'all' },
      ),
    ).toEqual({
      principal: 1000,
      earned: 900,
      forfeited: 100,
      penalty: 900,
      returned: 0,
      kept: 800,
      total: 900,
    });
  });
});

describe('exitFigures of a reinvesting position (decision 192)', () => {
  // $10,000 whose earnings were reinvested: 11 507 earned, 10 000 of them inside the principal.
  const reinvesting = { principal: 1_010_000, earned: 11_507, earnedThisPeriod: 1644, reinvested: 10_000 };

  it('counts the reinvested earnings once: they come back inside the principal', () => {
    expect(exitFigures(reinvesting, { penaltyBps: 0, forfeit: 'none' })).toMatchObject({
      returned: 1_010_000,
      kept: 11_507,
      total: 1_011_507,
    });
  });

  it('a forfeit of all earnings leaves the original principal less the penalty', () => {
    // Penalty 1% of 1 010 000 = 10 100; all 11 507 given up from the principal returned.
    expect(exitFigures(reinvesting, { penaltyBps: 100, forfeit: 'all' })).toMatchObject({
      penalty: 10_100,
      forfeited: 11_507,
      returned: 988_393,
      kept: 0,
      total: 989_900,
    });
  });
});

describe('exitPeriodStart and maturityTotal', () => {
  it('counts 30-day periods from the start', () => {
    const start = new Date('2026-05-01T10:00:00Z');
    expect(exitPeriodStart(start, new Date('2026-05-30T23:00:00Z'))).toEqual(start);
    expect(exitPeriodStart(start, new Date('2026-06-05T12:00:00Z'))).toEqual(
      new Date('2026-05-31T10:00:00Z'),
    );
  });

  it('adds the days still to come at the rate given', () => {
    // 55 days left of a 90-day term after 35 (Σ 42 000 bps): 1 000 000 × 108 000 / 3 650 000 = 29 589.04
    expect(
      maturityTotal(
        {
          amount: 1_000_000,
          earned: 11_507,
          rateDaysBps: 42_000,
          nextAccrualAt: new Date('2026-06-06T00:00:00Z'),
          endsAt: new Date('2026-07-30T10:00:00Z'),
        },
        1200,
      ),
    ).toBe(1_029_589);
  });

  // A year of 10% APR from 2027-01-01: 365 accrual days still to come.
  const year = { nextAccrualAt: new Date('2027-01-01T00:00:00Z'), endsAt: new Date('2027-12-31T10:00:00Z') };
  const fresh = {
    reinvest: true,
    base: 1_000_000,
    growth: GROWTH_SCALE,
    fromRateDays: 0,
    fromEarned: 0,
    reinvested: 0,
  };

  it('a reinvesting position: the principal compounded to maturity (the APY), exact to the cent', () => {
    const plan = { ...year, amount: 1_000_000, earned: 0, rateDaysBps: 0 };
    // Paid out: 1 000 000 × 1000 × 365 / 3 650 000 = 100 000; reinvested: $11,051.56 (compounding.test.ts).
    expect(maturityTotal(plan, 1000)).toBe(1_100_000);
    expect(maturityTotal(plan, 1000, fresh)).toBe(1_105_156);
  });

  it('earnings paid to cash before the switch count once, beside the compounded principal', () => {
    // 5 days paid out first (1 000 000 × 5 000 / 3 650 000 = 1 369.86 → 1 370), then reinvesting.
    const plan = { ...year, amount: 1_000_000, earned: 1370, rateDaysBps: 5000 };
    const switched = { ...fresh, fromRateDays: 5000, fromEarned: 1370 };
    expect(maturityTotal(plan, 1000, switched)).toBe(1_105_156 + 1370);
  });

  it('switched off after a year reinvested: the grown principal earns simple interest to the end', () => {
    // 1 105 156 × 1000 × 10 / 3 650 000 = 3 027.82 → 3 028 over the last 10 days.
    const plan = {
      amount: 1_105_156,
      earned: 105_156,
      rateDaysBps: 365_000,
      nextAccrualAt: new Date('2028-01-01T00:00:00Z'),
      endsAt: new Date('2028-01-10T10:00:00Z'),
    };
    const off = {
      reinvest: false,
      base: 1_105_156,
      growth: GROWTH_SCALE,
      fromRateDays: 365_000,
      fromEarned: 105_156,
      reinvested: 105_156,
    };
    expect(maturityTotal(plan, 1000, off)).toBe(1_105_156 + 3028);
  });
});
