import type { Tx, UserPlanRow } from '@app/db';
import {
  INVEST_MESSAGES,
  apyBpsFromApr,
  centsToMajor,
  dayEarning,
  projectBothWays,
  remainingAccrualDays,
  ACCRUAL_DAYS_PER_YEAR,
  type UserPlanCompounding,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { postEntriesBulk } from '../../ledger/bulk-entries';
import * as compoundingRepository from './compounding.repository';
import type { CompoundingRow } from './compounding.repository';
import { earnsAfter } from './earning-days';
import type { DuePlan } from './investing.repository';
import * as repository from './investing.repository';

/**
 * Compounding on request (decision 192): a position's "reinvest earnings" switch, the accrual's
 * reinvested days (set-based: one bulk posting and two updates per batch) and the figures the
 * portfolio shows for both choices.
 */

/** The ledger entry kind of a reinvested earning (cash → invested); Activity type `reinvestment`. */
export const REINVEST_ENTRY_KIND = 'earning_reinvested';
export const reinvestReference = (userPlanId: number, date: string) => `reinvest:${userPlanId}:${date}`;

/** One due position's day as the accrual computes it. */
export interface ComputedDay {
  plan: DuePlan;
  rateBps: number;
  rateDaysBps: number;
  /** Earned to date after the day (paid out and reinvested alike). */
  earned: number;
  /** The day's earning, cents. */
  amount: number;
  reinvest: boolean;
  growth: bigint | null;
}

/** The day's earning of each due position, by its compounding state (one query for the batch). */
export async function computeDay(
  tx: Tx,
  due: DuePlan[],
  rateOf: (plan: DuePlan) => number,
): Promise<ComputedDay[]> {
  const states = await compoundingRepository.compoundingStates(
    tx,
    due.map((plan) => plan.id),
  );
  return due.map((plan) => {
    const rateBps = rateOf(plan);
    const day = dayEarning(plan, states.get(plan.id) ?? null, rateBps);
    return {
      plan,
      rateBps,
      rateDaysBps: plan.rateDaysBps + rateBps,
      earned: plan.earned + day.amount,
      amount: day.amount,
      reinvest: day.reinvest,
      growth: day.growth,
    };
  });
}

/**
 * The reinvested days of a batch, after their earnings were credited to cash: one entry cash →
 * invested per position and day (reference reinvest:<position>:<date>, written set-based), then each
 * segment's growth (the positions' principals moved with their accrual state: `recordAccruals`).
 */
export async function reinvestDay(tx: Tx, days: ComputedDay[], date: string, at: Date, now: Date) {
  const reinvested = days.filter((day) => day.reinvest);
  if (reinvested.length === 0) return;
  const posted = await postEntriesBulk(
    tx,
    reinvested
      .filter((day) => day.amount > 0)
      .map((day) => ({
        kind: REINVEST_ENTRY_KIND,
        reference: reinvestReference(day.plan.id, date),
        userId: day.plan.userId,
        metadata: { user_plan_id: day.plan.id, plan_name: day.plan.name, date },
        postings: [
          { account: { userId: day.plan.userId, kind: 'cash' as const }, amount: -day.amount },
          { account: { userId: day.plan.userId, kind: 'invested' as const }, amount: day.amount },
        ],
      })),
    at,
    // Locked and due: the day's reinvestment cannot exist yet, an entry already there fails the batch.
    { fresh: true },
  );
  for (const day of reinvested) {
    // The position was locked and due: its day cannot have been reinvested already.
    if (day.amount > 0 && !posted.has(reinvestReference(day.plan.id, date)))
      throw new Error(`${reinvestReference(day.plan.id, date)} was already reinvested`);
  }
  await compoundingRepository.recordReinvested(
    tx,
    reinvested.map((day) => ({ id: day.plan.id, amount: day.amount, growth: day.growth! })),
    now,
  );
}

const running = (row: UserPlanRow) => row.status === 'active' || row.status === 'locked';

/** The compounding fields of a position for the API (the state: its row, or none). */
export function compoundingView(row: UserPlanRow, state: CompoundingRow | null): UserPlanCompounding {
  const rate = row.status === 'locked' || row.lockedAt ? row.lockedApyBps : row.apyBps;
  const days = !running(row)
    ? 0
    : row.endsAt === null
      ? ACCRUAL_DAYS_PER_YEAR
      : remainingAccrualDays(row.nextAccrualAt, row.endsAt);
  const projection = projectBothWays(row.amount, rate, days);
  return {
    reinvest: state?.reinvest ?? false,
    reinvested: centsToMajor(state?.reinvested ?? 0),
    compounded_apy_bps: apyBpsFromApr(rate),
    projection: running(row)
      ? {
          days,
          at_maturity: row.endsAt !== null,
          paid_out: centsToMajor(projection.paidOut),
          reinvested: centsToMajor(projection.reinvested),
        }
      : null,
  };
}

/** The compounding rows of these positions, by id (in a transaction: its own statement). */
export function compoundingStates(db: Tx | AppDeps['database']['db'], ids: number[]) {
  return compoundingRepository.compoundingStates(db, ids);
}

/** The compounding rows of the positions an answer lists, by id, read with other requests' (decision 144). */
export function listedCompoundingStates(db: Tx | AppDeps['database']['db'], ids: number[]) {
  return compoundingRepository.listedCompoundingStates(db, ids);
}

/**
 * PUT /api/pp/:id/compounding: turns "reinvest earnings" on or off for a running position of the
 * member's own (404 for anyone else's). The days already due are credited first under the old choice;
 * the new one applies from the next accrual. Setting the current value changes nothing.
 */
export async function setReinvest(
  deps: AppDeps,
  userId: number,
  id: number,
  reinvest: boolean,
  credit: (tx: Tx, plan: UserPlanRow, now: Date) => Promise<UserPlanRow>,
): Promise<{ row: UserPlanRow; state: CompoundingRow | null; message: string }> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const locked = await repository.lockUserPlan(tx, userId, id);
    if (!locked) throw AppError.notFound(INVEST_MESSAGES.userPlanNotFound);
    // A term that is over, even before the maturity job completes it, has no accrual left to reinvest.
    const ended = locked.endsAt !== null && locked.endsAt.getTime() <= now.getTime();
    if (!running(locked) || ended) throw new AppError('BUSINESS_RULE', INVEST_MESSAGES.compoundingEnded);
    // Its last accrual is behind it (the end time is later that day): nothing is left to reinvest.
    if (!earnsAfter(locked, now))
      throw new AppError('BUSINESS_RULE', INVEST_MESSAGES.compoundingNoEarningLeft);
    if (locked.goalId !== null) throw new AppError('BUSINESS_RULE', INVEST_MESSAGES.compoundingGoal);
    const row = await credit(tx, locked, now);
    const before = (await compoundingRepository.compoundingStates(tx, [row.id])).get(row.id) ?? null;
    if ((before?.reinvest ?? false) !== reinvest)
      await compoundingRepository.startSegment(tx, row, reinvest, now);
    const state = (await compoundingRepository.compoundingStates(tx, [row.id])).get(row.id) ?? null;
    const message = reinvest ? INVEST_MESSAGES.compoundingOn : INVEST_MESSAGES.compoundingOff;
    return { row, state, message };
  });
}
