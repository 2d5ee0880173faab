import { sql } from 'drizzle-orm';
import type { Tx } from '@app/db';

/**
 * After a benchmark's bulk SQL set-up has written entries and postings directly: the cached balances
 * and the running totals (decision 038) that ledger_post would have kept, so the ledger check holds.
 */
export async function settleBulkLedger(tx: Tx): Promise<void> {
  await tx.execute(sql`update ledger_accounts a set balance = s.total
    from (select account_id, sum(amount) as total from ledger_postings group by account_id) s
    where s.account_id = a.id`);
  await tx.execute(sql`insert into ledger_account_totals (account_id, entry_kind, total, entries)
    select p.account_id, e.kind, sum(p.amount), count(distinct e.id)
    from ledger_postings p join ledger_entries e on e.id = p.entry_id
    join ledger_accounts a on a.id = p.account_id and a.user_id is not null
    group by p.account_id, e.kind`);
}
