import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';
import { num, queryRows } from '../sql';
import type { LedgerCheck } from './types';

/**
 * Refunds and chargebacks (decision 155), proved against the postings. Per refund row: its amount is
 * its deposit's credited amount and the deposit is marked refunded; `taken_back` is what its take-back
 * entry moved out of cash; its debt entry booked the rest (amount - taken_back) as owed; `recovered`
 * is what its recovery entries moved out of cash (taken_back + recovered + outstanding = amount is a
 * CHECK on the row). Every refunded deposit has its row. Per member: the debt account is minus the sum
 * of what their refunds still owe.
 */
export async function mismatchedRefunds(db: DbOrTx): Promise<LedgerCheck['mismatchedRefunds']> {
  const rows = await queryRows<{
    refund_id: unknown;
    user_id: unknown;
    field: LedgerCheck['mismatchedRefunds'][number]['field'];
    expected: unknown;
    actual: unknown;
  }>(
    db,
    sql`with posted as (
          select (e.metadata->>'deposit_id')::int as deposit_id,
            coalesce(-sum(p.amount) filter (where a.kind = 'cash' and e.reference like '%:refund:taken'), 0) as taken,
            coalesce(-sum(p.amount) filter (where a.kind = 'debt' and e.kind = 'refund_debt'), 0) as debt,
            coalesce(-sum(p.amount) filter (where a.kind = 'cash' and e.reference like '%:refund:recovered:%'), 0) as recovered
          from ledger_entries e
          join ledger_postings p on p.entry_id = e.id
          join ledger_accounts a on a.id = p.account_id and a.user_id = e.user_id
          where e.kind in ('deposit_refund', 'refund_debt')
          group by 1
        ), refunds as (
          select r.id, r.user_id, r.amount, r.taken_back, r.recovered, d.credited, d.status,
            coalesce(x.taken, 0) as taken, coalesce(x.debt, 0) as debt, coalesce(x.recovered, 0) as posted_recovered
          from deposit_refunds r
          join deposits d on d.id = r.deposit_id
          left join posted x on x.deposit_id = r.deposit_id
        )
        select id as refund_id, user_id, 'deposit' as field, credited as expected, amount as actual
          from refunds where amount <> credited or status <> 'refunded'
        union all
        select id, user_id, 'taken_back', taken, taken_back from refunds where taken <> taken_back
        union all
        select id, user_id, 'debt', amount - taken_back, debt from refunds where debt <> amount - taken_back
        union all
        select id, user_id, 'recovered', posted_recovered, recovered from refunds where posted_recovered <> recovered
        union all
        select null, d.user_id, 'deposit', d.credited, 0 from deposits d
          where d.status = 'refunded' and not exists (select 1 from deposit_refunds r where r.deposit_id = d.id)
        union all
        select null, coalesce(a.user_id, o.user_id), 'debt_account', -coalesce(o.outstanding, 0), coalesce(a.balance, 0)
          from (select user_id, balance from ledger_accounts where kind = 'debt' and user_id is not null) a
          full join (select user_id, sum(outstanding) as outstanding from deposit_refunds group by user_id) o
            on o.user_id = a.user_id
          where coalesce(a.balance, 0) <> -coalesce(o.outstanding, 0)
        limit 100`,
  );
  return rows.map((row) => ({
    refundId: row.refund_id === null ? null : num(row.refund_id),
    userId: num(row.user_id),
    field: row.field,
    expected: num(row.expected),
    actual: num(row.actual),
  }));
}
