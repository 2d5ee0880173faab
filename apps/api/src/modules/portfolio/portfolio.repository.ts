import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';
import { num, queryRows } from '../../ledger/sql';

export interface EarningsDayRow {
  date: string;
  /** Cents. */
  amount: number;
  cumulative: number;
}

/**
 * The member's latest `days` accrual days over all their plans (oldest first), each with what the
 * member earned up to it: rows of the per-day aggregate the accrual keeps (member_daily_earnings,
 * decision 038) read backwards by its key, and the running total worked back from the member's
 * earning total (the cash account's `earning` row of ledger_account_totals, which only the accrual
 * moves) less the pay of the days after each (decision 218). One statement, so the days and the total
 * are of one moment even while the accrual runs; a longer history costs no more.
 */
export async function latestEarningDays(db: DbOrTx, userId: number, days: number): Promise<EarningsDayRow[]> {
  const rows = await queryRows<{ day: string; amount: unknown; cumulative: unknown }>(
    db,
    sql`select x.day::text as day, x.amount,
          coalesce(t.total, 0) - coalesce(sum(x.amount) over (
            order by x.day desc rows between unbounded preceding and 1 preceding), 0) as cumulative
        from (
          select m.day, m.amount from member_daily_earnings m
          where m.user_id = ${userId}
          order by m.day desc
          limit ${days}
        ) x
        left join ledger_accounts a on a.user_id = ${userId} and a.kind = 'cash'
        left join ledger_account_totals t on t.account_id = a.id and t.entry_kind = 'earning'
        order by x.day`,
  );
  return rows.map((row) => ({ date: row.day, amount: num(row.amount), cumulative: num(row.cumulative) }));
}
