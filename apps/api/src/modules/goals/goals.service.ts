import type { AuthUser, Database, GoalRow, PlanRow, Tx } from '@app/db';
import {
  GOAL_MESSAGES,
  MAX_GOALS_PER_MEMBER,
  addDays,
  addGoalPeriods,
  centsToMajor,
  effectiveFrequency,
  firstAccrualAt,
  formatMoney,
  formatRate,
  goalProgressPercent,
  goalReached,
  isGoalPlan,
  goalDateProblem,
  planImpact,
  suggestGoalPlans,
  type GoalPlanOption,
  type Goal,
  type GoalCreateInput,
  type GoalListResponse,
  type GoalResponse,
  type MessageResponse,
  type PlanForGoal,
  type PlanImpactInput,
  type PlanImpactResponse,
  type PreviewPlansInput,
  type PreviewPlansResponse,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { Mailer } from '../../integrations/mail/mailer';
import { lockUserBalances, postEntriesBulk, type BulkEntry } from '../../ledger/bulk';
import { InsufficientFundsError, postEntry, transfer, userBalance } from '../../ledger/ledger';
import { findUserById, requireVerifiedEmail } from '../auth/account.service';
import { insertGoalUserPlan, insertGoalUserPlans, type NewGoalUnit } from '../investing/investing.service';
import { notificationRow, notify } from '../notifications/notifications.service';
import { findPlan } from '../plans/plans.service';
import * as repository from './goals.repository';

/**
 * Savings goals (spec §2 My Goals, §3, §5; DESIGN §6 "Goals and the assistant"). Every unit invested
 * for a goal is a user plan with goal_id, through the ledger (docs/decisions/110). These functions are
 * also what the assistant (POST /api/ai/*) calls: keep their names stable.
 */

/** Dependencies the goal functions use: the app's, or a job's. */
type GoalDeps = Pick<AppDeps, 'database' | 'clock' | 'mailer'>;

const utcDate = (instant: Date) => instant.toISOString().slice(0, 10);
const money = (cents: number) => formatMoney(centsToMajor(cents));

export function toGoal(row: GoalRow, planName: string): Goal {
  const next = row.status === 'active' && row.nextDueOn !== null;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    target_amount: centsToMajor(row.targetAmount),
    invested: centsToMajor(row.invested),
    achieved_amount: centsToMajor(row.invested),
    earned: centsToMajor(row.earned),
    progress_percent:
      row.status === 'completed' ? 100 : goalProgressPercent(row.invested, row.earned, row.targetAmount),
    target_frequency: row.targetFrequency,
    target_date: row.targetDate,
    plan_id: row.planId,
    plan_name: planName,
    unit_amount: centsToMajor(row.unitAmount),
    contributions: row.contributions,
    skipped_periods: row.skippedPeriods,
    next_contribution_date: next ? row.nextDueOn : null,
    next_contribution_amount: next ? centsToMajor(row.unitAmount) : null,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

/** GET /api/goals: the member's goals (newest first) and the summary header's figures. */
export async function listGoals(deps: Pick<AppDeps, 'database'>, userId: number): Promise<GoalListResponse> {
  const rows = await repository.listGoals(deps.database.db, userId, MAX_GOALS_PER_MEMBER);
  const data = rows.map(({ goal, planName }) => toGoal(goal, planName));
  const invested = rows.reduce((total, { goal }) => total + goal.invested, 0);
  return {
    data,
    summary: {
      total_goals: rows.length,
      active_goals: rows.filter(({ goal }) => goal.status === 'active').length,
      completed_goals: rows.filter(({ goal }) => goal.status === 'completed').length,
      total_invested: centsToMajor(invested),
    },
  };
}

/** One of the member's goals (404 for anyone else's). */
export async function getGoal(deps: Pick<AppDeps, 'database'>, userId: number, id: number): Promise<Goal> {
  const row = await repository.findGoal(deps.database.db, userId, id);
  if (!row) throw AppError.notFound(GOAL_MESSAGES.goalNotFound);
  return toGoal(row.goal, row.planName);
}

const planForGoal = (row: PlanRow): PlanForGoal => ({
  id: row.id,
  name: row.name,
  category: row.category,
  status: row.status,
  apyBps: row.apyBps,
  minAmount: row.minAmount,
  maxAmount: row.maxAmount,
});

function toSuggestedPlan(figures: GoalPlanOption) {
  const { plan } = figures;
  return {
    id: plan.id,
    plan_id: plan.id,
    name: plan.name,
    category: plan.category,
    apy_bps: plan.apyBps,
    change: formatRate(plan.apyBps),
    min_amount: centsToMajor(plan.minAmount),
    max_amount: centsToMajor(plan.maxAmount),
    min_units: figures.minUnits,
    max_units: figures.maxUnits,
    min_total: centsToMajor(figures.minTotal),
    max_total: centsToMajor(figures.maxTotal),
    periods: figures.periods,
    contributions: figures.contributions,
  };
}

/** A target date must be after today and at most GOAL_DATE_MAX_YEARS away (400 on the field otherwise). */
function requireFutureDate(targetDate: string | null, today: string): void {
  const problem = targetDate === null ? null : goalDateProblem(targetDate, today);
  if (problem === 'not_future') throw AppError.validation('target_date', GOAL_MESSAGES.dateNotFuture);
  if (problem === 'too_far') throw AppError.validation('target_date', GOAL_MESSAGES.dateTooFar);
  if (problem === 'malformed') throw AppError.validation('target_date', GOAL_MESSAGES.invalidDate);
}

/**
 * POST /api/ai/preview-plans (decision 161): the active personal or business plans whose
 * contributions reach the target by the date and whose first contribution the member's balance
 * covers, with units and totals, best first; none → a message saying why, with empty lists (200:
 * the chat shows the message).
 */
export async function previewPlans(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  userId: number,
  input: PreviewPlansInput,
): Promise<PreviewPlansResponse> {
  const { db } = deps.database;
  const today = utcDate(deps.clock.now());
  requireFutureDate(input.target_date, today);
  const [balance, catalogue] = await Promise.all([userBalance(db, userId, 'cash'), repository.goalPlans(db)]);
  const suggestion = suggestGoalPlans({
    targetCents: input.target_amount,
    frequency: input.target_frequency,
    targetDate: input.target_date,
    today,
    balanceCents: balance,
    plans: catalogue.map(planForGoal),
  });
  const recommended = suggestion.recommended.map(toSuggestedPlan);
  return {
    recommended_plans: recommended,
    best_plan: recommended[0] ?? null,
    message:
      suggestion.none === 'unreachable'
        ? GOAL_MESSAGES.noPlanReaches
        : suggestion.none === 'balance'
          ? GOAL_MESSAGES.noMatchingPlans
          : GOAL_MESSAGES.plansFound(recommended.length),
  };
}

/**
 * POST /api/goals/calculate-plan-impact (DESIGN §6): the days to the target at one min unit per
 * period, in the given plan, or without one in the best personal or business plan of preview-plans'
 * order (the pure recommendation; null when no such plan is open).
 */
export async function calculatePlanImpact(
  deps: Pick<AppDeps, 'database' | 'clock'>,
  input: PlanImpactInput,
): Promise<PlanImpactResponse> {
  const { db } = deps.database;
  const today = utcDate(deps.clock.now());
  requireFutureDate(input.target_date, today);
  let plan: PlanForGoal | null;
  if (input.plan_id !== undefined) {
    const row = await findPlan(db, input.plan_id);
    if (!row)
      throw new AppError('NOT_FOUND', GOAL_MESSAGES.planNotFound, { plan_id: [GOAL_MESSAGES.planNotFound] });
    plan = planForGoal(row);
  } else {
    const suggestion = suggestGoalPlans({
      targetCents: input.target_amount,
      frequency: input.target_frequency,
      targetDate: input.target_date,
      today,
      balanceCents: Number.MAX_SAFE_INTEGER,
      plans: (await repository.goalPlans(db)).map(planForGoal),
    });
    plan = suggestion.best?.plan ?? null;
  }
  if (!plan) return { recommended_duration_days: null, plan_summary: null };
  const frequency = effectiveFrequency(input.target_frequency);
  const impact = planImpact({
    targetCents: input.target_amount,
    unitCents: plan.minAmount,
    apyBps: plan.apyBps,
    frequency,
    today,
  });
  return {
    recommended_duration_days: impact.durationDays,
    plan_summary: {
      plan_id: plan.id,
      name: plan.name,
      apy_bps: plan.apyBps,
      change: formatRate(plan.apyBps),
      target_frequency: frequency,
      unit_amount: centsToMajor(plan.minAmount),
      units_needed: impact.units,
      total_invested: centsToMajor(impact.totalInvested),
      projected_earnings: centsToMajor(impact.projectedEarnings),
      expected_completion_date: impact.reachedOn,
      meets_target_date: input.target_date === null ? null : impact.reachedOn <= input.target_date,
    },
  };
}

async function notifyCompleted(
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
  const { db } = deps.database;
  const now = deps.clock.now();
  const today = utcDate(now);
  requireFutureDate(input.target_date, today);
  const plan = await findPlan(db, input.plan_id);
  if (!plan)
    throw new AppError('NOT_FOUND', GOAL_MESSAGES.planNotFound, { plan_id: [GOAL_MESSAGES.planNotFound] });
  if (!isGoalPlan({ status: 'active', category: plan.category }))
    throw new AppError('BUSINESS_RULE', GOAL_MESSAGES.planNotForGoals, {
      plan_id: [GOAL_MESSAGES.planNotForGoals],
    });
  if (plan.status !== 'active') throw new AppError('BUSINESS_RULE', GOAL_MESSAGES.planInactive);
  if ((await repository.countGoals(db, user.id)) >= MAX_GOALS_PER_MEMBER)
    throw new AppError('BUSINESS_RULE', GOAL_MESSAGES.tooManyGoals(MAX_GOALS_PER_MEMBER));
  const frequency = effectiveFrequency(input.target_frequency);
  const unit = plan.minAmount * (input.units ?? 1);
  if (unit > plan.maxAmount) throw AppError.validation('units', GOAL_MESSAGES.unitsAboveMax);
  let saved: GoalRow;
  try {
    saved = await db.transaction(async (tx) => {
      const goal = await repository.insertGoal(tx, {
        userId: user.id,
        planId: plan.id,
        name: input.name,
        targetAmount: input.target_amount,
        targetFrequency: input.target_frequency,
        targetDate: input.target_date,
        unitAmount: unit,
        status: 'active',
        nextPeriod: 1,
        nextDueOn: addGoalPeriods(today, frequency, 1),
        anchorOn: today,
        anchorPeriod: 0,
        createdAt: now,
        updatedAt: now,
      });
      const userPlan = await insertGoalUserPlan(tx, {
        userId: user.id,
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
          userId: user.id,
          metadata: { user_plan_id: userPlan.id, plan_id: plan.id, goal_id: goal.id, period: 0 },
          postings: transfer({ userId: user.id, kind: 'cash' }, { userId: user.id, kind: 'invested' }, unit),
        },
        now,
      );
      await repository.insertContribution(tx, {
        goalId: goal.id,
        period: 0,
        dueOn: today,
        status: 'invested',
        amount: unit,
        userPlanId: userPlan.id,
        createdAt: now,
      });
      const reached = goalReached(unit, 0, input.target_amount);
      const updated = await repository.updateGoal(tx, goal.id, {
        invested: unit,
        contributions: 1,
        ...(reached ? { status: 'completed' as const, completedAt: now, nextDueOn: null } : {}),
        updatedAt: now,
      });
      if (reached)
        await notifyCompleted(
          tx,
          deps.mailer,
          { id: goal.id, userId: user.id, name: goal.name, targetAmount: goal.targetAmount },
          now,
        );
      return updated;
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      throw new AppError('INSUFFICIENT_FUNDS', GOAL_MESSAGES.insufficientBalance(money(unit)));
    throw error;
  }
  const goal = toGoal(saved, plan.name);
  if (source === 'modal') return { message: GOAL_MESSAGES.created, goal };
  const next =
    goal.next_contribution_date === null
      ? ' Your target is already reached.'
      : ` The next ${money(unit)} is due on ${goal.next_contribution_date}.`;
  return {
    message: `Goal saved. ${money(unit)} was invested in ${plan.name} today.${next}`,
    goal,
  };
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

// ── Contribution job (DESIGN §6; docs/decisions/112) ───────────────────────────────────────────

/** Goals per transaction of the contribution job. */
export const CONTRIBUTION_BATCH_SIZE = 5000;

export interface ContributionRun {
  invested: number;
  skipped: number;
  completed: number;
}

/**
 * One batch: locks up to `limit` due goals and their members' cash accounts, invests one unit for
 * each goal whose member's cash allows (a user plan with goal_id and an entry cash → invested with
 * reference goal:<id>:<period>, both set-based), records the others as skipped and tells the member,
 * and moves every goal one period on. Answers how many goals moved.
 */
async function contributeBatch(
  tx: Tx,
  mailer: Mailer,
  today: string,
  now: Date,
  limit: number,
  run: ContributionRun,
): Promise<number> {
  const due = await repository.lockDueGoals(tx, today, limit);
  if (due.length === 0) return 0;
  const balances = await lockUserBalances(
    tx,
    [...new Set(due.map((goal) => goal.userId))].sort((a, b) => a - b),
    'cash',
    now,
  );
  const investing: NewGoalUnit[] = [];
  const skipped: { goal: repository.DueGoal; reason: 'insufficient_balance' | 'plan_inactive' }[] = [];
  for (const goal of due) {
    const cash = balances.get(goal.userId) ?? 0;
    if (goal.planStatus !== 'active') skipped.push({ goal, reason: 'plan_inactive' });
    else if (cash < goal.unitAmount) skipped.push({ goal, reason: 'insufficient_balance' });
    else {
      balances.set(goal.userId, cash - goal.unitAmount);
      investing.push({
        goal_id: goal.id,
        user_id: goal.userId,
        plan_id: goal.planId,
        name: goal.planName,
        category: goal.planCategory,
        apy_bps: goal.apyBps,
        locked_apy_bps: goal.lockedApyBps,
        duration_days: goal.durationDays,
        amount: goal.unitAmount,
        ends_at: goal.durationDays === null ? null : addDays(now, goal.durationDays).toISOString(),
      });
    }
  }
  const planIds = await insertGoalUserPlans(tx, investing, now, firstAccrualAt(now));
  const byId = new Map(due.map((goal) => [goal.id, goal]));
  const entries: BulkEntry[] = investing.map((item) => {
    const goal = byId.get(item.goal_id)!;
    return {
      kind: 'investment',
      reference: `goal:${goal.id}:${goal.nextPeriod}`,
      userId: goal.userId,
      metadata: {
        user_plan_id: planIds.get(goal.id),
        plan_id: goal.planId,
        goal_id: goal.id,
        period: goal.nextPeriod,
      },
      postings: [
        { account: { userId: goal.userId, kind: 'cash' }, amount: -goal.unitAmount },
        { account: { userId: goal.userId, kind: 'invested' }, amount: goal.unitAmount },
      ],
    };
  });
  const created = await postEntriesBulk(tx, entries, now);
  // The goals were locked and due, so their period's entry cannot exist yet: if one does, the books
  // and the goal disagree, and nothing of this batch is written.
  for (const entry of entries)
    if (!created.has(entry.reference)) throw new Error(`${entry.reference} was already invested`);

  const contributions: repository.ContributionRow[] = [];
  const advances: repository.GoalAdvance[] = [];
  const notes: repository.NewNotificationRow[] = [];
  const skippedIds = new Map(skipped.map((item) => [item.goal.id, item.reason]));
  for (const goal of due) {
    const reason = skippedIds.get(goal.id);
    const frequency = effectiveFrequency(goal.targetFrequency);
    const nextPeriod = goal.nextPeriod + 1;
    contributions.push({
      goal_id: goal.id,
      period: goal.nextPeriod,
      due_on: goal.nextDueOn,
      status: reason ? 'skipped' : 'invested',
      reason: reason ?? null,
      amount: goal.unitAmount,
      user_plan_id: reason ? null : (planIds.get(goal.id) ?? null),
    });
    advances.push({
      id: goal.id,
      invested: reason ? 0 : goal.unitAmount,
      contributions: reason ? 0 : 1,
      skipped: reason ? 1 : 0,
      next_period: nextPeriod,
      next_due_on: addGoalPeriods(goal.anchorOn, frequency, nextPeriod - goal.anchorPeriod),
    });
    if (reason)
      notes.push(
        notificationRow(
          goal.userId,
          'goal_contribution_skipped',
          reason === 'plan_inactive'
            ? {
                key: 'goal_skipped_plan_closed',
                params: { goal: goal.name, due: goal.nextDueOn, plan: goal.planName },
              }
            : {
                key: 'goal_skipped_low_balance',
                params: { goal: goal.name, due: goal.nextDueOn, amount: goal.unitAmount },
              },
          `goal:${goal.id}:${goal.nextPeriod}:skipped`,
        ),
      );
  }
  await repository.insertContributions(tx, contributions, now);
  await repository.advanceGoals(tx, advances, now);
  await repository.insertNotifications(tx, notes, now);
  // A unit that reaches the target completes its goal at once (no more units for it).
  const reached =
    investing.length === 0
      ? []
      : await repository.completeReachedGoals(
          tx,
          now,
          investing.length,
          investing.map((item) => item.goal_id),
        );
  for (const goal of reached) await notifyCompleted(tx, mailer, goal, now);
  run.completed += reached.length;
  run.invested += investing.length;
  run.skipped += skipped.length;
  return due.length;
}

async function completeReached(
  database: Database,
  mailer: Mailer,
  now: Date,
  run: ContributionRun,
): Promise<void> {
  for (;;) {
    const done = await database.db.transaction(async (tx) => {
      const reached = await repository.completeReachedGoals(tx, now, 500);
      for (const goal of reached) await notifyCompleted(tx, mailer, goal, now);
      return reached.length;
    });
    run.completed += done;
    if (done === 0) break;
  }
}

/**
 * The contribution job: completes the goals whose target is reached (earnings count), then invests
 * one unit per due period of every active goal (oldest due first, so a node that was down catches up
 * period by period) in batches of set-based SQL, completing a goal as soon as a unit reaches its target. Safe on every node: the registry runs it under
 * an advisory lock, due goals are locked and advanced in the transaction that invests for them, and
 * each period's entry has a unique reference goal:<id>:<period>.
 */
export async function runGoalContributions(
  deps: { database: Database; mailer: Mailer },
  now: Date,
  batchSize = CONTRIBUTION_BATCH_SIZE,
): Promise<ContributionRun> {
  const run: ContributionRun = { invested: 0, skipped: 0, completed: 0 };
  const today = utcDate(now);
  await completeReached(deps.database, deps.mailer, now, run);
  for (;;) {
    const moved = await deps.database.db.transaction((tx) =>
      contributeBatch(tx, deps.mailer, today, now, batchSize, run),
    );
    if (moved === 0) break;
  }
  return run;
}
