import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';
import { num, queryRows } from '../sql';
import type { LedgerCheck } from './types';

/**
 * Balance corrections (decision 182), proved against the postings: an approved correction moved its
 * member's cash by its signed amount in its one entry `correction:<id>`, a correction not approved
 * moved nothing, and the platform's adjustments account is minus the sum of the approved corrections.
 */
export async function mismatchedCorrections(db: DbOrTx): Promise<LedgerCheck['mismatchedCorrections']> {
  const rows = await queryRows<{
    correction_id: unknown;
    field: LedgerCheck['mismatchedCorrections'][number]['field'];
    expected: unknown;
    actual: unknown;
  }>(
    db,
    sql`with posted as (
          select e.reference, coalesce(sum(p.amount) filter (where a.kind = 'cash' and a.user_id = e.user_id), 0) as cash
          from ledger_entries e
          join ledger_postings p on p.entry_id = e.id
          join ledger_accounts a on a.id = p.account_id
          where e.kind = 'adjustment' and e.reference like 'correction:%'
          group by e.reference
        ), corrections as (
          select c.id, c.status,
            case when c.status <> 'approved' then 0 when c.direction = 'credit' then c.amount else -c.amount end as signed,
            coalesce(x.cash, 0) as cash
          from balance_corrections c
          left join posted x on x.reference = 'correction:' || c.id
        )
        select id as correction_id, 'entry' as field, signed as expected, cash as actual
          from corrections where signed <> cash
        union all
        select null, 'adjustments_account', -(select coalesce(sum(signed), 0) from corrections), a.balance
          from ledger_accounts a
          where a.user_id is null and a.kind = 'adjustments'
            and a.balance <> -(select coalesce(sum(signed), 0) from corrections)
        order by 1 nulls last
        limit 100`,
  );
  return rows.map((row) => ({
    correctionId: row.correction_id === null ? null : num(row.correction_id),
    field: row.field,
    expected: num(row.expected),
    actual: num(row.actual),
  }));
}
