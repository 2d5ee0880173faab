import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addGoalPeriods, GOAL_FREQUENCIES } from './goals';
import { projectGoal, remainingContributions, type GoalProjectionInput } from './goal-projection';

/** Goals that speak up (decision 187): hand-worked projections and the properties a member relies on. */

const base: GoalProjectionInput = {
  status: 'active',
  targetCents: 1_200_00,
  investedCents: 0,
  earnedCents: 0,
  unitCents: 100_00,
  apyBps: 0,
  frequency: 'monthly',
  targetDate: '2026-12-01',
  nextDueOn: '2026-02-01',
  today: '2026-01-01',
};

describe('projectGoal, worked by hand', () => {
  it('without earnings: 11 monthly $100 contributions (Feb…Dec) fall $100 short of $1,200', () => {
    // Contributions on Feb 1 … Dec 1: 11 × $100 = $1,100 < $1,200; ceil($1,200 ÷ 11) = $109.10.
    expect(projectGoal(base)).toEqual({
      track: 'behind',
      projectedCents: 1_100_00,
      remainingContributions: 11,
      suggestedContributionCents: 109_10,
    });
  });

  it('on track, counts the contributions only until the target is reached, as the job stops there', () => {
    // $1,500 by Dec 1 at $200 a month from Feb 1: 11 contributions would make $2,200, but the eighth
    // ($1,600) reaches the target and the job invests no more.
    expect(projectGoal({ ...base, targetCents: 1_500_00, unitCents: 200_00 })).toEqual({
      track: 'on_track',
      projectedCents: 1_600_00,
      remainingContributions: 8,
      suggestedContributionCents: null,
    });
  });

  it('judges the target as the job does, on the day of each contribution, not at the target date', () => {
    // $950 of $1,000 at 12% with $10 a month from Feb 1: held to Dec 1 it would pass $1,000 with none,
    // but on Feb 1 it is worth $959.50 + $10, Mar 1 $969 + $20.10, Apr 1 $978.50 + $30.30 = $1,008.80.
    const projection = projectGoal({
      ...base,
      targetCents: 1_000_00,
      investedCents: 950_00,
      unitCents: 10_00,
      apyBps: 1200,
    });
    expect(projection).toMatchObject({ track: 'on_track', remainingContributions: 3 });
  });

  it('counts the current value and the earnings at the plan rate', () => {
    // $1,000 held 12 months at 12%: $1,120. 12 contributions of $100 (Feb 1 2026 … Jan 1 2027): $1,200,
    // plus $100 × 12% × (12 × 11 ÷ 2) ÷ 12 = $66 of earnings. Total $2,386.
    const projection = projectGoal({
      ...base,
      targetCents: 2_386_00,
      investedCents: 990_00,
      earnedCents: 10_00,
      apyBps: 1200,
      targetDate: '2027-01-01',
    });
    expect(projection).toEqual({
      track: 'on_track',
      projectedCents: 2_386_00,
      remainingContributions: 12,
      suggestedContributionCents: null,
    });
    const oneCentMore = projectGoal({
      ...base,
      targetCents: 2_386_01,
      investedCents: 1_000_00,
      apyBps: 1200,
      targetDate: '2027-01-01',
    });
    expect(oneCentMore.track).toBe('behind');
    // (238 601 − 112 000) ÷ (12 + 12% × 66 ÷ 12 = 12.66) = 10 000.07… → 10 000.08 cents, up to the cent: $100.01.
    expect(oneCentMore.suggestedContributionCents).toBe(100_01);
  });

  it('a paused goal is projected without contributions; its suggestion starts today', () => {
    const paused = projectGoal({ ...base, status: 'paused', nextDueOn: null, investedCents: 200_00 });
    expect(paused.projectedCents).toBe(200_00);
    expect(paused.remainingContributions).toBe(0);
    // Resumed today: Jan 1 … Dec 1, 12 contributions for the $1,000 left: $83.34.
    expect(paused.suggestedContributionCents).toBe(83_34);
  });

  it('completed, without a date, and past the date', () => {
    expect(projectGoal({ ...base, status: 'completed', investedCents: 1_200_00 }).track).toBe('completed');
    expect(projectGoal({ ...base, targetDate: null }).track).toBe('no_date');
    const late = projectGoal({
      ...base,
      today: '2027-01-05',
      nextDueOn: '2027-02-01',
      investedCents: 300_00,
    });
    expect(late).toEqual({
      track: 'overdue',
      projectedCents: 300_00,
      remainingContributions: 0,
      suggestedContributionCents: null,
    });
    expect(
      projectGoal({
        ...base,
        today: '2027-01-05',
        nextDueOn: null,
        investedCents: 1_200_00,
      }).track,
    ).toBe('on_track');
  });

  it('weekly and daily schedules count their periods', () => {
    expect(remainingContributions('2026-01-01', '2026-01-29', 'weekly')).toBe(5);
    expect(remainingContributions('2026-01-01', '2026-01-01', 'daily')).toBe(1);
    expect(remainingContributions('2026-01-02', '2026-01-01', 'daily')).toBe(0);
    expect(remainingContributions(null, '2026-01-01', 'daily')).toBe(0);
  });
});

