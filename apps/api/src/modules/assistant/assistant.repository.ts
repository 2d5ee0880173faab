import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';
import { num, queryRows } from '../../ledger/sql';

/**
 * The assistant's reads. Every one is scoped to one member by the `userId` the route takes from the
 * session, and reads running totals, per-day aggregates or a bounded number of rows through an index:
 * none grows with the member's history (decision 038).
 */

const day = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : typeof value === 'string'
      ? value.slice(0, 10)
      : (value as Date).toISOString().slice(0, 10);

export interface CashFigures {
  /** Cents. */
  cash: number;
  invested: number;
  held: number;
  earnings: number;
  deposits: number;
  depositCount: number;
  /** Paid out to the member (cents, positive) and how many withdrawals. */
  withdrawn: number;
  withdrawnCount: number;
  loyaltyPoints: number;
}

/** Balances of the member's accounts and the running totals of their cash and hold accounts. */
export async function cashFigures(db: DbOrTx, userId: number): Promise<CashFigures> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select
      coalesce((select balance from ledger_accounts where user_id = u.id and kind = 'cash'), 0) as cash,
      coalesce((select balance from ledger_accounts where user_id = u.id and kind = 'invested'), 0) as invested,
      coalesce((select balance from ledger_accounts where user_id = u.id and kind = 'withdrawal_hold'), 0) as held,
      coalesce((select t.total from ledger_account_totals t join ledger_accounts a on a.id = t.account_id
        where a.user_id = u.id and a.kind = 'cash' and t.entry_kind = 'earning'), 0) as earnings,
      coalesce((select t.total from ledger_account_totals t join ledger_accounts a on a.id = t.account_id
        where a.user_id = u.id and a.kind = 'cash' and t.entry_kind = 'deposit'), 0) as deposits,
      coalesce((select t.entries from ledger_account_totals t join ledger_accounts a on a.id = t.account_id
        where a.user_id = u.id and a.kind = 'cash' and t.entry_kind = 'deposit'), 0) as deposit_count,
      coalesce((select -t.total from ledger_account_totals t join ledger_accounts a on a.id = t.account_id
        where a.user_id = u.id and a.kind = 'withdrawal_hold' and t.entry_kind = 'withdrawal_paid'), 0) as withdrawn,
      coalesce((select t.entries from ledger_account_totals t join ledger_accounts a on a.id = t.account_id
        where a.user_id = u.id and a.kind = 'withdrawal_hold' and t.entry_kind = 'withdrawal_paid'), 0) as withdrawn_count,
      u.loyalty_points
    from users u where u.id = ${userId}`,
  );
  const row = rows[0] ?? {};
  return {
    cash: num(row.cash),
    invested: num(row.invested),
    held: num(row.held),
    earnings: num(row.earnings),
    deposits: num(row.deposits),
    depositCount: num(row.deposit_count),
    withdrawn: num(row.withdrawn),
    withdrawnCount: num(row.withdrawn_count),
    loyaltyPoints: num(row.loyalty_points),
  };
}

/** Earnings credited on the days from `from` to `to` (inclusive, YYYY-MM-DD): one row a day at most. */
export async function earningsBetween(db: DbOrTx, userId: number, from: string, to: string): Promise<number> {
  const rows = await queryRows<{ total: unknown }>(
    db,
    sql`select coalesce(sum(amount), 0) as total from member_daily_earnings
      where user_id = ${userId} and day between ${from}::date and ${to}::date`,
  );
  return num(rows[0]?.total);
}

export interface LatestMoveRow {
  /** Cents. */
  amount: number;
  method: string;
  status: string;
  date: string;
}

/** The member's latest deposit (through the member's index, one row). */
export async function latestDeposit(db: DbOrTx, userId: number): Promise<LatestMoveRow | null> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select amount, method, status, created_at from deposits where user_id = ${userId}
      order by created_at desc, id desc limit 1`,
  );
  const row = rows[0];
  return row
    ? {
        amount: num(row.amount),
        method: String(row.method),
        status: String(row.status),
        date: day(row.created_at)!,
      }
    : null;
}

