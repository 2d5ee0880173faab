import { sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '@app/db';
import { projectGoal, type GoalFrequency } from '@app/shared';
import type { Job } from '../../jobs/registry';
import { num, queryRows } from '../../ledger/sql';
import { notifyMany, type NotifyManyInput } from '../notifications/notifications.service';
import { utcDate } from './goals.service';

/** Goals per transaction of the on-track check. */
export const TRACK_BATCH_SIZE = 5000;

interface CheckedGoal {
  id: number;
  userId: number;
  name: string;
  period: number;
  input: Parameters<typeof projectGoal>[0];
}

/**
 * The statement of claimUnchecked: the goals through goals_track_idx, updated by key (`= any(array(…))`:
 * an `in (select …)` was planned as a scan of every goal, each minute).
 */
export function uncheckedGoalsClaim(limit: number): SQL {
  return sql`update goals g set track_checked_period = g.next_period
        from plans p
        where p.id = g.plan_id and g.id = any(array(
          select id from goals
          where status = 'active' and target_date is not null and track_checked_period < next_period
          order by id limit ${limit} for update skip locked))
        returning g.id, g.user_id, g.name, g.next_period, g.target_amount, g.invested, g.earned,
                  g.unit_amount, g.target_frequency, g.target_date::text as target_date,
                  g.next_due_on::text as next_due_on, p.apy_bps`;
}

/**
 * Claims up to `limit` active goals with a target date whose current period is not yet checked,
 * marking the period checked in the same statement (set-based; a goal claimed by one run is not
 * claimed by a racing one), with the figures their projection needs: stored totals, never history.
 */
async function claimUnchecked(tx: Tx, today: string, limit: number): Promise<CheckedGoal[]> {
  const rows = await queryRows<Record<string, unknown>>(tx, uncheckedGoalsClaim(limit));
  return rows.map((row) => ({
    id: num(row.id),
    userId: num(row.user_id),
    name: String(row.name),
    period: num(row.next_period),
    input: {
      status: 'active',
      targetCents: num(row.target_amount),
      investedCents: num(row.invested),
      earnedCents: num(row.earned),
      unitCents: num(row.unit_amount),
      apyBps: num(row.apy_bps),
      frequency: (row.target_frequency ?? null) as GoalFrequency | null,
      targetDate: String(row.target_date),
      nextDueOn: typeof row.next_due_on === 'string' ? row.next_due_on : null,
      today,
    },
  }));
}

function offTrackNotice(goal: CheckedGoal): NotifyManyInput | null {
  const projection = projectGoal(goal.input);
  if (projection.track !== 'behind' && projection.track !== 'overdue') return null;
  const suggested = projection.suggestedContributionCents;
  const params = {
    goal: goal.name,
    target: goal.input.targetCents,
    date: goal.input.targetDate ?? '',
    projected: projection.projectedCents,
  };
  return {
    userId: goal.userId,
    kind: 'goal_off_track',
    message:
      suggested === null
        ? { key: 'goal_off_track_late', params }
        : { key: 'goal_off_track', params: { ...params, suggested } },
    reference: `goal:${goal.id}:${goal.period}:off-track`,
  };
}

/**
 * Checks every active goal with a target date once per period of its own schedule (the period is
 * next_period: it moves on with each contribution or skip) and tells the member, in the goals
 * category, when the goal is projected short of its target (decision 187). Answers the notices stored.
 */
export async function runGoalTrackCheck(
  database: Database,
  now: Date,
  batchSize = TRACK_BATCH_SIZE,
): Promise<number> {
  const today = utcDate(now);
  let notified = 0;
  for (;;) {
    const claimed = await database.db.transaction(async (tx) => {
      const goals = await claimUnchecked(tx, today, batchSize);
      const notes = goals.map(offTrackNotice).filter((note): note is NotifyManyInput => note !== null);
      await notifyMany(tx, notes, now);
      notified += notes.length;
      return goals.length;
    });
    if (claimed < batchSize) return notified;
  }
}

/** Runs every tick after the contribution job (so a period's contribution counts); a no-op until a period moves on. */
export const goalTrackJob: Job = {
  name: 'goal-track',
  async run({ database, clock }) {
    await runGoalTrackCheck(database, clock.now());
  },
};
