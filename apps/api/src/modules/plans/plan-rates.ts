import { eq } from 'drizzle-orm';
import { plans, type DbOrTx } from '@app/db';

/**
 * The rates a renewal at `at` gets for a plan (decision 194): basis points, unlocked and locked.
 *
 * placeholder: replaced by the rate-notice branch — this one answers the plan's current catalogue
 * rates (read from `plans`) whatever `at` is; the real one reads the plan's rate history
 * (`plan_rate_changes`) for the rate in force at `at`.
 */
export async function renewalRates(
  db: DbOrTx,
  planId: number,
  at: Date,
): Promise<{ apyBps: number; lockedApyBps: number }> {
  void at;
  const [row] = await db
    .select({ apyBps: plans.apyBps, lockedApyBps: plans.lockedApyBps })
    .from(plans)
    .where(eq(plans.id, planId));
  if (!row) throw new Error(`plan ${planId} not found`);
  return row;
}