/** The member's latest withdrawal request (one row through the member's index). */
export async function latestWithdrawal(db: DbOrTx, userId: number): Promise<LatestMoveRow | null> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select amount, method, status, created_at from withdrawals where user_id = ${userId}
      order by created_at desc, id desc limit 1`,
  );
  const row = rows[0];
  return row
    ? {
        amount: num(row.amount),
        method: String(row.method),
        status: String(row.status),
        date: day(row.created_at)!,
      }
    : null;
}

export interface PlanRow {
  name: string;
  status: string;
  /** Cents. */
  amount: number;
  earned: number;
  rateBps: number;
  startsOn: string;
  endsOn: string | null;
}

/** At most `limit` of the member's running plans (active or locked), the soonest to end first. */
export async function runningPlans(db: DbOrTx, userId: number, limit: number): Promise<PlanRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select name, status, amount, earned, case when status = 'locked' then locked_apy_bps else apy_bps end as rate,
        starts_at, ends_at
      from user_plans where user_id = ${userId} and status in ('active', 'locked')
      order by ends_at asc nulls last, id asc limit ${limit}`,
  );
  return rows.map((row) => ({
    name: String(row.name),
    status: String(row.status),
    amount: num(row.amount),
    earned: num(row.earned),
    rateBps: num(row.rate),
    startsOn: day(row.starts_at)!,
    endsOn: day(row.ends_at),
  }));
}

export interface LoanRow {
  planName: string;
  /** Cents. */
  principal: number;
  outstanding: number;
  nextDueDate: string | null;
  nextDueAmount: number;
}

/** At most `limit` of the member's active loans, each with its next open instalment. */
export async function activeLoans(db: DbOrTx, userId: number, limit: number): Promise<LoanRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select l.plan_name, l.principal, l.principal - l.paid_principal as outstanding, n.due_date, n.due
      from loans l
      left join lateral (
        select i.due_date, i.principal + i.interest - i.paid_principal - i.paid_interest as due
        from loan_instalments i
        where i.user_id = ${userId} and i.loan_id = l.id and i.status = 'open'
        order by i.due_date asc limit 1
      ) n on true
      where l.user_id = ${userId} and l.status = 'active'
      order by l.created_at asc limit ${limit}`,
  );
  return rows.map((row) => ({
    planName: String(row.plan_name),
    principal: num(row.principal),
    outstanding: num(row.outstanding),
    nextDueDate: day(row.due_date),
    nextDueAmount: num(row.due),
  }));
}

export interface HelpHit {
  kind: 'article' | 'faq';
  title: string;
  text: string;
  rank: number;
}

/**
 * Help center full-text search (decision 116): published articles and FAQs whose generated `search`
 * document matches the question as `websearch_to_tsquery` reads it, best `ts_rank` first. When no
 * document has every word, the words are tried as alternatives (a question is rarely all keywords).
 */
export async function searchHelp(db: DbOrTx, text: string, limit: number): Promise<HelpHit[]> {
  const run = (query: ReturnType<typeof sql>) =>
    queryRows<{ kind: string; title: string; text: string; rank: unknown }>(
      db,
      sql`with q as (select ${query} as query)
        select * from (
          select 'article' as kind, a.title, a.summary as text, ts_rank(a.search, q.query) as rank, a.position, a.id
          from help_articles a, q where a.published and a.search @@ q.query
          union all
          select 'faq' as kind, f.question as title, f.answer as text, ts_rank(f.search, q.query) as rank, f.position, f.id
          from help_faqs f, q where f.published and f.search @@ q.query
        ) hits order by rank desc, kind asc, position asc, id asc limit ${limit}`,
    );
  let rows = await run(sql`websearch_to_tsquery('english', ${text})`);
  if (rows.length === 0) {
    rows = await run(
      sql`nullif(replace(websearch_to_tsquery('english', ${text})::text, ' & ', ' | '), '')::tsquery`,
    );
  }
  return rows.map((row) => ({
    kind: row.kind === 'faq' ? 'faq' : 'article',
    title: row.title,
    text: row.text,
    rank: num(row.rank),
  }));
}
