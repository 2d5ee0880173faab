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
 * The member's latest `days` accrual days over all their plans (oldest first), each with the running
 * total since the first: rows of the per-day aggregate the accrual keeps (member_daily_earnings,
 * decisions 038 and 218) read backwards by its key, never the plans' accrual rows or the ledger's
 * postings, so a longer history costs no more.
 */
export async function latestEarningDays(db: DbOrTx, userId: number, days: number): Promise<EarningsDayRow[]> {
  const rows = await queryRows<{ day: string | Date; amount: unknown; cumulative: unknown }>(
    db,
    sql`select m.day, m.amount, m.cumulative
      from member_daily_earnings m
      where m.user_id = ${userId}
      order by m.day desc
      limit ${days}`,
  );
  return rows.reverse().map((row) => ({
    date: typeof row.day === 'string' ? row.day.slice(0, 10) : row.day.toISOString().slice(0, 10),
    amount: num(row.amount),
    cumulative: num(row.cumulative),
  }));
}
