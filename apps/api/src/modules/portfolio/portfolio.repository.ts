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
 * The member's earnings summed per accrual day over all their plans, with the running total: one row
 * per day however many plans and entries there are. Reads user_plan_accruals (one row per plan and
 * day, found by its primary key from the member's plans), never the ledger's postings.
 */
export async function earningsPerDay(db: DbOrTx, userId: number): Promise<EarningsDayRow[]> {
  const rows = await queryRows<{ day: string | Date; amount: unknown; cumulative: unknown }>(
    db,
    sql`select d.day, d.amount, sum(d.amount) over (order by d.day) as cumulative
      from (
        select a.accrual_date as day, sum(a.amount) as amount
        from user_plans p
        join user_plan_accruals a on a.user_plan_id = p.id
        where p.user_id = ${userId}
        group by a.accrual_date
      ) d
      order by d.day`,
  );
  return rows.map((row) => ({
    date: typeof row.day === 'string' ? row.day.slice(0, 10) : row.day.toISOString().slice(0, 10),
    amount: num(row.amount),
    cumulative: num(row.cumulative),
  }));
}
