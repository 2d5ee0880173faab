import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';
import { num, queryRows } from '../sql';
import type { LedgerCheck } from './types';

/**
 * User plans whose earned-to-date differs from the earning postings of their accruals, or from the
 * sum of their accrual rows' amounts (what one plan's chart works its running totals back from,
 * decision 218).
 */
export async function mismatchedPlanEarnings(db: DbOrTx): Promise<LedgerCheck['mismatchedPlanEarnings']> {
  const rows = await queryRows<{ id: unknown; earned: unknown; posted: unknown; accrued: unknown }>(
    db,
    sql`select u.id, u.earned, coalesce(x.posted, 0) as posted, coalesce(r.accrued, 0) as accrued
        from user_plans u
        left join (
          select q.user_plan_id, sum(p.amount) as posted
          from user_plan_accruals q
          join ledger_entries e on e.id = q.entry_id
          join ledger_postings p on p.entry_id = e.id
          join ledger_accounts a on a.id = p.account_id and a.user_id is not null and a.kind = 'cash'
          group by q.user_plan_id
        ) x on x.user_plan_id = u.id
        left join (
          select user_plan_id, sum(amount) as accrued from user_plan_accruals group by user_plan_id
        ) r on r.user_plan_id = u.id
        where u.earned <> coalesce(x.posted, 0) or u.earned <> coalesce(r.accrued, 0)
        limit 100`,
  );
  return rows.map((row) => ({
    userPlanId: num(row.id),
    cached: num(row.earned),
    fromPostings: num(row.posted),
    fromAccruals: num(row.accrued),
  }));
}

/** The fields whose kept counter (the first number) differs from what the rows count (the second). */
function differing<F extends string>(fields: [F, number, number][]): [F, number, number][] {
  return fields.filter(([, cached, counted]) => cached !== counted);
}

/**
 * User plans whose accrual counters differ from their accrual rows: `accrued_days` is their count and
 * `rate_days_bps` the sum of their rates (each day's earning is worked out from it, decision 071, so
 * a drift would over- or under-pay every later day).
 */
export async function mismatchedPlanDays(db: DbOrTx): Promise<LedgerCheck['mismatchedPlanDays']> {
  const rows = await queryRows<{
    id: unknown;
    accrued_days: unknown;
    rate_days_bps: unknown;
    days: unknown;
    rate_days: unknown;
  }>(
    db,
    sql`select u.id, u.accrued_days, u.rate_days_bps, coalesce(r.days, 0) as days,
               coalesce(r.rate_days, 0) as rate_days
        from user_plans u
        left join (
          select user_plan_id, count(*) as days, sum(rate_bps) as rate_days
          from user_plan_accruals group by user_plan_id
        ) r on r.user_plan_id = u.id
        where u.accrued_days <> coalesce(r.days, 0) or u.rate_days_bps <> coalesce(r.rate_days, 0)
        limit 100`,
  );
  return rows.flatMap((row) =>
    differing([
      ['accrued_days', num(row.accrued_days), num(row.days)],
      ['rate_days_bps', num(row.rate_days_bps), num(row.rate_days)],
    ]).map(([field, cached, fromAccruals]) => ({ userPlanId: num(row.id), field, cached, fromAccruals })),
  );
}

/**
 * Members with per-day earnings whose earning total (the cash account's `earning` row of
 * ledger_account_totals) differs from the sum of those days: My Portfolio's chart works its running
 * totals back from that total over those days (decision 218), so an earning entry without its accrual
 * day, or a day without its entry, would shift every point. A member with no day has no chart.
 */
export async function mismatchedEarningTotals(db: DbOrTx): Promise<LedgerCheck['mismatchedEarningTotals']> {
  const rows = await queryRows<{ user_id: unknown; total: unknown; days: unknown }>(
    db,
    sql`select d.user_id, coalesce(t.total, 0) as total, d.days
        from (
          select user_id, sum(amount) as days from member_daily_earnings group by user_id
        ) d
        left join ledger_accounts a on a.user_id = d.user_id and a.kind = 'cash'
        left join ledger_account_totals t on t.account_id = a.id and t.entry_kind = 'earning'
        where coalesce(t.total, 0) <> d.days
        limit 100`,
  );
  return rows.map((row) => ({ userId: num(row.user_id), total: num(row.total), fromDays: num(row.days) }));
}

/** Members' per-day earnings (the portfolio chart's aggregate) that differ from their plans' accruals. */
export async function mismatchedDailyEarnings(db: DbOrTx): Promise<LedgerCheck['mismatchedDailyEarnings']> {
  const rows = await queryRows<{ user_id: unknown; day: unknown; cached: unknown; accrued: unknown }>(
    db,
    sql`select coalesce(m.user_id, x.user_id) as user_id, coalesce(m.day, x.day)::text as day,
          coalesce(m.amount, 0) as cached, coalesce(x.amount, 0) as accrued
        from member_daily_earnings m
        full join (
          select p.user_id, a.accrual_date as day, sum(a.amount) as amount
          from user_plan_accruals a join user_plans p on p.id = a.user_plan_id
          group by p.user_id, a.accrual_date
        ) x on x.user_id = m.user_id and x.day = m.day
        where coalesce(m.amount, 0) <> coalesce(x.amount, 0)
        limit 100`,
  );
  return rows.map((row) => ({
    userId: num(row.user_id),
    day: String(row.day),
    cached: num(row.cached),
    fromAccruals: num(row.accrued),
  }));
}

