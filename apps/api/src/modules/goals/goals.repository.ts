import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { goalContributions, goals, plans, type DbOrTx, type GoalRow, type PlanRow, type Tx } from '@app/db';
import { GOAL_PLAN_CATEGORIES } from '@app/shared';
import { num, queryRows } from '../../ledger/sql';

export type NewGoal = Omit<typeof goals.$inferInsert, 'id'>;
export type GoalPatch = Partial<Omit<typeof goals.$inferInsert, 'id' | 'userId' | 'planId'>>;

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export interface GoalWithPlan {
  goal: GoalRow;
  planName: string;
  planApyBps: number;
}

/** The member's goals, newest first, at most `limit` (GET /api/goals: one bounded read). */
export async function listGoals(db: DbOrTx, userId: number, limit: number): Promise<GoalWithPlan[]> {
  const rows = await db
    .select({ goal: goals, planName: plans.name, planApyBps: plans.apyBps })
    .from(goals)
    .innerJoin(plans, eq(plans.id, goals.planId))
    .where(eq(goals.userId, userId))
    .orderBy(desc(goals.createdAt), desc(goals.id))
    .limit(limit);
  return rows;
}

export async function countGoals(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(goals).where(eq(goals.userId, userId));
  return num(row?.total ?? 0);
}

export async function findGoal(db: DbOrTx, userId: number, id: number): Promise<GoalWithPlan | null> {
  const [row] = await db
    .select({ goal: goals, planName: plans.name, planApyBps: plans.apyBps })
    .from(goals)
    .innerJoin(plans, eq(plans.id, goals.planId))
    .where(and(eq(goals.id, id), eq(goals.userId, userId)));
  return row ?? null;
}

/** The member's goal, locked for the rest of the transaction. */
export async function lockGoal(tx: Tx, userId: number, id: number): Promise<GoalRow | null> {
  const [row] = await tx
    .select()
    .from(goals)
    .where(and(eq(goals.id, id), eq(goals.userId, userId)))
    .for('update');
  return row ?? null;
}

export async function insertGoal(db: DbOrTx, row: NewGoal): Promise<GoalRow> {
  const [created] = await db.insert(goals).values(row).returning();
  if (!created) throw new Error('goal insert returned nothing');
  return created;
}

export async function updateGoal(db: DbOrTx, id: number, patch: GoalPatch): Promise<GoalRow> {
  const [row] = await db.update(goals).set(patch).where(eq(goals.id, id)).returning();
  if (!row) throw new Error(`goal ${id} vanished`);
  return row;
}

/**
 * Deletes a goal; its user plans keep running without it (their goal_id is cleared first, so the
 * plans are locked before the goal, in the accrual's order: no deadlock with it).
 */
export async function deleteGoal(tx: Tx, userId: number, id: number): Promise<boolean> {
  await tx.execute(
    sql`update user_plans set goal_id = null
        where goal_id = ${id} and user_id = ${userId}`,
  );
  const deleted = await tx
    .delete(goals)
    .where(and(eq(goals.id, id), eq(goals.userId, userId)))
    .returning({ id: goals.id });
  return deleted.length > 0;
}

export async function insertContribution(
  db: DbOrTx,
  row: typeof goalContributions.$inferInsert,
): Promise<void> {
  await db.insert(goalContributions).values(row);
}

/** Active plans a goal may use (personal or business), catalogue order. */
export async function goalPlans(db: DbOrTx): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(and(eq(plans.status, 'active'), inArray(plans.category, [...GOAL_PLAN_CATEGORIES])))
    .orderBy(asc(plans.sortOrder), asc(plans.id));
}

// ── Contribution job ────────────────────────────────────────────────────────────────────────────

export interface DueGoal {
  id: number;
  userId: number;
  name: string;
  targetFrequency: 'daily' | 'weekly' | 'monthly' | null;
  unitAmount: number;
  nextPeriod: number;
  nextDueOn: string;
  anchorOn: string;
  anchorPeriod: number;
  planId: number;
  planName: string;
  planCategory: string;
  planStatus: string;
  apyBps: number;
  lockedApyBps: number;
  durationDays: number | null;
}

/**
 * Up to `limit` active goals due on or before `today`, oldest due first, locked with their plan's terms.
 * Chosen by due date, locked in id order: the order the accrual and a closing account lock goals in, so
 * that none of them waits on another in a cycle (decision 222). The outer conditions are checked again
 * on a row that changed while its lock was awaited.
 */
