import type { UserPlanRow } from '@app/db';

/*
 * Which earning days a position has left. A leaf of the module: the accrual, the view of a position,
 * the lock and the reinvest switch all ask it.
 */

/** Whether a day's earning is still to come. */
export function stillEarning(row: UserPlanRow): boolean {
  if (row.status !== 'active' && row.status !== 'locked') return false;
  return row.endsAt === null || row.nextAccrualAt.getTime() <= row.endsAt.getTime();
}

const DAY_MS = 86_400_000;

/**
 * Whether an accrual after `at` is still to come. The accruals fall at 00:00 UTC, a day apart, up to
 * the end date; between the last of them and the end time (a term started at 10:00 ends at 10:00) the
 * plan is still running but has nothing left to earn, so a change "from the next accrual" (a lock, a
 * reinvest switch) would change nothing.
 */
export function earnsAfter(row: UserPlanRow, at: Date): boolean {
  if (!stillEarning(row)) return false;
  if (row.endsAt === null) return true;
  const next = row.nextAccrualAt.getTime();
  const last = next + Math.floor((row.endsAt.getTime() - next) / DAY_MS) * DAY_MS;
  return last > at.getTime();
}
