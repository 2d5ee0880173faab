import { PERIODS_PER_YEAR } from './constants';
import { divideHalfEven } from './money';

/**
 * Pure rules of loans (spec §5 "Repayment estimate", DESIGN §6 "Loans"), used by the server and the
 * web app: the one source of the estimate and of the repayment schedule. Amounts are integer cents,
 * rates basis points (12% = 1200). Rounding: docs/decisions/080-loan-rounding.md.
 */

export const LOAN_INTERVALS = ['daily', 'weekly', 'monthly'] as const;
export type LoanInterval = (typeof LOAN_INTERVALS)[number];

/** The longest term a loan may have, in periods of its interval (when the plan gives no duration). */
export const MAX_LOAN_TERM = 1000;

/** The longest term a plan allows, in periods of its interval: its duration, at most MAX_LOAN_TERM. */
export function maxLoanTerm(duration: number | null): number {
  return Math.min(duration ?? MAX_LOAN_TERM, MAX_LOAN_TERM);
}

/** A plan's limits as the apply rules read them: amounts in integer cents. */
export interface LoanLimits {
  minCents: number;
  maxCents: number;
  /** The plan's longest term in periods, or null (then MAX_LOAN_TERM). */
  duration: number | null;
}

export type LoanLimitProblem =
  { field: 'amount_requested'; min: number; max: number } | { field: 'term'; maxTerm: number };

/**
 * The plan's limits on an amount (cents) and a term (whole periods, already checked to be one): the
 * one rule Apply (the API) and Calculate (the web dialog, before any estimate) both apply. Null when
 * both are within the plan's limits; else which field is out and the limits to say so with.
 */
export function loanLimitProblem(
  limits: LoanLimits,
  amountCents: number,
  term: number,
): LoanLimitProblem | null {
  if (amountCents < limits.minCents || amountCents > limits.maxCents)
    return { field: 'amount_requested', min: limits.minCents, max: limits.maxCents };
  const maxTerm = maxLoanTerm(limits.duration);
  if (term > maxTerm) return { field: 'term', maxTerm };
  return null;
}

export interface LoanRate {
  /** Basis points: '12%' → 1200, '0.5%' → 50. */
  rateBps: number;
  interval: LoanInterval;
}

const CHANGE_PATTERN = /^\s*(\d{1,4})(?:\.(\d{1,2}))?\s*%\s*(?:per\s+|a\s+)?(daily|weekly|monthly)\s*$/i;

/**
 * A loan plan's `change` text ("12% monthly": the rate, then the interval) as a rate in basis points
 * and an interval; null when it does not read that way (the screen then shows 'N/A' and no estimate).
 */
export function parseLoanChange(change: string | null | undefined): LoanRate | null {
  if (typeof change !== 'string') return null;
  const match = CHANGE_PATTERN.exec(change);
  if (!match) return null;
  const rateBps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (rateBps <= 0) return null;
  return { rateBps, interval: (match[3] ?? '').toLowerCase() as LoanInterval };
}

/** The rate in percent as a JSON number (1200 → 12, 50 → 0.5). */
export const loanRatePercent = (rateBps: number): number => rateBps / 100;

export interface LoanEstimate {
  /** Cents: amount × rate × term ÷ periods per year, rounded once (half-even). */
  profit: number;
  /** Cents: amount + profit, what the schedule's instalments sum to. */
  total: number;
  /** Cents: each of instalments 1…n−1 (the spec's "per period"). */
  perPeriod: number;
  /** Cents: the last instalment, which absorbs the remainder. */
  last: number;
  term: number;
  interval: LoanInterval;
}

/**
 * The repayment estimate (spec §5): profit = amount × (rate / 100) × (term / periods per year),
 * rounded half-even once, in cents; per period = (amount + profit) ÷ term rounded half-even. The
 * last instalment is total − (term − 1) × per period, so the schedule sums exactly; when rounding
 * up would leave the last instalment with nothing (tiny totals over long terms) per period is
 * rounded down instead. Null when there is no estimate: amount or term not a positive whole number,
 * no rate, or fewer cents than instalments.
 */
