import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';
import { num, queryRows } from '../sql';
import type { LedgerCheck } from './types';

/**
 * Members whose cached loyalty points differ from their points rows, or are below zero, or whose
 * running total of referral points kept (decision 225) differs from their referral rows.
 */
export async function mismatchedPoints(db: DbOrTx): Promise<LedgerCheck['mismatchedPoints']> {
  const rows = await queryRows<{ id: unknown; cached: unknown; rows: unknown }>(
    db,
    sql`with t as (
          select user_id, sum(points) as total,
                 sum(points) filter (where kind in ('referral_reward', 'referral_reversal')) as referral
          from points_transactions group by user_id)
        select u.id, u.loyalty_points as cached, coalesce(t.total, 0) as rows
        from users u left join t on t.user_id = u.id
        where u.loyalty_points <> coalesce(t.total, 0) or u.loyalty_points < 0
        union all
        select u.id, u.referral_points, coalesce(t.referral, 0)
        from users u left join t on t.user_id = u.id
        where u.referral_points <> coalesce(t.referral, 0)
        limit 100`,
  );
  return rows.map((row) => ({ userId: num(row.id), cached: num(row.cached), fromRows: num(row.rows) }));
}

/** Admin queues whose running pending count or amount (decision 126) differs from their pending rows. */
export async function mismatchedQueueTotals(db: DbOrTx): Promise<LedgerCheck['mismatchedQueueTotals']> {
  const rows = await queryRows<{
    queue: string;
    cached_count: unknown;
    count: unknown;
    cached_amount: unknown;
    amount: unknown;
  }>(
    db,
    sql`select q.queue, coalesce(t.pending_count, 0) as cached_count, q.count,
          coalesce(t.pending_amount, 0) as cached_amount, q.amount
        from (
          select 'deposits' as queue, count(*) as count, coalesce(sum(amount), 0) as amount
            from deposits where status = 'pending' and method = 'bank_transfer'
          union all
          select 'withdrawals', count(*), coalesce(sum(amount), 0) from withdrawals where status = 'pending'
          union all
          select 'loan_applications', count(*), coalesce(sum(amount_requested), 0)
            from loan_applications where status = 'pending'
        ) q
        left join admin_queue_totals t on t.queue = q.queue
        where coalesce(t.pending_count, 0) <> q.count or coalesce(t.pending_amount, 0) <> q.amount`,
  );
  return rows.map((row) => ({
    queue: row.queue,
    cachedCount: num(row.cached_count),
    count: num(row.count),
    cachedAmount: num(row.cached_amount),
    amount: num(row.amount),
  }));
}

/**
 * Members whose withdrawal hold is not the sum of their pending withdrawals: an approved, rejected or
 * cancelled withdrawal holds nothing (decision 174).
 */
export async function mismatchedWithdrawalHolds(
  db: DbOrTx,
): Promise<LedgerCheck['mismatchedWithdrawalHolds']> {
  const rows = await queryRows<{ user_id: unknown; held: unknown; pending: unknown }>(
    db,
    sql`select coalesce(a.user_id, w.user_id) as user_id, coalesce(a.balance, 0) as held,
          coalesce(w.pending, 0) as pending
        from (select user_id, balance from ledger_accounts
                where kind = 'withdrawal_hold' and user_id is not null) a
        full join (select user_id, sum(amount) as pending from withdrawals
                     where status = 'pending' group by user_id) w on w.user_id = a.user_id
        where coalesce(a.balance, 0) <> coalesce(w.pending, 0)
        limit 100`,
  );
  return rows.map((row) => ({ userId: num(row.user_id), held: num(row.held), pending: num(row.pending) }));
}

/** Members whose kept list length (member_list_totals, decision 134) differs from their rows. */
export async function mismatchedListTotals(db: DbOrTx): Promise<LedgerCheck['mismatchedListTotals']> {
  const rows = await queryRows<{ user_id: unknown; cached: unknown; rows: unknown }>(
    db,
    sql`select coalesce(t.user_id, c.user_id) as user_id, coalesce(t.rows, 0) as cached,
          coalesce(c.rows, 0) as rows
        from (select user_id, count(*) as rows from user_plans group by user_id) c
        full join (select user_id, rows from member_list_totals where list = 'user_plans') t
          on t.user_id = c.user_id
        where coalesce(t.rows, 0) <> coalesce(c.rows, 0)
        limit 100`,
  );
  return rows.map((row) => ({
    userId: num(row.user_id),
    list: 'user_plans',
    cached: num(row.cached),
    rows: num(row.rows),
  }));
}
