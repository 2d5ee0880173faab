import { describe, expect, it } from 'vitest';
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
      total: 1_008_219,
    });
  });

  it('a penalty and all earnings forfeited', () => {
    expect(exitFigures(held, { penaltyBps: 100, forfeit: 'all' })).toMatchObject({
      penalty: 10_000,
      forfeited: 11_507,
      returned: 978_493,
      kept: 0,
      total: 978_493,
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
      total: 800,
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
          rateDaysBps: 42_000,
          nextAccrualAt: new Date('2026-06-06T00:00:00Z'),
          endsAt: new Date('2026-07-30T10:00:00Z'),
        },
        1200,
      ),
    ).toBe(1_029_589);
  });
});
