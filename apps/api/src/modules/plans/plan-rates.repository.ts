import { desc, eq, sql, type SQL } from 'drizzle-orm';
import { planRateChanges, type DbOrTx, type PlanRateChangeRow } from '@app/db';
import { num, queryRows, wholeNumbers } from '../../ledger/sql';

export type NewPlanRateChange = Omit<typeof planRateChanges.$inferInsert, 'id'>;

export async function insertChange(db: DbOrTx, row: NewPlanRateChange): Promise<PlanRateChangeRow> {
  const [created] = await db.insert(planRateChanges).values(row).returning();
  if (!created) throw new Error('plan rate change insert returned nothing');
  return created;
}

/** A renewal's rates: the catalogue plan's at an instant. */
export interface RenewalRatesAt {
  planId: number;
  at: Date;
  apyBps: number;
  lockedApyBps: number;
}

/**
 * The rates a renewal of each plan starting at each instant gets, in one statement (decision 193): the
 * `after` rates of the latest change whose renewals_from <= at (equal renewals_from: the later change);
 * else the `before` rates of the earliest change still ahead; with no change, the plan's current
 * rates. Each side is one step down the index (plan, renewals_from, id). A plan that does not exist
 * has no row.
 */
export async function renewalRatesAt(
  db: DbOrTx,
  pairs: readonly { planId: number; at: Date }[],
): Promise<RenewalRatesAt[]> {
  if (pairs.length === 0) return [];
  const instants = `{${pairs.map((pair) => `"${pair.at.toISOString()}"`).join(',')}}`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select x.plan_id, x.at,
          coalesce(f.apy_bps_after, a.apy_bps_before, p.apy_bps) as apy_bps,
          coalesce(f.locked_apy_bps_after, a.locked_apy_bps_before, p.locked_apy_bps) as locked_apy_bps
        from unnest(${wholeNumbers(pairs.map((pair) => pair.planId))}::int[], ${instants}::timestamptz[])
          as x(plan_id, at)
        join plans p on p.id = x.plan_id
        left join lateral (
          select c.apy_bps_after, c.locked_apy_bps_after from plan_rate_changes c
          where c.plan_id = x.plan_id and c.renewals_from <= x.at
          order by c.renewals_from desc, c.id desc limit 1) f on true
        left join lateral (
          select c.apy_bps_before, c.locked_apy_bps_before from plan_rate_changes c
          where c.plan_id = x.plan_id and c.renewals_from > x.at
          order by c.renewals_from, c.id limit 1) a on true`,
  );
  return rows.map((row) => ({
    planId: num(row.plan_id),
    at: new Date(row.at as string | Date),
    apyBps: num(row.apy_bps),
    lockedApyBps: num(row.locked_apy_bps),
  }));
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
