import type { AuthUser, GoalRow, PlanRow, Tx } from '@app/db';
import {
  GOAL_MESSAGES,
  MAX_GOALS_PER_MEMBER,
  addDays,
  addGoalPeriods,
  effectiveFrequency,
  firstAccrualAt,
  goalReached,
  isGoalPlan,
  type Goal,
  type GoalCreateInput,
  type GoalResponse,
  type MessageResponse,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { Mailer } from '../../integrations/mail/mailer';
import { InsufficientFundsError, postEntry, transfer } from '../../ledger/ledger';
import { findUserById, requireVerifiedEmail } from '../auth/account.service';
import { insertGoalUserPlan } from '../investing/investing.service';
import { notify } from '../notifications/notifications.service';
import { findPlan } from '../plans/plans.service';
import * as repository from './goals.repository';
import { getGoal, money, requireFutureDate, toGoal, utcDate, type GoalDeps } from './goals.service';

/** A goal's life: saved (its first unit invested), paused, resumed, deleted, completed. */

export async function notifyCompleted(
  tx: Tx,
  mailer: Mailer,
  goal: { id: number; userId: number; name: string; targetAmount: number },
  now: Date,
): Promise<void> {
  const user = await findUserById(tx, goal.userId);
  if (!user) return;
  await notify(
    tx,
    { mailer },
    {
      user,
      kind: 'goal_completed',
      message: { key: 'goal_completed', params: { goal: goal.name, target: goal.targetAmount } },
      reference: `goal:${goal.id}:completed`,
      mail: true,
    },
    now,
  );
}

/**
 * POST /api/goals (the create-goal modal) and POST /api/ai/save-goal (the chat): the same checks and
 * the same effect. The goal is saved and its first unit (the plan's min_amount) invested at once, in
 * one transaction with its ledger entry (cash → invested, reference goal:<id>:0); a balance below the
 * unit refuses the whole request (422) and nothing is saved.
 */
export async function saveGoal(
  deps: GoalDeps,
  user: AuthUser,
  input: GoalCreateInput,
  source: 'modal' | 'chat' = 'modal',
): Promise<GoalResponse> {
  requireVerifiedEmail(user);
  const now = deps.clock.now();
  requireFutureDate(input.target_date, utcDate(now));
  const { plan, unit } = await checkedPlan(deps, user.id, input);
  let saved: GoalRow;
  try {
    saved = await deps.database.db.transaction((tx) =>
      insertGoalWithFirstUnit(tx, deps.mailer, user.id, { input, plan, unit }, now),
    );
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      throw new AppError('INSUFFICIENT_FUNDS', GOAL_MESSAGES.insufficientBalance(money(unit)));
    throw error;
  }
  return savedMessage(
    toGoal(saved, { planName: plan.name, planApyBps: plan.apyBps, today: utcDate(now) }),
    plan.name,
    unit,
    source,
  );
}

/** The goal's plan (404 unknown, 422 not a goal plan, closed, too many goals) and its unit (cents). */
async function checkedPlan(
  deps: GoalDeps,
  userId: number,
  input: GoalCreateInput,
): Promise<{ plan: PlanRow; unit: number }> {
  const { db } = deps.database;
  const plan = await findPlan(db, input.plan_id);
  if (!plan)
    throw new AppError('NOT_FOUND', GOAL_MESSAGES.planNotFound, { plan_id: [GOAL_MESSAGES.planNotFound] });
  if (!isGoalPlan({ status: 'active', category: plan.category }))
    throw new AppError('BUSINESS_RULE', GOAL_MESSAGES.planNotForGoals, {
      plan_id: [GOAL_MESSAGES.planNotForGoals],
    });
  if (plan.status !== 'active') throw new AppError('BUSINESS_RULE', GOAL_MESSAGES.planInactive);
  if ((await repository.countGoals(db, userId)) >= MAX_GOALS_PER_MEMBER)
    throw new AppError('BUSINESS_RULE', GOAL_MESSAGES.tooManyGoals(MAX_GOALS_PER_MEMBER));
  const unit = plan.minAmount * (input.units ?? 1);
  if (unit > plan.maxAmount) throw AppError.validation('units', GOAL_MESSAGES.unitsAboveMax);
  return { plan, unit };
}

interface NewGoalOrder {
  input: GoalCreateInput;
  plan: PlanRow;
  unit: number;
}

/** The goal row, its first unit invested (period 0), and the goal completed at once if that reaches it. */
async function insertGoalWithFirstUnit(
  tx: Tx,
  mailer: Mailer,
  userId: number,
  { input, plan, unit }: NewGoalOrder,
  now: Date,
): Promise<GoalRow> {
  const today = utcDate(now);
  const goal = await repository.insertGoal(tx, {
    userId,
    planId: plan.id,
    name: input.name,
    targetAmount: input.target_amount,
    targetFrequency: input.target_frequency,
    targetDate: input.target_date,
    unitAmount: unit,
    status: 'active',
    nextPeriod: 1,
    nextDueOn: addGoalPeriods(today, effectiveFrequency(input.target_frequency), 1),
    anchorOn: today,
    anchorPeriod: 0,
    createdAt: now,
    updatedAt: now,
  });
  await investFirstUnit(tx, goal, plan, now);
  const reached = goalReached(unit, 0, input.target_amount);
  const updated = await repository.updateGoal(tx, goal.id, {
    invested: unit,
    contributions: 1,
    ...(reached ? { status: 'completed' as const, completedAt: now, nextDueOn: null } : {}),
    updatedAt: now,
  });
  if (reached) await notifyCompleted(tx, mailer, goal, now);
  return updated;
}

/** Period 0: a user plan with goal_id, its entry cash → invested (reference goal:<id>:0), its contribution row. */
async function investFirstUnit(tx: Tx, goal: GoalRow, plan: PlanRow, now: Date): Promise<void> {
  const { userId, unitAmount: unit } = goal;
  const userPlan = await insertGoalUserPlan(tx, {
    userId,
    planId: plan.id,
    name: plan.name,
    category: plan.category,
    apyBps: plan.apyBps,
    lockedApyBps: plan.lockedApyBps,
    durationDays: plan.durationDays,
    amount: unit,
    status: 'active',
    startsAt: now,
    endsAt: plan.durationDays === null ? null : addDays(now, plan.durationDays),
    nextAccrualAt: firstAccrualAt(now),
    goalId: goal.id,
    createdAt: now,
    updatedAt: now,
  });
  await postEntry(
    tx,
    {
      kind: 'investment',
      reference: `goal:${goal.id}:0`,
      userId,
      metadata: { user_plan_id: userPlan.id, plan_id: plan.id, goal_id: goal.id, period: 0 },
      postings: transfer({ userId, kind: 'cash' }, { userId, kind: 'invested' }, unit),
    },
    now,
  );
  await repository.insertContribution(tx, {
    goalId: goal.id,
    period: 0,
    dueOn: utcDate(now),
    status: 'invested',
    amount: unit,
    userPlanId: userPlan.id,
    createdAt: now,
  });
}

/** The modal's short message, or the chat's sentence naming the amount, the plan and the next date. */
function savedMessage(goal: Goal, planName: string, unit: number, source: 'modal' | 'chat'): GoalResponse {
  if (source === 'modal') return { message: GOAL_MESSAGES.created, goal };
  const next =
    goal.next_contribution_date === null
      ? ' Your target is already reached.'
      : ` The next ${money(unit)} is due on ${goal.next_contribution_date}.`;
  return { message: `Goal saved. ${money(unit)} was invested in ${planName} today.${next}`, goal };
}

/** POST /api/goals/:id/pause: an active goal stops its contributions (its plans keep earning). */
export async function pauseGoal(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  userId: number,
  id: number,
): Promise<GoalResponse> {
  const now = deps.clock.now();
  const row = await deps.database.db.transaction(async (tx) => {
    const goal = await repository.lockGoal(tx, userId, id);
    if (!goal) throw AppError.notFound(GOAL_MESSAGES.goalNotFound);
    if (goal.status !== 'active') throw new AppError('BUSINESS_RULE', GOAL_MESSAGES.pauseOnlyActive);
    return repository.updateGoal(tx, goal.id, { status: 'paused', nextDueOn: null, updatedAt: now });
  });
  return { message: GOAL_MESSAGES.paused, goal: await getGoal(deps, userId, row.id) };
}

/**
 * Closing an account (decision 177): its active goals stop, in the closing transaction. A closed
 * member's goal would otherwise be due every period for ever, each time skipped and notified.
 */
export function pauseMemberGoals(tx: Tx, userId: number, now: Date): Promise<void> {
  return repository.pauseMemberGoals(tx, userId, now);
}

/**
 * POST /api/goals/:id/resume: a paused goal contributes again, its next unit one period from today
 * (the periods it was paused are not caught up).
 */
export async function resumeGoal(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  userId: number,
  id: number,
): Promise<GoalResponse> {
  const now = deps.clock.now();
  const today = utcDate(now);
  const row = await deps.database.db.transaction(async (tx) => {
    const goal = await repository.lockGoal(tx, userId, id);
    if (!goal) throw AppError.notFound(GOAL_MESSAGES.goalNotFound);
    if (goal.status !== 'paused') throw new AppError('BUSINESS_RULE', GOAL_MESSAGES.resumeOnlyPaused);
    const frequency = effectiveFrequency(goal.targetFrequency);
    return repository.updateGoal(tx, goal.id, {
      status: 'active',
      anchorOn: today,
      anchorPeriod: goal.nextPeriod - 1,
      nextDueOn: addGoalPeriods(today, frequency, 1),
      updatedAt: now,
    });
  });
  return { message: GOAL_MESSAGES.resumed, goal: await getGoal(deps, userId, row.id) };
}

/** DELETE /api/goals/:id: the goal goes; the money stays invested in its plans, which run on. */
export async function deleteGoal(
  deps: Pick<AppDeps, 'database'>,
  userId: number,
  id: number,
): Promise<MessageResponse> {
  const deleted = await deps.database.db.transaction((tx) => repository.deleteGoal(tx, userId, id));
  if (!deleted) throw AppError.notFound(GOAL_MESSAGES.goalNotFound);
  return { message: GOAL_MESSAGES.deleted };
}

/**
 * POST /api/goals/:id/contribution (decision 191): the amount each coming period invests, within the
 * goal's plan's minimum and maximum (what one investment in the plan may be). What is invested stays;
 * the projection, and so "on track", follow at once.
 */
export async function changeContribution(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  userId: number,
  id: number,
  amountCents: number,
): Promise<GoalResponse> {
  const now = deps.clock.now();
  const row = await deps.database.db.transaction(async (tx) => {
    const goal = await repository.lockGoal(tx, userId, id);
    if (!goal) throw AppError.notFound(GOAL_MESSAGES.goalNotFound);
    if (goal.status === 'completed') throw new AppError('BUSINESS_RULE', GOAL_MESSAGES.contributionDone);
    const plan = await findPlan(tx, goal.planId);
    if (!plan || amountCents < plan.minAmount || amountCents > plan.maxAmount)
      throw AppError.validation('amount', GOAL_MESSAGES.contributionOutOfRange);
    return repository.updateGoal(tx, goal.id, { unitAmount: amountCents, updatedAt: now });
  });
  return { message: GOAL_MESSAGES.contributionChanged, goal: await getGoal(deps, userId, row.id) };
}
