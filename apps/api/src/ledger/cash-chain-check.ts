import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';
import { num, queryRows } from './sql';

/**
 * A break in a member's cash chain (decision 158). With an entry: its `cash_balance_after` (actual)
 * is not the previous cash entry's plus its cash amount (expected; the first one's is its cash
 * amount), in (created_at, id) order. Without one (entryId null): the member's latest cash entry's
 * balance after (actual, null when there is none) is not their cash account's balance (expected).
 */
export interface CashChainMismatch {
  userId: number;
  entryId: number | null;
  expected: number;
  actual: number | null;
}

/**
 * Proves every member's cash chain: the balance after each entry is the previous one plus its cash
 * amount, and the latest is the cash account's balance, so a member's Activity rows add up to their
 * balance and each row's balance after is the running sum (at most 100 breaks are answered).
 */
export async function cashChainMismatches(db: DbOrTx): Promise<CashChainMismatch[]> {
  const rows = await queryRows<{ user_id: unknown; entry_id: unknown; expected: unknown; actual: unknown }>(
    db,
    sql`select * from (
          select x.user_id, x.id as entry_id, x.expected, x.cash_balance_after as actual
          from (
            select e.user_id, e.id, e.cash_balance_after,
              coalesce(lag(e.cash_balance_after) over w, 0) + e.cash_amount as expected
            from ledger_entries e
            where e.cash_amount is not null
            window w as (partition by e.user_id order by e.created_at, e.id)
          ) x
          where x.cash_balance_after is distinct from x.expected
          union all
          select a.user_id, null, a.balance, l.cash_balance_after
          from ledger_accounts a
          left join lateral (
            select e.cash_balance_after from ledger_entries e
            where e.user_id = a.user_id and e.cash_amount is not null
            order by e.created_at desc, e.id desc limit 1
          ) l on true
          where a.user_id is not null and a.kind = 'cash' and coalesce(l.cash_balance_after, 0) <> a.balance
        ) m
        order by m.user_id, m.entry_id nulls last
        limit 100`,
  );
  return rows.map((row) => ({
    userId: num(row.user_id),
    entryId: row.entry_id === null ? null : num(row.entry_id),
    expected: num(row.expected),
    actual: row.actual === null ? null : num(row.actual),
  }));
}
