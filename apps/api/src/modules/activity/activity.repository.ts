import { sql, type SQL } from 'drizzle-orm';
import type { ActivityType } from '@app/shared';
import type { DbOrTx } from '@app/db';
import { num, queryRows } from '../../ledger/sql';

export interface ActivityRow {
  id: string;
  type: ActivityType;
  date: Date;
  amount: number;
  points: number | null;
  status: string;
  description: string;
}

export interface ActivityFilter {
  userId: number;
  type: ActivityType | undefined;
  /** Inclusive lower bound and exclusive upper bound (whole UTC days). */
  from: Date | undefined;
  until: Date | undefined;
  limit: number;
  offset: number;
}

/**
 * Every movement of a member, newest first: deposits and withdrawals (with their status), and the
 * ledger entries of kind earning, points_conversion, loan_disbursement and loan_payment that moved the
 * cash account.
 */
export async function listActivity(
  db: DbOrTx,
  filter: ActivityFilter,
): Promise<{ rows: ActivityRow[]; total: number }> {
  const { userId } = filter;
  const parts: SQL[] = [];
  if (!filter.type || filter.type === 'deposit') {
    parts.push(sql`select 'deposit:' || d.id as id, 'deposit' as type, d.created_at as date,
        case when d.status in ('confirmed', 'partially_paid') then d.credited else d.amount end as amount,
        null::bigint as points, d.status as status,
        'Deposit via ' || case d.method when 'bank_transfer' then 'Bank Transfer' when 'coinpayment' then 'CoinPayments'
          else 'NOWPayments' end || ' (' || d.reference || ')' as description
      from deposits d where d.user_id = ${userId}`);
  }
  if (!filter.type || filter.type === 'withdrawal') {
    parts.push(sql`select 'withdrawal:' || w.id as id, 'withdrawal' as type, w.created_at as date, -w.amount as amount,
        null::bigint as points, w.status as status,
        'Withdrawal to ' || case w.method when 'bank_transfer' then 'Bank Transfer' else 'Crypto Wallet' end
          as description
      from withdrawals w where w.user_id = ${userId}`);
  }
  const entryKinds = [
    ...(!filter.type || filter.type === 'earning' ? ['earning'] : []),
    ...(!filter.type || filter.type === 'points_conversion' ? ['points_conversion'] : []),
    ...(!filter.type || filter.type === 'loan_disbursement' ? ['loan_disbursement'] : []),
    ...(!filter.type || filter.type === 'loan_payment' ? ['loan_payment'] : []),
  ];
  if (entryKinds.length > 0) {
    parts.push(sql`select 'entry:' || e.id as id, e.kind as type, e.created_at as date, p.amount as amount,
        case when e.kind = 'points_conversion' then (e.metadata ->> 'points')::bigint end as points,
        'completed' as status,
        case e.kind
          when 'earning' then coalesce('Earning: ' || (e.metadata ->> 'plan_name'), 'Earning')
          when 'loan_disbursement' then coalesce('Loan disbursed: ' || (e.metadata ->> 'plan_name'), 'Loan disbursed')
          when 'loan_payment' then case
            when e.metadata ? 'instalment' then 'Loan instalment ' || (e.metadata ->> 'instalment') || ' paid'
            else 'Loan repaid early' end
          else 'Loyalty points redeemed' end as description
      from ledger_entries e
      join ledger_postings p on p.entry_id = e.id
      join ledger_accounts a on a.id = p.account_id and a.user_id = ${userId} and a.kind = 'cash'
      where e.user_id = ${userId} and e.kind in (${sql.join(
        entryKinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})`);
  }
  const union = sql.join(parts, sql` union all `);
  const conditions: SQL[] = [sql`true`];
  if (filter.from) conditions.push(sql`t.date >= ${filter.from.toISOString()}`);
  if (filter.until) conditions.push(sql`t.date < ${filter.until.toISOString()}`);
  const where = sql.join(conditions, sql` and `);
  const rows = await queryRows<{
    id: string;
    type: ActivityType;
    date: Date | string;
    amount: unknown;
    points: unknown;
    status: string;
    description: string;
  }>(
    db,
    sql`select t.* from (${union}) t where ${where} order by t.date desc, t.id desc limit ${filter.limit} offset ${filter.offset}`,
  );
  const [count] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from (${union}) t where ${where}`,
  );
  return {
    rows: rows.map((row) => ({
      id: row.id,
      type: row.type,
      date: new Date(row.date),
      amount: num(row.amount),
      points: row.points === null || row.points === undefined ? null : num(row.points),
      status: row.status,
      description: row.description,
    })),
    total: num(count?.n),
  };
}
