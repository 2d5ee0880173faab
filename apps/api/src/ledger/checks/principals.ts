import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';
import { num, queryRows } from '../sql';
import type { LedgerCheck } from './types';

/**
 * Principal held in plans (decision 192): every member's invested postings equal the principal of
 * their running positions (user_plan_id null; the cached balance is mismatchedAccounts' to check), and every position's reinvested total equals the
 * postings of its `earning_reinvested` entries into the invested account.
 */
export async function mismatchedPrincipals(db: DbOrTx): Promise<LedgerCheck['mismatchedPrincipals']> {
  const rows = await queryRows<{
    user_id: unknown;
    user_plan_id: unknown;
    expected: unknown;
    actual: unknown;
  }>(
    db,
    sql`(select coalesce(a.user_id, p.user_id) as user_id, null::int as user_plan_id,
           coalesce(p.amount, 0) as expected, coalesce(a.balance, 0) as actual
         from (
           select a.user_id, sum(p.amount) as balance
           from ledger_accounts a join ledger_postings p on p.account_id = a.id
           where a.user_id is not null and a.kind = 'invested'
           group by a.user_id
         ) a
         full join (
           select user_id, sum(amount) as amount from user_plans where status in ('active', 'locked')
           group by user_id
         ) p on p.user_id = a.user_id
         where coalesce(a.balance, 0) <> coalesce(p.amount, 0)
         limit 100)
        union all
        (select u.user_id, c.user_plan_id, coalesce(x.posted, 0) as expected, c.reinvested as actual
         from user_plan_compounding c
         join user_plans u on u.id = c.user_plan_id
         left join (
           select (e.metadata->>'user_plan_id')::int as user_plan_id, sum(p.amount) as posted
           from ledger_entries e
           join ledger_postings p on p.entry_id = e.id
           join ledger_accounts a on a.id = p.account_id and a.user_id is not null and a.kind = 'invested'
           where e.kind = 'earning_reinvested'
           group by 1
         ) x on x.user_plan_id = c.user_plan_id
         where c.reinvested <> coalesce(x.posted, 0)
         limit 100)`,
  );
  return rows.map((row) => ({
    userId: num(row.user_id),
    userPlanId: row.user_plan_id === null ? null : num(row.user_plan_id),
    expected: num(row.expected),
    actual: num(row.actual),
  }));
}
