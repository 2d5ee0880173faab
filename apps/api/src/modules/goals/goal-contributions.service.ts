import type { Database, Tx } from '@app/db';
import { addDays, addGoalPeriods, effectiveFrequency, firstAccrualAt } from '@app/shared';
import type { Mailer } from '../../integrations/mail/mailer';
import { lockUserBalances, postEntriesBulk, type BulkEntry } from '../../ledger/bulk-entries';
import { insertGoalUserPlans, type NewGoalUnit } from '../investing/investing.service';
import { notifyMany, type NotifyManyInput } from '../notifications/notifications.service';
import { notifyCompleted } from './goal-lifecycle.service';
import * as repository from './goals.repository';
import { utcDate } from './goals.service';

// ── Contribution job (DESIGN §6; docs/decisions/112) ───────────────────────────────────────────

/** Goals per transaction of the contribution job. */
export const CONTRIBUTION_BATCH_SIZE = 5000;

export interface ContributionRun {
  invested: number;
  skipped: number;
  completed: number;
}

type SkipReason = 'insufficient_balance' | 'plan_inactive';

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
  const { investing, skipped } = await sortDueGoals(tx, due, now);
  const planIds = await insertGoalUserPlans(tx, investing, now, firstAccrualAt(now));
  await postUnitEntries(tx, due, investing, planIds, now);
  await recordPeriods(tx, due, skipped, planIds, now);
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
  run.skipped += skipped.size;
  return due.length;
}

/**
 * Locks the members' cash and splits the due goals: a unit for each goal whose member's cash allows
 * (taken in goal order from what is left), skipped when the plan is closed or the cash too low.
 */
async function sortDueGoals(
  tx: Tx,
  due: repository.DueGoal[],
  now: Date,
): Promise<{ investing: NewGoalUnit[]; skipped: Map<number, SkipReason> }> {
  const balances = await lockUserBalances(
    tx,
    [...new Set(due.map((goal) => goal.userId))].sort((a, b) => a - b),
    'cash',
    now,
  );
  const investing: NewGoalUnit[] = [];
  const skipped = new Map<number, SkipReason>();
  for (const goal of due) {
    const cash = balances.get(goal.userId) ?? 0;
    if (goal.planStatus !== 'active') skipped.set(goal.id, 'plan_inactive');
    else if (cash < goal.unitAmount) skipped.set(goal.id, 'insufficient_balance');
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
  return { investing, skipped };
}

/** The units' entries cash → invested (reference goal:<id>:<period>), in one set-based statement. */
async function postUnitEntries(
  tx: Tx,
  due: repository.DueGoal[],
  investing: NewGoalUnit[],
  planIds: Map<number, number>,
  now: Date,
): Promise<void> {
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
}

/** Each due goal's period row (invested or skipped), its move one period on, and the skipped ones' notices. */
async function recordPeriods(
  tx: Tx,
  due: repository.DueGoal[],
  skipped: Map<number, SkipReason>,
  planIds: Map<number, number>,
  now: Date,
): Promise<void> {
  const contributions: repository.ContributionRow[] = [];
  const advances: repository.GoalAdvance[] = [];
  const notes: NotifyManyInput[] = [];
  for (const goal of due) {
    const reason = skipped.get(goal.id);
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
    if (reason) notes.push(skippedNotice(goal, reason));
  }
  await repository.insertContributions(tx, contributions, now);
  await repository.advanceGoals(tx, advances, now);
  await notifyMany(tx, notes, now);
}

function skippedNotice(goal: repository.DueGoal, reason: SkipReason): NotifyManyInput {
  return {
    userId: goal.userId,
    kind: 'goal_contribution_skipped',
    message:
      reason === 'plan_inactive'
        ? {
            key: 'goal_skipped_plan_closed',
            params: { goal: goal.name, due: goal.nextDueOn, plan: goal.planName },
          }
        : {
            key: 'goal_skipped_low_balance',
            params: { goal: goal.name, due: goal.nextDueOn, amount: goal.unitAmount },
          },
    reference: `goal:${goal.id}:${goal.nextPeriod}:skipped`,
  };
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
