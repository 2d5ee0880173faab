import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contributionsToReach,
  contributionsUntil,
  goalDateProblem,
  planOption,
  readGoalAmount,
  suggestGoalPlans,
  wholePeriods,
} from './goal-planning';
import { addGoalPeriods, GOAL_FREQUENCIES, type PlanForGoal } from './goals';

/**
 * The assistant's plan suggestions (decision 161): what a member reads must add up. Properties over
 * random targets (1 cent to $1 trillion), plans, frequencies and dates, and the cases of issue 34.
 */

const starter: PlanForGoal = {
  id: 1,
  name: 'Starter',
  category: 'personal',
  status: 'active',
  apyBps: 800,
  minAmount: 100_00,
  maxAmount: 5_000_00,
};
const prime: PlanForGoal = {
  ...starter,
  id: 3,
  name: 'Prime',
  apyBps: 1500,
  minAmount: 10_000_00,
  maxAmount: 50_000_00,
};
const today = '2026-11-28';

const day = fc
  .integer({ min: 1, max: 365 * 50 })
  .map((days) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10));
const frequency = fc.constantFrom(...GOAL_FREQUENCIES);
const plan = fc
  .record({
    id: fc.integer({ min: 1, max: 1000 }),
    apyBps: fc.integer({ min: 0, max: 5000 }),
    minAmount: fc.integer({ min: 1, max: 100_000_000 }),
    spread: fc.integer({ min: 1, max: 1000 }),
  })
  .map(({ id, apyBps, minAmount, spread }): PlanForGoal => ({
    id,
    name: `Plan ${id}`,
    category: 'personal',
    status: 'active',
    apyBps,
    minAmount,
    maxAmount: minAmount * spread,
  }));
/** From 1 cent to $1 trillion, spread over the orders of magnitude. */
const target = fc
  .integer({ min: 0, max: 14 })
  .chain((digits) => fc.integer({ min: Math.max(1, 10 ** digits), max: 10 ** (digits + 1) }));

describe('contributionsUntil', () => {
  it('counts every contribution day not after the date, the first being today', () => {
    fc.assert(
      fc.property(day, frequency, (date, f) => {
        const count = contributionsUntil(today, date, f);
        expect(count).toBeGreaterThanOrEqual(1);
        expect(addGoalPeriods(today, f, count - 1) <= date).toBe(true);
        expect(addGoalPeriods(today, f, count) > date).toBe(true);
      }),
    );
  });

  it('plans 12 months when there is no date', () => {
    expect(contributionsUntil(today, null, 'monthly')).toBe(13);
    expect(contributionsUntil(today, null, 'weekly')).toBe(53);
    expect(wholePeriods('2027-01-31', '2027-02-28', 'monthly')).toBe(1);
  });
});

