import { sql } from 'drizzle-orm';
import type { Tx } from '@app/db';

/**
 * Each cash entry's balance after (decision 158) as ledger_post would have written it: the member's
 * running sum of cash amounts in (created_at, id) order. The seeds insert 0 in its place (the CHECK
 * wants it non-null with a cash amount) and fill it here, entries' append-only guard lifted.
 */
export const FILL_CASH_BALANCE_AFTER = `update ledger_entries e set cash_balance_after = s.after
  from (select id, sum(cash_amount) over (partition by user_id order by created_at, id) as after
        from ledger_entries where cash_amount is not null) s
  where s.id = e.id`;

/**
 * After a benchmark's bulk SQL set-up has written entries and postings directly: the cached balances
 * and the running totals (decision 038) that ledger_post would have kept, so the ledger check holds.
 */
export async function settleBulkLedger(tx: Tx): Promise<void> {
  await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_immutable`);
  await tx.execute(sql.raw(FILL_CASH_BALANCE_AFTER));
  await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_immutable`);
  await tx.execute(sql`update ledger_accounts a set balance = s.total
    from (select account_id, sum(amount) as total from ledger_postings group by account_id) s
    where s.account_id = a.id`);
  await tx.execute(sql`insert into ledger_account_totals (account_id, entry_kind, total, entries)
    select p.account_id, e.kind, sum(p.amount), count(distinct e.id)
    from ledger_postings p join ledger_entries e on e.id = p.entry_id
    join ledger_accounts a on a.id = p.account_id and a.user_id is not null
    group by p.account_id, e.kind`);
}
