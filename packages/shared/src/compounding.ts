import { ACCRUAL_DAYS_PER_YEAR, cumulativeEarnings } from './investing';
import { divideHalfEven } from './money';

/**
 * Compounding on request (decision 192): pure money math shared by the accrual, the API and the web.
 * Rates are basis points of simple annual rate (the APR: a plan's apy_bps), amounts integer cents.
 *
 * Rounding rule: a reinvested segment's growth factor Π (1 + rate / 3 650 000) is kept in fixed point
 * 10^18, rounded half-even after each day; the principal after a day is halfEven(base × growth / 10^18)
 * and the day's earning is that minus the principal before it. Rounding never accumulates: after any
 * number of days the principal is the formula's value to the cent (the same idea as decision 071).
 */

/** The fixed point of a growth factor: 1.0 = 10^18. */
export const GROWTH_SCALE = 10n ** 18n;
/** 365 days × 10 000 bps: a day's factor is (DAY_DENOMINATOR + rate) / DAY_DENOMINATOR. */
const DAY_DENOMINATOR = BigInt(ACCRUAL_DAYS_PER_YEAR * 10_000);
const DAY_MS = 86_400_000;

/** The growth factor after one more reinvested day at `rateBps`. */
export function growthAfterDay(growth: bigint, rateBps: number): bigint {
  return divideHalfEven(growth * (DAY_DENOMINATOR + BigInt(rateBps)), DAY_DENOMINATOR);
}

/**
 * The growth factor of `days` reinvested days at one rate (the projection's). Memoised: every position
 * of a rate and a remaining term asks for the same factor, and each is `days` big-integer steps.
 */
export function growthOver(days: number, rateBps: number): bigint {
  const key = `${rateBps}:${days}`;
  const known = growthCache.get(key);
  if (known !== undefined) return known;
  let growth = GROWTH_SCALE;
  for (let day = 0; day < days; day += 1) growth = growthAfterDay(growth, rateBps);
  if (growthCache.size >= GROWTH_CACHE_SIZE) growthCache.clear();
  growthCache.set(key, growth);
  return growth;
}
const GROWTH_CACHE_SIZE = 20_000;
const growthCache = new Map<string, bigint>();

/** The principal, in cents, of a segment that started at `baseCents` and grew by `growth`. */
export function compoundedPrincipal(baseCents: number, growth: bigint): number {
  return Number(divideHalfEven(BigInt(baseCents) * growth, GROWTH_SCALE));
}

/** A position's compounding state (the row of user_plan_compounding; none = never switched). */
export interface CompoundingState {
  reinvest: boolean;
  base: number;
  growth: bigint;
  fromRateDays: number;
  fromEarned: number;
}

/** The position's accrual state before the day. */
export interface AccrualPosition {
  amount: number;
  rateDaysBps: number;
  earned: number;
}

/** One day's earning of a position: cents, and the segment's growth after it when reinvested. */
export interface DayEarning {
  amount: number;
  reinvest: boolean;
  growth: bigint | null;
}

/**
 * The day's earning at `rateBps`. Paid out (no state, or reinvest off): decision 071 from the start of
 * the segment. Reinvested: the compounded principal after the day minus the principal before it.
 */
export function dayEarning(
  position: AccrualPosition,
  state: CompoundingState | null,
  rateBps: number,
): DayEarning {
  if (state?.reinvest) {
    const growth = growthAfterDay(state.growth, rateBps);
    return { amount: compoundedPrincipal(state.base, growth) - position.amount, reinvest: true, growth };
  }
  const fromRateDays = state?.fromRateDays ?? 0;
  const fromEarned = state?.fromEarned ?? 0;
  const cumulative = cumulativeEarnings(position.amount, position.rateDaysBps - fromRateDays + rateBps);
  return { amount: cumulative - (position.earned - fromEarned), reinvest: false, growth: null };
}

/**
 * The APY of a simple annual rate compounded daily, (1 + APR/365)^365 − 1, in basis points: computed
 * exactly in integers, then rounded half-even to the basis point (10% APR → 1052 bps = 10.52%).
 */
export function apyBpsFromApr(aprBps: number): number {
  const cached = apyCache.get(aprBps);
  if (cached !== undefined) return cached;
  const days = BigInt(ACCRUAL_DAYS_PER_YEAR);
  const denominator = DAY_DENOMINATOR ** days;
  const grown = (DAY_DENOMINATOR + BigInt(aprBps)) ** days;
  const apy = Number(divideHalfEven((grown - denominator) * 10_000n, denominator));
  apyCache.set(aprBps, apy);
  return apy;
}
const apyCache = new Map<number, number>();

/** Accrual days still to come from `nextAccrualAt` up to and including `endsAt` (none when past). */
export function remainingAccrualDays(nextAccrualAt: Date, endsAt: Date): number {
  if (nextAccrualAt.getTime() > endsAt.getTime()) return 0;
  return Math.floor((endsAt.getTime() - nextAccrualAt.getTime()) / DAY_MS) + 1;
}

/** What a position is projected to be worth after `days` more accrual days at `rateBps`, both ways. */
export interface CompoundingProjection {
  days: number;
  /** Earnings paid out: the principal plus the days' simple earnings (cents). */
  paidOut: number;
  /** Earnings reinvested: the principal compounded daily over the days (cents). */
  reinvested: number;
}

export function projectBothWays(amountCents: number, rateBps: number, days: number): CompoundingProjection {
  return {
    days,
    paidOut: amountCents + cumulativeEarnings(amountCents, rateBps * days),
    reinvested: compoundedPrincipal(amountCents, growthOver(days, rateBps)),
  };
}