describe('planOption and suggestGoalPlans (properties)', () => {
  it('the low end is at most the high end, and units × unit × contributions reach the target at both', () => {
    fc.assert(
      fc.property(target, plan, day, frequency, (cents, p, date, f) => {
        const option = planOption(cents, p, contributionsUntil(today, date, f));
        if (!option) return;
        expect(option.minUnits).toBeGreaterThanOrEqual(1);
        expect(option.minUnits).toBeLessThanOrEqual(option.maxUnits);
        expect(option.minTotal).toBeLessThanOrEqual(option.maxTotal);
        expect(option.minTotal).toBe(option.minUnits * p.minAmount * option.contributions);
        expect(option.minTotal).toBeGreaterThanOrEqual(cents);
        expect(option.maxTotal).toBe(option.maxUnits * p.minAmount * option.contributions);
        // The fewest: one unit less a contribution would fall short.
        expect((option.minUnits - 1) * p.minAmount * option.contributions).toBeLessThan(cents);
        // One contribution never holds more than the plan's max_amount.
        expect(option.maxUnits * p.minAmount).toBeLessThanOrEqual(p.maxAmount);
      }),
      { numRuns: 500 },
    );
  });

  it('with the fewest units the goal reaches its target by the date; with the most, soonest', () => {
    fc.assert(
      fc.property(target, plan, day, frequency, (cents, p, date, f) => {
        const option = planOption(cents, p, contributionsUntil(today, date, f));
        if (!option) return;
        const most = contributionsToReach(cents, p.minAmount, option.minUnits);
        const fewest = contributionsToReach(cents, p.minAmount, option.maxUnits);
        expect(most).toBeLessThanOrEqual(option.contributions);
        expect(fewest).toBeGreaterThanOrEqual(1);
        expect(fewest).toBeLessThanOrEqual(most);
        // Reached at that contribution, not one before.
        expect(most * option.minUnits * p.minAmount).toBeGreaterThanOrEqual(cents);
        expect((most - 1) * option.minUnits * p.minAmount).toBeLessThan(cents);
      }),
      { numRuns: 500 },
    );
    // A $1,200 goal in $100 units: 2 a month reach it at the 6th contribution, 12 at once.
    expect(contributionsToReach(120_000, 10_000, 2)).toBe(6);
    expect(contributionsToReach(120_000, 10_000, 12)).toBe(1);
  });

  it('a plan whose largest contribution cannot reach the target by the date is not offered', () => {
    fc.assert(
      fc.property(target, plan, day, frequency, (cents, p, date, f) => {
        const count = contributionsUntil(today, date, f);
        const largest = Math.floor(p.maxAmount / p.minAmount) * p.minAmount;
        const reaches = largest * count >= cents;
        expect(planOption(cents, p, count) !== null).toBe(reaches);
        const suggestion = suggestGoalPlans({
          targetCents: cents,
          frequency: f,
          targetDate: date,
          today,
          balanceCents: Number.MAX_SAFE_INTEGER,
          plans: [p],
        });
        expect(suggestion.recommended.length).toBe(reaches ? 1 : 0);
        expect(suggestion.none).toBe(reaches ? null : 'unreachable');
      }),
      { numRuns: 500 },
    );
  });

  it('offers only plans whose first contribution the balance covers, best first', () => {
    fc.assert(
      fc.property(
        target,
        fc.array(plan, { maxLength: 5 }),
        fc.integer({ min: 0, max: 1e12 }),
        (cents, plans, balance) => {
          const suggestion = suggestGoalPlans({
            targetCents: cents,
            frequency: 'monthly',
            targetDate: null,
            today,
            balanceCents: balance,
            plans,
          });
          for (const option of suggestion.recommended) {
            expect(option.minUnits * option.unit).toBeLessThanOrEqual(balance);
            expect(option.minTotal).toBeGreaterThanOrEqual(cents);
          }
          const totals = suggestion.recommended.map((option) => option.minTotal);
          expect(totals).toEqual([...totals].sort((a, b) => a - b));
          expect(suggestion.best).toBe(suggestion.recommended[0] ?? null);
        },
      ),
    );
  });
});

