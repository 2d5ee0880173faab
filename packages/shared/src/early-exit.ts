import { cumulativeEarnings } from './investing';
import { divideHalfEven } from './money';

/** How long an exit quote can be executed (decision 186). */
export const EXIT_QUOTE_TTL_SECONDS = 60;
/** The "current period" whose earnings an exit may forfeit: 30 days counted from the plan's start. */
export const EXIT_PERIOD_DAYS = 30;

export type ExitForfeitRule = 'none' | 'current_period' | 'all';

export interface ExitRule {
  penaltyBps: number;
  forfeit: ExitForfeitRule;
}

/** Cents. */
export interface ExitFigures {
  principal: number;
  /** Earnings credited to cash so far. */
  earned: number;
  /** Earnings given up: taken from the principal returned (they are already in cash). */
  forfeited: number;
  penalty: number;
  /** Credited to cash by the exit: principal − penalty − forfeited, never below 0. */
  returned: number;
  /** Earnings the member keeps: earned − forfeited. */
  kept: number;
  /** What the plan gave the member in all: returned + kept. */
  total: number;
}

/**
 * The figures of an exit today (decision 186). The penalty (rounded half-even) is taken first, then
 * the forfeited earnings, each no more than what is left of the principal, so the member never owes.
 */
export function exitFigures(
  input: { principal: number; earned: number; earnedThisPeriod: number },
  rule: ExitRule,
): ExitFigures {
  const { principal, earned } = input;
  const wanted =
    rule.forfeit === 'all' ? earned : rule.forfeit === 'current_period' ? input.earnedThisPeriod : 0;
  const penalty = Math.min(
    principal,
    Number(divideHalfEven(BigInt(principal) * BigInt(rule.penaltyBps), 10_000n)),
  );
  const forfeited = Math.min(wanted, principal - penalty);
  const returned = principal - penalty - forfeited;
  const kept = earned - forfeited;
  return { principal, earned, forfeited, penalty, returned, kept, total: returned + kept };
}

const DAY_MS = 86_400_000;

/** The start of the 30-day period of the plan that `now` falls in. */
export function exitPeriodStart(startsAt: Date, now: Date): Date {
  const periods = Math.floor((now.getTime() - startsAt.getTime()) / (EXIT_PERIOD_DAYS * DAY_MS));
  return new Date(startsAt.getTime() + Math.max(0, periods) * EXIT_PERIOD_DAYS * DAY_MS);
}

/**
 * What a plan pays in all if held to its end at `rateBps` from now: principal plus the cumulative
 * earnings after the accrual days still to come (every 00:00 UTC up to and including `endsAt`).
 */
export function maturityTotal(
  plan: { amount: number; rateDaysBps: number; nextAccrualAt: Date; endsAt: Date },
  rateBps: number,
): number {
  const remaining =
    plan.nextAccrualAt.getTime() > plan.endsAt.getTime()
      ? 0
      : Math.floor((plan.endsAt.getTime() - plan.nextAccrualAt.getTime()) / DAY_MS) + 1;
  return plan.amount + cumulativeEarnings(plan.amount, plan.rateDaysBps + remaining * rateBps);
}
