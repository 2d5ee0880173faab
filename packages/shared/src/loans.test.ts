import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LOAN_MESSAGES } from './schemas/loans';
import {
  MAX_LOAN_TERM,
  addLoanIntervals,
  loanEstimate,
  loanLimitProblem,
  loanSchedule,
  maxLoanTerm,
  parseLoanChange,
  splitPayment,
  type LoanRate,
  type ScheduledInstalment,
} from './loans';

const monthly12: LoanRate = { rateBps: 1200, interval: 'monthly' };

describe('the change text of a loan plan', () => {
  it('reads the rate, then the interval', () => {
    expect(parseLoanChange('12% monthly')).toEqual({ rateBps: 1200, interval: 'monthly' });
    expect(parseLoanChange('5% weekly')).toEqual({ rateBps: 500, interval: 'weekly' });
    expect(parseLoanChange('0.5% daily')).toEqual({ rateBps: 50, interval: 'daily' });
    expect(parseLoanChange(' 7.25 % Monthly ')).toEqual({ rateBps: 725, interval: 'monthly' });
    expect(parseLoanChange('3% per week'.replace('week', 'weekly'))).toEqual({
      rateBps: 300,
      interval: 'weekly',
    });
  });

  it('gives nothing for text that does not read as a rate and an interval', () => {
    for (const text of [
      '',
      'Varies',
      '12%',
      'monthly',
      '12 monthly',
      '12% yearly',
      '0% monthly',
      '-5% daily',
      '1.234% daily',
      null,
      undefined,
    ]) {
      expect(parseLoanChange(text)).toBeNull();
    }
  });
});

describe('the repayment estimate (spec §5)', () => {
  it('1,000.00 at 12% monthly over 12: profit 120.00, 11 × 93.33 and a last 93.37', () => {
    expect(loanEstimate(100_000, 12, monthly12)).toEqual({
      profit: 12_000,
      total: 112_000,
      perPeriod: 9_333,
      last: 9_337,
      term: 12,
      interval: 'monthly',
    });
  });

  it('uses the periods per year of each interval (365, 52, 12)', () => {
    // 0.5% daily, 30 days on 1,000.00: 1000 × 0.005 × 30 / 365 = 0.41095… → 0.41
    expect(loanEstimate(100_000, 30, { rateBps: 50, interval: 'daily' })).toMatchObject({
      profit: 41,
      perPeriod: 3_335, // 100041 / 30 = 3334.7
      last: 100_041 - 29 * 3_335,
    });
    // 5% weekly, 10 weeks on 520.00: 520 × 0.05 × 10 / 52 = 5.00 exactly
    expect(loanEstimate(52_000, 10, { rateBps: 500, interval: 'weekly' })).toMatchObject({
      profit: 500,
      perPeriod: 5_250,
      last: 5_250,
    });
    // 12% monthly, 1 month: the whole total in one instalment
    expect(loanEstimate(100_000, 1, monthly12)).toMatchObject({
      profit: 1_000,
      perPeriod: 101_000,
      last: 101_000,
    });
  });

  it('rounds the profit once, half to even', () => {
    // 100.00 × 1% × 1/12 = 8.333… cents → 8; 150.00 × 1% × 1/12 = 12.5 cents → 12 (even); 450.00 → 37.5 → 38
    expect(loanEstimate(10_000, 1, { rateBps: 100, interval: 'monthly' })?.profit).toBe(8);
    expect(loanEstimate(15_000, 1, { rateBps: 100, interval: 'monthly' })?.profit).toBe(12);
    expect(loanEstimate(45_000, 1, { rateBps: 100, interval: 'monthly' })?.profit).toBe(38);
  });

  it('rounds per period half-even, the last instalment taking the remainder (smaller or larger)', () => {
    // 2.00 total over 3 → 0.67, 0.67, 0.66
    const small = loanEstimate(200, 3, { rateBps: 1, interval: 'monthly' });
    expect(small).toMatchObject({ profit: 0, perPeriod: 67, last: 66 });
  });

  it('rounds per period down when rounding up would leave the last instalment nothing', () => {
    // 0.15 over 10 periods: 1.5 → 2 would need 0.18 for the first nine; 1 each, the last 0.06
    const tiny = loanEstimate(15, 10, { rateBps: 1, interval: 'monthly' });
    expect(tiny).toMatchObject({ perPeriod: 1, last: 6 });
  });

  it('has no estimate without a positive amount, a whole term ≥ 1 or a rate, or with fewer cents than instalments', () => {
    expect(loanEstimate(0, 12, monthly12)).toBeNull();
    expect(loanEstimate(100_000, 0, monthly12)).toBeNull();
    expect(loanEstimate(100_000, 1.5, monthly12)).toBeNull();
    expect(loanEstimate(100_000, 12, null)).toBeNull();
    expect(loanEstimate(5, 10, { rateBps: 1, interval: 'daily' })).toBeNull();
  });
});

