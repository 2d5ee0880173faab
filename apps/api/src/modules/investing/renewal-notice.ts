import { and, asc, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { plans, userPlans, type Database, type Tx } from '@app/db';
import { RENEWAL_NOTICE_DAYS, addDays } from '@app/shared';
import { notifyMany, type NotifyManyInput } from '../notifications/notifications.service';
import { renewalRatesMany } from '../plans/plan-rates';
import { compoundingStates, type CompoundingRow } from './compounding.repository';

/** Positions told per transaction. */
export const RENEWAL_NOTICE_BATCH = 1000;

/**
 * The renewal notice (decision 194): RENEWAL_NOTICE_DAYS before a running position set to renew ends,
 * its member is told — once per choice — the rate it will renew at. Per batch: one select
 * (user_plans_renewal_notice_idx), one read of the rates of each position's renewal
 * (renewalRatesMany), one read of the batch's compounding states, one notifications insert
 * (notifyMany, by reference plan:<id>:renewal_notice:<choice>) and one update marking the batch told.
 * A position whose plan has closed is marked but not told: it will return to cash (plan_matured).
 * Answers how many members were told.
 */
export async function sendRenewalNotices(
  database: Database,
  now: Date,
  batchSize = RENEWAL_NOTICE_BATCH,
): Promise<number> {
  let told = 0;
  for (;;) {
    const { taken, notified } = await database.db.transaction((tx) => noticeBatch(tx, now, batchSize));
    told += notified;
    if (taken < batchSize) return told;
  }
}

/** Whether the position holds reinvested earnings, or will: they renew with it (decision 192). */
function reinvests(state: CompoundingRow | undefined): boolean {
  return state !== undefined && (state.reinvest || state.reinvested > 0);
}

/**
 * The positions to tell next (exported for the test that reads its plan): running, set to renew, not
 * yet told, ending within the notice window; through user_plans_renewal_notice_idx, whose predicate
 * the statement writes as literals (decision 139).
 */
export function renewalNoticeQuery(tx: Tx, now: Date, limit: number) {
  return tx
    .select({
      id: userPlans.id,
      userId: userPlans.userId,
      planId: userPlans.planId,
      amount: userPlans.amount,
      endsAt: userPlans.endsAt,
      atMaturity: userPlans.atMaturity,
    })
    .from(userPlans)
    .where(
      and(
        sql`${userPlans.status} in ('active', 'locked')`,
        // Written into the statement, as user_plans_renewal_notice_idx's predicate is.
        sql`${userPlans.atMaturity} <> 'cash'`,
        isNull(userPlans.renewalNoticeAt),
        gt(userPlans.endsAt, now),
        lte(userPlans.endsAt, addDays(now, RENEWAL_NOTICE_DAYS)),
      ),
    )
    .orderBy(asc(userPlans.endsAt), asc(userPlans.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

async function noticeBatch(tx: Tx, now: Date, limit: number): Promise<{ taken: number; notified: number }> {
  const due = await renewalNoticeQuery(tx, now, limit);
  if (due.length === 0) return { taken: 0, notified: 0 };
  const planIds = [...new Set(due.map((row) => row.planId))];
  const catalogue = await tx
    .select({ id: plans.id, name: plans.name, status: plans.status })
    .from(plans)
    .where(inArray(plans.id, planIds));
  const open = new Map<number, string>();
  for (const plan of catalogue) if (plan.status === 'active') open.set(plan.id, plan.name);
  // Each position is told the rate of its own renewal, at its own end (decision 193), all in one read.
  const rateAt = await renewalRatesMany(
    tx,
    due.filter((row) => open.has(row.planId)).map((row) => ({ planId: row.planId, at: row.endsAt! })),
  );
  // A position that reinvests renews all it holds, its reinvested earnings included (decision 192).
  const compounding = await compoundingStates(
    tx,
    due.map((row) => row.id),
  );
  const inputs: NotifyManyInput[] = due.flatMap((row) => {
    const name = open.get(row.planId);
    if (name === undefined) return [];
    return [
      {
        userId: row.userId,
        kind: 'plan_renewal_notice' as const,
        message: {
          key: 'plan_renewal_notice' as const,
          params: {
            plan: name,
            amount: row.amount,
            rate_bps: rateAt.get(`${row.planId}:${row.endsAt!.getTime()}`)!.apyBps,
            ends: row.endsAt!.toISOString().slice(0, 10),
            with_earnings: row.atMaturity === 'renew_with_earnings' ? 1 : 0,
            reinvesting: reinvests(compounding.get(row.id)) ? 1 : 0,
          },
        },
        reference: `plan:${row.id}:renewal_notice:${row.atMaturity}`,
      },
    ];
  });
  await notifyMany(tx, inputs, now);
  await tx
    .update(userPlans)
    .set({ renewalNoticeAt: now })
    .where(
      inArray(
        userPlans.id,
        due.map((row) => row.id),
      ),
    );
  return { taken: due.length, notified: inputs.length };
}
