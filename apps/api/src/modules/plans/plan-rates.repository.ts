import { and, asc, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { planRateChanges, type DbOrTx, type PlanRateChangeRow } from '@app/db';

export type NewPlanRateChange = Omit<typeof planRateChanges.$inferInsert, 'id'>;

export async function insertChange(db: DbOrTx, row: NewPlanRateChange): Promise<PlanRateChangeRow> {
  const [created] = await db.insert(planRateChanges).values(row).returning();
  if (!created) throw new Error('plan rate change insert returned nothing');
  return created;
}

/** The latest change renewals get at `at` (renewals_from <= at), by the index (plan, renewals_from, id). */
export async function latestInForce(db: DbOrTx, planId: number, at: Date): Promise<PlanRateChangeRow | null> {
  const [row] = await db
    .select()
    .from(planRateChanges)
    .where(and(eq(planRateChanges.planId, planId), lte(planRateChanges.renewalsFrom, at)))
    .orderBy(desc(planRateChanges.renewalsFrom), desc(planRateChanges.id))
    .limit(1);
  return row ?? null;
}

/** The earliest change renewals do not get yet at `at` (renewals_from > at). */
export async function earliestAhead(db: DbOrTx, planId: number, at: Date): Promise<PlanRateChangeRow | null> {
  const [row] = await db
    .select()
    .from(planRateChanges)
    .where(and(eq(planRateChanges.planId, planId), gt(planRateChanges.renewalsFrom, at)))
    .orderBy(asc(planRateChanges.renewalsFrom), asc(planRateChanges.id))
    .limit(1);
  return row ?? null;
}

/** The plan's last change (the one a new change's renewals_from may not come before). */
export async function lastChange(db: DbOrTx, planId: number): Promise<PlanRateChangeRow | null> {
  const [row] = await db
    .select()
    .from(planRateChanges)
    .where(eq(planRateChanges.planId, planId))
    .orderBy(desc(planRateChanges.renewalsFrom), desc(planRateChanges.id))
    .limit(1);
  return row ?? null;
}

/** The plan's `limit` latest changes, newest first (index plan, changed_at, id). */
export function latestChanges(db: DbOrTx, planId: number, limit: number): Promise<PlanRateChangeRow[]> {
  return db
    .select()
    .from(planRateChanges)
    .where(eq(planRateChanges.planId, planId))
    .orderBy(desc(planRateChanges.changedAt), desc(planRateChanges.id))
    .limit(limit);
}

/**
 * The members holding an open position (active or locked) in the plan, each once: a query of one
 * column `user_id` for notifyEach. user_plans has no index by plan (the daily accrual rewrites its rows
 * and would pay for one): a rate change, a rare admin act, reads the open positions once (decision 193).
 */
export function holdersOf(planId: number): SQL {
  return sql`select distinct x.user_id from user_plans x
    where x.plan_id = ${planId} and x.status in ('active', 'locked')`;
}