export function loanEstimate(amountCents: number, term: number, rate: LoanRate | null): LoanEstimate | null {
  if (!rate || !Number.isSafeInteger(amountCents) || amountCents <= 0) return null;
  if (!Number.isSafeInteger(term) || term < 1 || term > MAX_LOAN_TERM) return null;
  const perYear = PERIODS_PER_YEAR[rate.interval];
  const profit = Number(
    divideHalfEven(BigInt(amountCents) * BigInt(rate.rateBps) * BigInt(term), BigInt(10_000 * perYear)),
  );
  const total = amountCents + profit;
  if (total < term) return null;
  let perPeriod = Number(divideHalfEven(BigInt(total), BigInt(term)));
  if ((term - 1) * perPeriod >= total) perPeriod = Math.floor(total / term);
  const last = total - (term - 1) * perPeriod;
  return { profit, total, perPeriod, last, term, interval: rate.interval };
}

export interface ScheduledInstalment {
  /** 1…term. */
  number: number;
  /** The UTC calendar date it falls due (YYYY-MM-DD). */
  dueDate: string;
  /** Cents: principal + interest. */
  amount: number;
  principal: number;
  interest: number;
}

/**
 * The date `count` intervals after `start` (a UTC date YYYY-MM-DD): days, weeks, or calendar months
 * (the day clamped to the month's last day: 31 Jan + 1 month = 28 or 29 Feb).
 */
export function addLoanIntervals(start: string, interval: LoanInterval, count: number): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  if (interval === 'monthly') {
    const monthIndex = m - 1 + count;
    const year = y + Math.floor(monthIndex / 12);
    const month = ((monthIndex % 12) + 12) % 12;
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return new Date(Date.UTC(year, month, Math.min(d, lastDay))).toISOString().slice(0, 10);
  }
  const days = interval === 'weekly' ? 7 * count : count;
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The schedule of a loan of `amountCents` approved on `startDate` (YYYY-MM-DD): `term` instalments
 * one interval apart, amounts from loanEstimate (1…n−1 equal, the last absorbing the remainder). The
 * interest is spread in proportion to the amounts: the interest paid through instalment i is
 * halfEven(profit × amounts through i ÷ total), the last taking what is left, so the interest parts
 * sum to the profit, the principal parts to the amount, and no part is negative.
 */
export function loanSchedule(
  amountCents: number,
  term: number,
  rate: LoanRate | null,
  startDate: string,
): ScheduledInstalment[] | null {
  const estimate = loanEstimate(amountCents, term, rate);
  if (!estimate) return null;
  const { total, profit, perPeriod, last, interval } = estimate;
  const rows: ScheduledInstalment[] = [];
  let paidThrough = 0;
  let interestThrough = 0;
  for (let number = 1; number <= term; number += 1) {
    const amount = number === term ? last : perPeriod;
    paidThrough += amount;
    const cumulativeInterest =
      number === term ? profit : Number(divideHalfEven(BigInt(profit) * BigInt(paidThrough), BigInt(total)));
    const interest = cumulativeInterest - interestThrough;
    interestThrough = cumulativeInterest;
    rows.push({
      number,
      dueDate: addLoanIntervals(startDate, interval, number),
      amount,
      principal: amount - interest,
      interest,
    });
  }
  return rows;
}

/**
 * How a payment of `available` cents settles an instalment's outstanding parts: interest first,
 * then principal (docs/decisions/081-partial-collection.md).
 */
export function splitPayment(
  available: number,
  outstanding: { principal: number; interest: number },
): { principal: number; interest: number } {
  const pay = Math.max(0, Math.min(available, outstanding.principal + outstanding.interest));
  const interest = Math.min(pay, outstanding.interest);
  return { interest, principal: pay - interest };
}
