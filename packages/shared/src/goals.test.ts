import { describe, expect, it } from 'vitest';
import { goalProgressPercent, periodsUntil, planImpact, unitsToTarget } from './goals';
import { GoalCreateRequest, PlanImpactRequest, PreviewPlansRequest } from './schemas/goals';

/**
 * The planning rules of DESIGN §6 against cases worked by hand. The plan of most cases: $100 to
 * $10,000 a unit at 12% a year; the target $20,000; today 2026-03-02.
 */
const today = '2026-03-02';

describe('periodsUntil (n)', () => {
  it('counts 12 months of periods without a date', () => {
    expect(periodsUntil(today, null, 'daily')).toBe(365);
    expect(periodsUntil(today, null, 'weekly')).toBe(52);
    expect(periodsUntil(today, null, 'monthly')).toBe(12);
  });

  it('counts whole periods until the date, at least 1', () => {
    // 2026-03-02 → 2026-09-02: 31 + 30 + 31 + 30 + 31 + 31 = 184 days, 26 whole weeks, 6 months.
    expect(periodsUntil(today, '2026-09-02', 'daily')).toBe(184);
    expect(periodsUntil(today, '2026-09-02', 'weekly')).toBe(26);
    expect(periodsUntil(today, '2026-09-02', 'monthly')).toBe(6);
    // One day short of 6 months is 5 whole months; 6 days is no whole week, counted as 1.
    expect(periodsUntil(today, '2026-09-01', 'monthly')).toBe(5);
    expect(periodsUntil(today, '2026-03-08', 'weekly')).toBe(1);
    expect(periodsUntil(today, '2026-03-03', 'monthly')).toBe(1);
    // 31 January + 1 month is 28 February: a whole month by 2026-02-28.
    expect(periodsUntil('2026-01-31', '2026-02-28', 'monthly')).toBe(1);
  });
});

describe('unitsToTarget and planImpact (the recommended duration)', () => {
  it('at 0%: target over the unit, one unit per period, the first at once', () => {
    expect(unitsToTarget(1_000_00, 100_00, 0, 'daily')).toBe(10);
    const impact = (frequency: 'daily' | 'weekly' | 'monthly') =>
      planImpact({ targetCents: 1_000_00, unitCents: 100_00, apyBps: 0, frequency, today });
    expect(impact('daily')).toMatchObject({ units: 10, durationDays: 10, reachedOn: '2026-03-12' });
    expect(impact('weekly')).toMatchObject({ units: 10, durationDays: 70, reachedOn: '2026-05-11' });
    // 10 calendar months from 2026-03-02: 306 days.
    expect(impact('monthly')).toMatchObject({ units: 10, durationDays: 306, reachedOn: '2027-01-02' });
  });

  it('counts the earnings of the units already invested', () => {
    // Monthly at 12%: value(k) = 100k + 100 × 0.01 × k(k−1)/2. k = 9: 936; k = 10: 1045.
    expect(unitsToTarget(1_040_00, 100_00, 1200, 'monthly')).toBe(10);
    expect(unitsToTarget(936_00, 100_00, 1200, 'monthly')).toBe(9);
    expect(unitsToTarget(936_01, 100_00, 1200, 'monthly')).toBe(10);
    expect(
      planImpact({ targetCents: 1_000_00, unitCents: 100_00, apyBps: 1200, frequency: 'monthly', today }),
    ).toEqual({
      units: 10,
      durationDays: 306,
      reachedOn: '2027-01-02',
      totalInvested: 1_000_00,
      projectedEarnings: 45_00,
    });
    // Weekly at 52%: 1% a week. value(k) = 100k + k(k−1)/2: k = 9 → 936, k = 10 → 1045 (same numbers).
    expect(unitsToTarget(1_000_00, 100_00, 5200, 'weekly')).toBe(10);
    // Daily at 36.5%: 0.1% a day. value(k) = 100k + 0.1 × k(k−1)/2: k = 10 → 1004.5.
    expect(unitsToTarget(1_004_50, 100_00, 3650, 'daily')).toBe(10);
    expect(unitsToTarget(1_004_51, 100_00, 3650, 'daily')).toBe(11);
  });

  it('without a frequency plans daily; a target below one unit takes one period', () => {
    expect(
      planImpact({ targetCents: 50_00, unitCents: 100_00, apyBps: 1200, frequency: null, today }),
    ).toMatchObject({ units: 1, durationDays: 1 });
  });

  it('stays exact and quick for the largest targets', () => {
    expect(unitsToTarget(100_000_000_000_000, 1, 0, 'daily')).toBe(100_000_000_000_000);
  });
});

describe('goalProgressPercent', () => {
  it('floors (invested + earned) × 100 / target, at most 100', () => {
    expect(goalProgressPercent(100_00, 0, 1_000_00)).toBe(10);
    expect(goalProgressPercent(100_00, 1_02, 1_000_00)).toBe(10);
    expect(goalProgressPercent(999_99, 0, 1_000_00)).toBe(99);
    expect(goalProgressPercent(1_300_00, 0, 1_000_00)).toBe(100);
  });
});

describe('goal request schemas', () => {
  it('reads the modal’s and the chat’s shapes', () => {
    expect(
      GoalCreateRequest.parse({
        name: ' House ',
        target_amount: '20000',
        target_frequency: 'None',
        plan_id: '3',
      }),
    ).toEqual({
      name: 'House',
      target_amount: 20_000_00,
      target_frequency: null,
      target_date: null,
      plan_id: 3,
    });
    expect(
      GoalCreateRequest.parse({
        name: 'House',
        target_amount: 1,
        target_frequency: 'Monthly',
        target_date: '2027-12-31',
        achieved_amount: 0,
        plan_id: 3,
      }),
    ).toMatchObject({ target_frequency: 'monthly', target_date: '2027-12-31', target_amount: 100 });
    expect(PreviewPlansRequest.parse({ target_amount: 5 }).target_frequency).toBe('daily');
    expect(PlanImpactRequest.parse({ target_amount: 5, plan_id: null }).plan_id).toBeUndefined();
  });

  it('refuses a missing plan with the spec’s message', () => {
    const result = GoalCreateRequest.safeParse({ name: 'House', target_amount: 5 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['plan_id', 'Please select a plan before submitting.'],
    ]);
  });
});