/**
 * Goals (decision 110): invested = what the goal's entries moved into the invested account;
 * earned = the earning postings of the accruals of the goal's plans.
 */
export async function mismatchedGoals(db: DbOrTx): Promise<LedgerCheck['mismatchedGoals']> {
  const rows = await queryRows<{
    id: unknown;
    invested: unknown;
    earned: unknown;
    invested_posted: unknown;
    earned_posted: unknown;
  }>(
    db,
    sql`select g.id, g.invested, g.earned, coalesce(i.posted, 0) as invested_posted,
               coalesce(r.posted, 0) as earned_posted
        from goals g
        left join (
          select (e.metadata->>'goal_id')::int as goal_id, sum(p.amount) as posted
          from ledger_entries e
          join ledger_postings p on p.entry_id = e.id
          join ledger_accounts a on a.id = p.account_id and a.user_id is not null and a.kind = 'invested'
          where e.kind = 'investment' and e.metadata->>'goal_id' is not null
          group by 1
        ) i on i.goal_id = g.id
        left join (
          select u.goal_id, sum(p.amount) as posted
          from user_plans u
          join user_plan_accruals q on q.user_plan_id = u.id
          join ledger_postings p on p.entry_id = q.entry_id
          join ledger_accounts a on a.id = p.account_id and a.user_id is not null and a.kind = 'cash'
          where u.goal_id is not null
          group by u.goal_id
        ) r on r.goal_id = g.id
        where g.invested <> coalesce(i.posted, 0) or g.earned <> coalesce(r.posted, 0)
        limit 100`,
  );
  const mismatched: LedgerCheck['mismatchedGoals'] = [];
  for (const row of rows) {
    const goalId = num(row.id);
    if (num(row.invested) !== num(row.invested_posted))
      mismatched.push({
        goalId,
        field: 'invested',
        cached: num(row.invested),
        fromPostings: num(row.invested_posted),
      });
    if (num(row.earned) !== num(row.earned_posted))
      mismatched.push({
        goalId,
        field: 'earned',
        cached: num(row.earned),
        fromPostings: num(row.earned_posted),
      });
  }
  return mismatched;
}

/**
 * Goals whose `contributions` differ from their invested period rows or `skipped_periods` from their
 * skipped ones (the goal's page and the on-track check read the counts).
 */
export async function mismatchedGoalPeriods(db: DbOrTx): Promise<LedgerCheck['mismatchedGoalPeriods']> {
  const rows = await queryRows<{
    id: unknown;
    contributions: unknown;
    skipped_periods: unknown;
    invested: unknown;
    skipped: unknown;
  }>(
    db,
    sql`select g.id, g.contributions, g.skipped_periods, coalesce(c.invested, 0) as invested,
               coalesce(c.skipped, 0) as skipped
        from goals g
        left join (
          select goal_id, count(*) filter (where status = 'invested') as invested,
                 count(*) filter (where status = 'skipped') as skipped
          from goal_contributions group by goal_id
        ) c on c.goal_id = g.id
        where g.contributions <> coalesce(c.invested, 0) or g.skipped_periods <> coalesce(c.skipped, 0)
        limit 100`,
  );
  return rows.flatMap((row) =>
    differing([
      ['contributions', num(row.contributions), num(row.invested)],
      ['skipped_periods', num(row.skipped_periods), num(row.skipped)],
    ]).map(([field, cached, fromPeriods]) => ({ goalId: num(row.id), field, cached, fromPeriods })),
  );
}

/**
 * Renewed positions (decision 194) whose move is not in the books: the new position's amount is not
 * what its entry renewal:<old id> put into the invested account, the old position's amount is not what
 * it took out, or the old position is not completed.
 */
export async function mismatchedRenewals(db: DbOrTx): Promise<LedgerCheck['mismatchedRenewals']> {
  const rows = await queryRows<{
    id: unknown;
    renewed_from_id: unknown;
    amount: unknown;
    posted: unknown;
    old_amount: unknown;
    released: unknown;
  }>(
    db,
    sql`select n.id, o.id as renewed_from_id, n.amount - coalesce(c.reinvested, 0) as amount,
               coalesce(x.inflow, 0) as posted, o.amount as old_amount, coalesce(x.outflow, 0) as released
        from user_plans n
        join user_plans o on o.id = n.renewed_from_id
        -- A renewed term that reinvests has grown since: its principal at renewal is the amount less
        -- what it has reinvested (decision 192's earning_reinvested entries, checked on their own).
        left join user_plan_compounding c on c.user_plan_id = n.id
        left join (
          select e.reference,
                 sum(case when p.amount > 0 then p.amount else 0 end) as inflow,
                 sum(case when p.amount < 0 then -p.amount else 0 end) as outflow
          from ledger_entries e
          join ledger_postings p on p.entry_id = e.id
          join ledger_accounts a on a.id = p.account_id and a.user_id is not null and a.kind = 'invested'
          where e.kind = 'plan_renewal'
          group by e.reference
        ) x on x.reference = 'renewal:' || o.id
        where n.amount - coalesce(c.reinvested, 0) <> coalesce(x.inflow, 0) or o.amount <> coalesce(x.outflow, 0)
           or o.status <> 'completed'
        limit 100`,
  );
  return rows.map((row) => ({
    userPlanId: num(row.id),
    renewedFromId: num(row.renewed_from_id),
    amount: num(row.amount),
    posted: num(row.posted),
    renewedAmount: num(row.old_amount),
    released: num(row.released),
  }));
}