export async function lockDueGoals(tx: Tx, today: string, limit: number): Promise<DueGoal[]> {
  const rows = await queryRows<Record<string, unknown>>(
    tx,
    sql`select g.id, g.user_id, g.name, g.target_frequency, g.unit_amount, g.next_period,
               g.next_due_on::text as next_due_on, g.anchor_on::text as anchor_on, g.anchor_period,
               p.id as plan_id, p.name as plan_name, p.category as plan_category, p.status as plan_status,
               p.apy_bps, p.locked_apy_bps, p.duration_days
        from goals g join plans p on p.id = g.plan_id
        where g.id = any(array(select d.id from goals d
                       where d.status = 'active' and d.next_due_on <= ${today}::date
                       order by d.next_due_on, d.id
                       limit ${limit}))
          and g.status = 'active' and g.next_due_on <= ${today}::date
        order by g.id
        for update of g`,
  );
  const due = rows.map((row) => ({
    id: num(row.id),
    userId: num(row.user_id),
    name: String(row.name),
    targetFrequency: (row.target_frequency ?? null) as DueGoal['targetFrequency'],
    unitAmount: num(row.unit_amount),
    nextPeriod: num(row.next_period),
    nextDueOn: String(row.next_due_on),
    anchorOn: String(row.anchor_on),
    anchorPeriod: num(row.anchor_period),
    planId: num(row.plan_id),
    planName: String(row.plan_name),
    planCategory: String(row.plan_category),
    planStatus: String(row.plan_status),
    apyBps: num(row.apy_bps),
    lockedApyBps: num(row.locked_apy_bps),
    durationDays: row.duration_days === null ? null : num(row.duration_days),
  }));
  // Answered oldest due first, as chosen: a member's cash goes to their earliest due goal first.
  return due.sort((a, b) => a.nextDueOn.localeCompare(b.nextDueOn) || a.id - b.id);
}

export interface ContributionRow {
  goal_id: number;
  period: number;
  due_on: string;
  status: 'invested' | 'skipped';
  reason: string | null;
  amount: number;
  user_plan_id: number | null;
}

export async function insertContributions(tx: Tx, rows: ContributionRow[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(
    sql`insert into goal_contributions (goal_id, period, due_on, status, reason, amount, user_plan_id, created_at)
        select x.goal_id, x.period, x.due_on, x.status, x.reason, x.amount, x.user_plan_id, ${now.toISOString()}
        from jsonb_to_recordset(${json(rows)}) as x(goal_id int, period int, due_on date, status text,
          reason text, amount bigint, user_plan_id int)`,
  );
}

export interface GoalAdvance {
  id: number;
  invested: number;
  contributions: number;
  skipped: number;
  next_period: number;
  next_due_on: string;
}

/** Moves each goal's running totals and its next period in one statement. */
export async function advanceGoals(tx: Tx, rows: GoalAdvance[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(
    sql`update goals g
        set invested = g.invested + x.invested, contributions = g.contributions + x.contributions,
            skipped_periods = g.skipped_periods + x.skipped, next_period = x.next_period,
            next_due_on = x.next_due_on, updated_at = ${now.toISOString()}
        from jsonb_to_recordset(${json(rows)}) as x(id int, invested bigint, contributions int, skipped int,
          next_period int, next_due_on date)
        where g.id = x.id`,
  );
}

export interface ReachedGoal {
  id: number;
  userId: number;
  name: string;
  targetAmount: number;
  invested: number;
  earned: number;
}

/**
 * The statement of completeReachedGoals. The goals it looks for are read through goals_reached_idx,
 * whose predicate is its filter (migration 0064), and updated by key (`= any(array(…))`: an `in
 * (select …)` was planned as a scan of every goal): the job's every-minute look costs the same however
 * many goals there are, since a reached goal is completed at once and leaves the index.
 */
export function reachedGoalsCompletion(now: Date, limit: number, ids?: number[]): SQL {
  const only =
    ids === undefined ? sql`` : sql`and id in (select (jsonb_array_elements_text(${json(ids)}))::int)`;
  return sql`update goals g set status = 'completed', completed_at = ${now.toISOString()}, next_due_on = null,
          updated_at = ${now.toISOString()}
        where g.id = any(array(
          select id from goals
          where status in ('active', 'paused') and invested + earned >= target_amount ${only}
          order by id limit ${limit}
          for update skip locked))
        returning g.id, g.user_id, g.name, g.target_amount, g.invested, g.earned`;
}

/**
 * Completes up to `limit` active or paused goals whose invested + earned has reached their target
 * (only those of `ids` when given).
 */
export async function completeReachedGoals(
  tx: DbOrTx,
  now: Date,
  limit: number,
  ids?: number[],
): Promise<ReachedGoal[]> {
  const rows = await queryRows<Record<string, unknown>>(tx, reachedGoalsCompletion(now, limit, ids));
  return rows.map((row) => ({
    id: num(row.id),
    userId: num(row.user_id),
    name: String(row.name),
    targetAmount: num(row.target_amount),
    invested: num(row.invested),
    earned: num(row.earned),
  }));
}

/** Pauses every active goal of the member (their account closes): no further contribution is due. */
export async function pauseMemberGoals(tx: Tx, userId: number, now: Date): Promise<void> {
  // Locked in id order first, as every other writer of goals locks them (decision 222).
  await tx
    .select({ id: goals.id })
    .from(goals)
    .where(and(eq(goals.userId, userId), eq(goals.status, 'active')))
    .orderBy(asc(goals.id))
    .for('update');
  await tx
    .update(goals)
    .set({ status: 'paused', nextDueOn: null, updatedAt: now })
    .where(and(eq(goals.userId, userId), eq(goals.status, 'active')));
}