describe('the figures of issue 34', () => {
  it('a $1,500 goal: the range runs low to high and both ends reach $1,500', () => {
    const { recommended } = suggestGoalPlans({
      targetCents: 1_500_00,
      frequency: 'monthly',
      targetDate: null,
      today,
      balanceCents: 100_000_00,
      plans: [starter, prime],
    });
    // Prime's unit ($10,000) is already more than the target: it reaches it, at one unit.
    expect(recommended.map((option) => option.plan.name)).toEqual(['Starter', 'Prime']);
    // 13 monthly contributions: 2 units of $100 ($200) each time → $2,600; at most 15 units ($1,500 at once).
    expect(recommended[0]).toMatchObject({
      minUnits: 2,
      maxUnits: 15,
      minTotal: 2_600_00,
      maxTotal: 19_500_00,
    });
    expect(recommended[1]).toMatchObject({
      minUnits: 1,
      maxUnits: 1,
      minTotal: 130_000_00,
      maxTotal: 130_000_00,
    });
  });

  it('a $1,000,000,000 goal is not offered by plans that cannot reach it, nor shown with a reversed range', () => {
    const suggestion = suggestGoalPlans({
      targetCents: 1_000_000_000_00,
      frequency: 'daily',
      targetDate: null,
      today,
      balanceCents: 1_000_000_000_00,
      plans: [starter, prime],
    });
    // Prime at most $50,000 a day for 366 days is $18.3 million: neither plan reaches $1 billion.
    expect(suggestion).toEqual({ recommended: [], best: null, none: 'unreachable' });
  });

  it('Starter at $100 a month does not reach $1,500 by 30 Sep 2027: it asks for 2 units a month', () => {
    const option = planOption(1_500_00, starter, contributionsUntil(today, '2027-09-30', 'monthly'));
    // 28 Nov 2026 to 28 Sep 2027: 11 contributions. 1 unit: $1,100 < $1,500; 2 units: $2,200.
    expect(option).toMatchObject({ contributions: 11, minUnits: 2, minTotal: 2_200_00 });
    const oneUnitOnly: PlanForGoal = { ...starter, maxAmount: 100_00 };
    expect(planOption(1_500_00, oneUnitOnly, 11)).toBeNull();
  });
});

describe('readGoalAmount and goalDateProblem (the chat’s prompts)', () => {
  it('reads amounts as members type them and names each problem', () => {
    expect(readGoalAmount('1500')).toEqual({ ok: true, cents: 1_500_00 });
    expect(readGoalAmount(' $1,500.50 ')).toEqual({ ok: true, cents: 1_500_50 });
    expect(readGoalAmount('abc')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(readGoalAmount('')).toEqual({ ok: false, problem: 'not_a_number' });
    expect(readGoalAmount('0')).toEqual({ ok: false, problem: 'not_positive' });
    expect(readGoalAmount('-5')).toEqual({ ok: false, problem: 'not_positive' });
    expect(readGoalAmount('0.50')).toEqual({ ok: false, problem: 'too_small' });
    expect(readGoalAmount('10.999')).toEqual({ ok: false, problem: 'too_many_decimals' });
    expect(readGoalAmount('99999999999999999')).toEqual({ ok: false, problem: 'too_large' });
    expect(readGoalAmount('1e9')).toEqual({ ok: false, problem: 'not_a_number' });
    // Ambiguous with English marks: 1.50 or 150?
    expect(readGoalAmount('1,50')).toEqual({ ok: false, problem: 'not_a_number' });
  });

  it('reads an amount with the marks of the member’s language', () => {
    const spanish = { decimal: ',', group: '.' };
    expect(readGoalAmount('1500,50', spanish)).toEqual({ ok: true, cents: 1_500_50 });
    expect(readGoalAmount('1.500', spanish)).toEqual({ ok: true, cents: 1_500_00 });
    expect(readGoalAmount('1.500,999', spanish)).toEqual({ ok: false, problem: 'too_many_decimals' });
    expect(readGoalAmount('1500.50', spanish)).toEqual({ ok: false, problem: 'not_a_number' });
    expect(readGoalAmount('-5', spanish)).toEqual({ ok: false, problem: 'not_positive' });
  });

  it('never throws and answers cents or a problem for any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const read = readGoalAmount(text);
        if (read.ok) expect(read.cents).toBeGreaterThanOrEqual(100);
        else
          expect(read.problem).toMatch(/^(not_a_number|not_positive|too_many_decimals|too_large|too_small)$/);
      }),
    );
  });

  it('names what is wrong with a date', () => {
    expect(goalDateProblem('2027-09-30', today)).toBeNull();
    expect(goalDateProblem('2026-11-28', today)).toBe('not_future');
    expect(goalDateProblem('2020-01-01', today)).toBe('not_future');
    expect(goalDateProblem('30/09/2027', today)).toBe('malformed');
    expect(goalDateProblem('2027-02-30', today)).toBe('malformed');
    expect(goalDateProblem('2076-11-28', today)).toBeNull();
    expect(goalDateProblem('2076-11-29', today)).toBe('too_far');
  });
});
