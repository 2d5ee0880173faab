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
 * The member's earnings per accrual day over all their plans, with the running total: one row per
 * day from the per-day aggregate the accrual keeps (member_daily_earnings, decision 038), never the
 * plans' accrual rows or the ledger's postings.
 */
export async function earningsPerDay(db: DbOrTx, userId: number): Promise<EarningsDayRow[]> {
  const rows = await queryRows<{ day: string | Date; amount: unknown; cumulative: unknown }>(
    db,
    sql`select m.day, m.amount, sum(m.amount) over (order by m.day) as cumulative
      from member_daily_earnings m
      where m.user_id = ${userId}
      order by m.day`,
  );
  return rows.map((row) => ({
    date: typeof row.day === 'string' ? row.day.slice(0, 10) : row.day.toISOString().slice(0, 10),
    amount: num(row.amount),
    cumulative: num(row.cumulative),
  }));
}
