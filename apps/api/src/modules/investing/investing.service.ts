import type { AuthUser, Tx, UserPlanRow } from '@app/db';
import {
  EARNINGS_CHART_DAYS,
  INVEST_MESSAGES,
  addDays,
  centsToMajor,
  firstAccrualAt,
  type InvestResponse,
  type UserPlanActionResponse,
  type UserPlanDetail,
  type UserPlanListResponse,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { postEntry, transfer } from '../../ledger/ledger';
import { pageMeta } from '../../lib/paging';
import { requireVerifiedEmail } from '../auth/account.service';
import { findPlan } from '../plans/plans.service';
import { creditDueDays } from './accrual.service';
import { setReinvest } from './compounding.service';
import * as repository from './investing.repository';
import { earnsAfter } from './earning-days';
import { toUserPlan, toUserPlans } from './user-plan';

export type NewGoalUnit = repository.NewGoalUserPlan;

/**
 * A goal's unit (docs/decisions/110): a user plan with goal_id, in the caller's transaction, which
 * also writes its ledger entry. Answers the new plan.
 */
export function insertGoalUserPlan(tx: Tx, row: repository.NewUserPlan): Promise<UserPlanRow> {
  return repository.insertUserPlan(tx, row);
}

/** The units of a batch of goals in one statement (the contribution job); answers each goal's plan id. */
export function insertGoalUserPlans(
  tx: Tx,
  rows: NewGoalUnit[],
  startsAt: Date,
  nextAccrualAt: Date,
): Promise<Map<number, number>> {
  return repository.insertGoalUserPlans(tx, rows, startsAt, nextAccrualAt);
}

/**
 * POST /api/invest: within the plan's limits, from the cash balance into a new user plan, in one
 * transaction with its ledger entry (cash → invested, reference invest:<user plan>).
 */
export async function invest(
  deps: AppDeps,
  user: AuthUser,
  input: { plan_id: number; amount: number },
): Promise<InvestResponse> {
  requireVerifiedEmail(user);
  const { db } = deps.database;
  const plan = await findPlan(db, input.plan_id);
  if (!plan)
    throw new AppError('NOT_FOUND', INVEST_MESSAGES.planNotFound, {
      plan_id: [INVEST_MESSAGES.planNotFound],
    });
  if (plan.status !== 'active') throw new AppError('BUSINESS_RULE', INVEST_MESSAGES.planInactive);
  if (input.amount < plan.minAmount || input.amount > plan.maxAmount) {
    throw AppError.validation(
      'amount',
      INVEST_MESSAGES.outOfRange(centsToMajor(plan.minAmount), centsToMajor(plan.maxAmount)),
    );
  }
  const now = deps.clock.now();
  const row = await db.transaction(async (tx) => {
    const created = await repository.insertUserPlan(tx, {
      userId: user.id,
      planId: plan.id,
      name: plan.name,
      category: plan.category,
      apyBps: plan.apyBps,
      lockedApyBps: plan.lockedApyBps,
      durationDays: plan.durationDays,
      amount: input.amount,
      status: 'active',
      startsAt: now,
      endsAt: plan.durationDays === null ? null : addDays(now, plan.durationDays),
      nextAccrualAt: firstAccrualAt(now),
      createdAt: now,
      updatedAt: now,
    });
    await postEntry(
      tx,
      {
        kind: 'investment',
        reference: `invest:${created.id}`,
        userId: user.id,
        metadata: { user_plan_id: created.id, plan_id: plan.id },
        postings: transfer(
          { userId: user.id, kind: 'cash' },
          { userId: user.id, kind: 'invested' },
          input.amount,
        ),
      },
      now,
    );
    return created;
  });
  return { message: INVEST_MESSAGES.success, plan: toUserPlan(row) };
}

export async function listUserPlans(
  deps: AppDeps,
  userId: number,
  page: number,
  perPage: number,
): Promise<UserPlanListResponse> {
  const { rows, total } = await repository.listUserPlans(deps.database.db, userId, page, perPage);
  return {
    data: await toUserPlans(deps.database.db, rows),
    meta: pageMeta(page, perPage, total),
  };
}

/**
 * GET /api/pp/:id: one of the member's plans with its latest EARNINGS_CHART_DAYS earning days, each
 * with the plan's earnings up to it.
 */
export async function getUserPlan(deps: AppDeps, userId: number, id: number): Promise<UserPlanDetail> {
  const { db } = deps.database;
  const row = await repository.findUserPlan(db, userId, id);
  if (!row) throw AppError.notFound(INVEST_MESSAGES.userPlanNotFound);
  const days = await repository.latestEarningDays(db, row.id, EARNINGS_CHART_DAYS);
  const [plan] = await toUserPlans(db, [row]);
  const earnings = days.map((day) => ({
    date: day.date,
    rate_bps: day.rateBps,
    amount: centsToMajor(day.amount),
    cumulative: centsToMajor(day.cumulative),
  }));
  return { ...plan!, earnings };
}

/** POST /api/pp/:id/lock: irreversible; the locked rate applies from the next accrual on. */
export async function lockUserPlan(
  deps: AppDeps,
  userId: number,
  id: number,
): Promise<UserPlanActionResponse> {
  const row = await deps.database.db.transaction(async (tx) => {
    const plan = await repository.lockUserPlan(tx, userId, id);
    // Read once the plan is held: a request that waited for the accrual's batch is dated after the
    // night that batch paid at the rate before the lock.
    const now = deps.clock.now();
    if (!plan) throw AppError.notFound(INVEST_MESSAGES.userPlanNotFound);
    if (plan.status !== 'active') throw new AppError('BUSINESS_RULE', INVEST_MESSAGES.lockOnlyActive);
    // "Withdraw it instead" is no way out for a goal's unit, which leaves only with its goal.
    if (plan.durationDays === null)
      throw new AppError(
        'BUSINESS_RULE',
        plan.goalId === null ? INVEST_MESSAGES.lockFlexible : INVEST_MESSAGES.exitGoal,
      );
    // The term is over and only the maturity job has still to complete it, or its last accrual is
    // behind it: no accrual is left to earn the locked rate, which the plan would otherwise show for ever.
    if (plan.endsAt !== null && plan.endsAt.getTime() <= now.getTime())
      throw new AppError('CONFLICT', INVEST_MESSAGES.lockEnded);
    if (!earnsAfter(plan, now)) throw new AppError('CONFLICT', INVEST_MESSAGES.lockNoEarningLeft);
    return repository.updateUserPlan(tx, plan.id, { status: 'locked', lockedAt: now, updatedAt: now });
  });
  return { message: INVEST_MESSAGES.locked, plan: (await toUserPlans(deps.database.db, [row]))[0]! };
}

/**
 * POST /api/pp/:id/withdraw: an active flexible plan ends on request. The days already due are
 * credited first, then the principal goes back to cash (docs/decisions/072-flexible-plans.md).
 */
export async function withdrawUserPlan(
  deps: AppDeps,
  userId: number,
  id: number,
): Promise<UserPlanActionResponse> {
  const now = deps.clock.now();
  const row = await deps.database.db.transaction(async (tx) => {
    let plan = await repository.lockUserPlan(tx, userId, id);
    if (!plan) throw AppError.notFound(INVEST_MESSAGES.userPlanNotFound);
    if (plan.status !== 'active' || plan.durationDays !== null)
      throw new AppError('BUSINESS_RULE', INVEST_MESSAGES.withdrawOnlyFlexible);
    // A goal's unit is the goal's money: it counts towards the goal, so it leaves only with the goal.
    if (plan.goalId !== null) throw new AppError('BUSINESS_RULE', INVEST_MESSAGES.exitGoal);
    plan = await creditDueDays(tx, plan, now);
    await postEntry(
      tx,
      {
        kind: 'plan_withdrawal',
        reference: `plan:${plan.id}:withdraw`,
        userId,
        metadata: { user_plan_id: plan.id },
        postings: transfer({ userId, kind: 'invested' }, { userId, kind: 'cash' }, plan.amount),
      },
      now,
    );
    return repository.updateUserPlan(tx, plan.id, { status: 'completed', closedAt: now, updatedAt: now });
  });
  return { message: INVEST_MESSAGES.withdrawn, plan: (await toUserPlans(deps.database.db, [row]))[0]! };
}

/** PUT /api/pp/:id/compounding (decision 192): the member's "reinvest earnings" switch. */
export async function setCompounding(
  deps: AppDeps,
  userId: number,
  id: number,
  reinvest: boolean,
): Promise<UserPlanActionResponse> {
  const { row, state, message } = await setReinvest(deps, userId, id, reinvest, creditDueDays);
  return { message, plan: toUserPlan(row, state) };
}