const inputs = fc.record({
  status: fc.constantFrom('active' as const, 'paused' as const),
  targetCents: fc.integer({ min: 100, max: 1_000_000_000_00 }),
  investedCents: fc.integer({ min: 0, max: 100_000_000_00 }),
  earnedCents: fc.integer({ min: 0, max: 1_000_000_00 }),
  unitCents: fc.integer({ min: 1, max: 1_000_000_00 }),
  apyBps: fc.integer({ min: 0, max: 5_000 }),
  frequency: fc.constantFrom(null, ...GOAL_FREQUENCIES),
  days: fc.integer({ min: 0, max: 3_000 }),
  lag: fc.integer({ min: 0, max: 40 }),
});

const toInput = (v: typeof inputs extends fc.Arbitrary<infer T> ? T : never): GoalProjectionInput => {
  const today = '2026-03-15';
  return {
    ...v,
    today,
    targetDate: addGoalPeriods(today, 'daily', v.days),
    nextDueOn: v.status === 'active' ? addGoalPeriods(today, 'daily', v.lag) : null,
  };
};

describe('projectGoal, properties', () => {
  it('on track exactly when the projection reaches the target; never below the current value', () => {
    fc.assert(
      fc.property(inputs, (v) => {
        const input = toInput(v);
        const projection = projectGoal(input);
        expect(projection.projectedCents).toBeGreaterThanOrEqual(input.investedCents + input.earnedCents);
        expect(projection.track === 'on_track').toBe(projection.projectedCents >= input.targetCents);
        expect(projection.suggestedContributionCents === null).toBe(projection.track !== 'behind');
      }),
    );
  });

  it('the suggested contribution reaches the target, and one cent less does not', () => {
    fc.assert(
      fc.property(inputs, (v) => {
        const input = toInput(v);
        const { suggestedContributionCents: suggested } = projectGoal(input);
        if (suggested === null) return;
        // The suggestion as the schedule: an active goal keeps its dates; a paused one resumes today.
        const schedule = { ...input, status: 'active' as const, nextDueOn: input.nextDueOn ?? input.today };
        expect(projectGoal({ ...schedule, unitCents: suggested }).track).toBe('on_track');
        if (suggested > 1)
          expect(projectGoal({ ...schedule, unitCents: suggested - 1 }).track).toBe('behind');
      }),
    );
  });

  it('more money never makes a goal fall behind', () => {
    fc.assert(
      fc.property(inputs, fc.integer({ min: 0, max: 1_000_00 }), (v, extra) => {
        const input = toInput(v);
        const before = projectGoal(input);
        const after = projectGoal({
          ...input,
          investedCents: input.investedCents + extra,
          unitCents: input.unitCents + extra,
        });
        if (before.track === 'on_track') expect(after.track).toBe('on_track');
        // On track, a goal stops at its target (more money may reach it with fewer contributions).
        if (after.track === 'on_track')
          expect(after.projectedCents).toBeGreaterThanOrEqual(input.targetCents);
        else expect(after.projectedCents).toBeGreaterThanOrEqual(before.projectedCents);
      }),
    );
  });
});
