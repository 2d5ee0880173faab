import { divideHalfEven } from './money';
import { planDurationLabel } from './rate-labels';

/**
 * Pure rules of plans and earnings (DESIGN §6), used by the server and the web app.
 * Rates are basis points (800 = 8%), amounts integer cents.
 */

/**
 * What happens at the end of a fixed term (decision 194; here, not beside the schemas, so a screen
 * that offers the choice does not load zod): back to cash, or renewed for the same term at
 * the plan's then-current rate with the earnings paid out (`renew`) or renewed too.
 */
export const AT_MATURITY = ['cash', 'renew', 'renew_with_earnings'] as const;

/** Days in the accrual year: a day earns amount × rate / 365, leap years included (DESIGN §6). */
export const ACCRUAL_DAYS_PER_YEAR = 365;
const BPS = 10_000;

/** The spec's `change` text: "+8.00%". */
export function formatRate(bps: number): string {
  const sign = bps >= 0 ? '+' : '-';
  const abs = Math.abs(bps);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}%`;
}

/** A rate in percent as a JSON number (800 → 8, 1250 → 12.5). */
export const bpsToPercent = (bps: number): number => bps / 100;

/**
 * The spec's `duration` text: "Flexible" without a term; whole months when the days are exactly
 * floor(months × 365 / 12) for 2 months or more ("6 months" = 182 days, "12 months" = 365 days);
 * otherwise days ("90 days", "1 day").
 */
export function formatDuration(durationDays: number | null): string {
  return planDurationLabel(durationDays, 'en');
}

/**
 * Cumulative earnings in cents after days whose rates sum to `rateDaysBps` (Σ bps over the days):
 * halfEven(amount × Σrate / (365 × 10 000)). Crediting each day the difference to the previous
 * cumulative figure keeps the total exact to the cent (docs/decisions/071-accrual-rounding.md).
 */
export function cumulativeEarnings(amountCents: number, rateDaysBps: number): number {
  return Number(
    divideHalfEven(BigInt(amountCents) * BigInt(rateDaysBps), BigInt(ACCRUAL_DAYS_PER_YEAR * BPS)),
  );
}

/**
 * `expected_yield` (dollars): what the plan's minimum amount earns at its rate over its term, or over
 * one year (365 days) for a flexible plan.
 */
export function expectedYieldCents(minAmountCents: number, apyBps: number, durationDays: number | null) {
  return cumulativeEarnings(minAmountCents, apyBps * (durationDays ?? ACCRUAL_DAYS_PER_YEAR));
}

const DAY_MS = 86_400_000;

/** 00:00 UTC of the day of `instant`. */
export function startOfUtcDay(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / DAY_MS) * DAY_MS);
}

/** The first accrual instant of a plan started at `startsAt`: the next 00:00 UTC after it. */
export function firstAccrualAt(startsAt: Date): Date {
  return new Date(startOfUtcDay(startsAt).getTime() + DAY_MS);
}

export function addDays(instant: Date, days: number): Date {
  return new Date(instant.getTime() + days * DAY_MS);
}
