import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';
import { num, queryRows } from '../sql';
import type { LedgerCheck } from './types';

/**
 * Deposits (decisions 032, 155): every deposit's running `credited` is what its credit entries
 * (kind `deposit`, one per payment that raised it, naming the deposit in their metadata) moved into
 * its member's cash, and a credit entry that names a deposit names one of its own member's. A refund
 * leaves `credited` as it was: its take-back is proved by mismatchedRefunds. A `deposit` entry that
 * names no deposit is outside this check: the product never writes one (its only writer is the
 * crediting of a deposit), and the ledger's own tests and benchmarks fund members so.
 */
export async function mismatchedDepositCredits(db: DbOrTx): Promise<LedgerCheck['mismatchedDepositCredits']> {
  const rows = await queryRows<{ id: unknown; user_id: unknown; credited: unknown; posted: unknown }>(
    db,
    sql`select coalesce(d.id, c.deposit_id) as id, coalesce(d.user_id, c.user_id) as user_id,
          coalesce(d.credited, 0) as credited, coalesce(c.posted, 0) as posted
        from deposits d
        full join (select (e.metadata->>'deposit_id')::int as deposit_id, e.user_id,
                     sum(coalesce(e.cash_amount, 0)) as posted
                   from ledger_entries e where e.kind = 'deposit' and e.metadata ? 'deposit_id'
                   group by 1, 2) c on c.deposit_id = d.id
        where coalesce(d.credited, 0) <> coalesce(c.posted, 0) or d.id is null or c.user_id <> d.user_id
        limit 100`,
  );
  return rows.map((row) => ({
    depositId: num(row.id),
    userId: num(row.user_id),
    credited: num(row.credited),
    fromEntries: num(row.posted),
  }));
}