describe('the schedule', () => {
  it('lays out the hand-worked case: dates a month apart, interest spread with the amounts', () => {
    const schedule = loanSchedule(100_000, 12, monthly12, '2026-01-31');
    expect(schedule).not.toBeNull();
    const rows = schedule ?? [];
    expect(rows.map((row) => row.dueDate)).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
    ]);
    expect(rows.slice(0, 11).every((row) => row.amount === 9_333 && row.interest === 1_000)).toBe(true);
    expect(rows[11]).toMatchObject({ number: 12, amount: 9_337, interest: 1_000, principal: 8_337 });
  });

  it('steps days, weeks and months (clamping the day to the month)', () => {
    expect(addLoanIntervals('2026-03-02', 'daily', 30)).toBe('2026-04-01');
    expect(addLoanIntervals('2026-12-28', 'weekly', 1)).toBe('2027-01-04');
    expect(addLoanIntervals('2028-01-31', 'monthly', 1)).toBe('2028-02-29');
    expect(addLoanIntervals('2026-11-15', 'monthly', 14)).toBe('2028-01-15');
  });

  it('always sums exactly: instalments to amount + profit, principal to the amount, interest to the profit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000_00 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 100_00 }),
        fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const),
        (amount, term, rateBps, interval) => {
          const rate = { rateBps, interval };
          const estimate = loanEstimate(amount, term, rate);
          const schedule = loanSchedule(amount, term, rate, '2026-03-02');
          if (!estimate || !schedule) {
            // No estimate only when there are fewer cents than instalments.
            expect(schedule).toBeNull();
            return amount < term;
          }
          const rows = schedule;
          const sum = (pick: (row: ScheduledInstalment) => number) =>
            rows.reduce((total, row) => total + pick(row), 0);
          expect(rows).toHaveLength(term);
          expect(sum((row) => row.amount)).toBe(amount + estimate.profit);
          expect(sum((row) => row.principal)).toBe(amount);
          expect(sum((row) => row.interest)).toBe(estimate.profit);
          // Every instalment is positive, its parts are not negative and add up to it.
          const bad = rows.find(
            (row) =>
              row.amount <= 0 ||
              row.principal < 0 ||
              row.interest < 0 ||
              row.principal + row.interest !== row.amount,
          );
          expect(bad).toBeUndefined();
          expect(schedule.slice(0, -1).every((row) => row.amount === estimate.perPeriod)).toBe(true);
          return true;
        },
      ),
      { numRuns: 300 },
    );
  }, 30_000);
});

describe('a payment against an instalment', () => {
  it('pays the interest first, then the principal, never more than owed', () => {
    expect(splitPayment(500, { principal: 8_333, interest: 1_000 })).toEqual({ interest: 500, principal: 0 });
    expect(splitPayment(1_500, { principal: 8_333, interest: 1_000 })).toEqual({
      interest: 1_000,
      principal: 500,
    });
    expect(splitPayment(50_000, { principal: 8_333, interest: 1_000 })).toEqual({
      interest: 1_000,
      principal: 8_333,
    });
    expect(splitPayment(0, { principal: 8_333, interest: 1_000 })).toEqual({ interest: 0, principal: 0 });
  });
});

describe('the limits Apply and Calculate share', () => {
  const limits = { minCents: 100_00, maxCents: 10_000_00, duration: 90 };

  it('accepts an amount and a term within the plan’s limits, bounds included', () => {
    expect(loanLimitProblem(limits, 100_00, 1)).toBeNull();
    expect(loanLimitProblem(limits, 10_000_00, 90)).toBeNull();
  });

  it('names the field out of bounds with the limits to say so with', () => {
    expect(loanLimitProblem(limits, 99_99, 12)).toEqual({
      field: 'amount_requested',
      min: 100_00,
      max: 10_000_00,
    });
    expect(loanLimitProblem(limits, 10_000_01, 12)).toMatchObject({ field: 'amount_requested' });
    expect(loanLimitProblem(limits, 500_00, 91)).toEqual({ field: 'term', maxTerm: 90 });
  });

  it('caps a plan without a duration (or a longer one) at MAX_LOAN_TERM', () => {
    expect(maxLoanTerm(null)).toBe(MAX_LOAN_TERM);
    expect(maxLoanTerm(5000)).toBe(MAX_LOAN_TERM);
    expect(loanLimitProblem({ ...limits, duration: null }, 500_00, MAX_LOAN_TERM + 1)).toEqual({
      field: 'term',
      maxTerm: MAX_LOAN_TERM,
    });
  });

  it('says the term limit with its unit', () => {
    expect(LOAN_MESSAGES.termTooLong(90, 'daily')).toBe('The term can be at most 90 days.');
    expect(LOAN_MESSAGES.termTooLong(1, 'weekly')).toBe('The term can be at most 1 week.');
    expect(LOAN_MESSAGES.termTooLong(24, 'monthly')).toBe('The term can be at most 24 months.');
    expect(LOAN_MESSAGES.termTooLong(6, null)).toBe('The term can be at most 6 periods.');
  });
});
