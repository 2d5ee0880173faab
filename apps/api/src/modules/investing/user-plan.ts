import type { DbOrTx, UserPlanRow } from '@app/db';
import { centsToMajor, formatDuration, formatRate, type UserPlan } from '@app/shared';
import type { CompoundingRow } from './compounding.repository';
import { compoundingView, listedCompoundingStates } from './compounding.service';
import { stillEarning } from './earning-days';

/*
 * A position as the API shows it. A leaf of the module: the services (invest, accrual, renewal,
 * early exit) all import it and it imports none of them.
 */

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** One position for the API, with its compounding state when the caller has read it. */
export function toUserPlan(row: UserPlanRow, state: CompoundingRow | null = null): UserPlan {
  const rate = row.status === 'locked' || row.lockedAt ? row.lockedApyBps : row.apyBps;
  return {
    id: row.id,
    plan_id: row.planId,
    name: row.name,
    plan_name: row.name,
    category: row.category,
    amount: centsToMajor(row.amount),
    status: row.status,
    apy_bps: row.apyBps,
    locked_apy_bps: row.lockedApyBps,
    rate_bps: rate,
    change: formatRate(rate),
    duration_days: row.durationDays,
    duration: formatDuration(row.durationDays),
    flexible: row.durationDays === null,
    starts_at: row.startsAt.toISOString(),
    ends_at: iso(row.endsAt),
    locked_at: iso(row.lockedAt),
    closed_at: iso(row.closedAt),
    next_accrual_at: stillEarning(row) ? row.nextAccrualAt.toISOString() : null,
    accrued_days: row.accruedDays,
    earned: centsToMajor(row.earned),
    goal_id: row.goalId,
    at_maturity: row.atMaturity,
    renewed_from_id: row.renewedFromId,
    ...compoundingView(row, state),
  };
}

/** The positions for the API with their compounding state (one query for all of them). */
export async function toUserPlans(db: DbOrTx, rows: UserPlanRow[]): Promise<UserPlan[]> {
  const states = await listedCompoundingStates(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toUserPlan(row, states.get(row.id) ?? null));
}
