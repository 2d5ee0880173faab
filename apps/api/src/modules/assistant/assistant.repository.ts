import { sql, type SQL } from 'drizzle-orm';
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

/** The member's loyalty points (a cached column proven by the ledger check, decision 033). */
export async function loyaltyPoints(db: DbOrTx, userId: number): Promise<number> {
  const rows = await queryRows<{ points: unknown }>(
    db,
    sql`select loyalty_points as points from users where id = ${userId}`,
  );
  return num(rows[0]?.points);
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

/**
 * At most `limit` of the member's active loans, oldest first, each with its next open instalment.
 * They are found through their open instalments (loan_instalments_open_idx; a loan is active exactly
 * while one is open, decision 219, proved by the ledger check's mismatchedLoanStatuses), so the read
 * never walks the member's repaid loans; each is then read by its id (the lateral subquery's `limit 1`
 * keeps the planner from joining through loans_user_idx, every loan the member ever had).
 */
export function activeLoansSql(userId: number, limit: number): SQL {
  return sql`select l.plan_name, l.principal, l.principal - l.paid_principal as outstanding, n.due_date, n.due
      from (select distinct on (i.loan_id) i.loan_id, i.due_date,
            i.principal + i.interest - i.paid_principal - i.paid_interest as due
          from loan_instalments i
          where i.user_id = ${userId} and i.status = 'open'
          order by i.loan_id, i.due_date asc) n
      cross join lateral (select * from loans l
          where l.id = n.loan_id and l.user_id = ${userId} and l.status = 'active' limit 1) l
      order by l.created_at asc, l.id asc limit ${limit}`;
}

export async function activeLoans(db: DbOrTx, userId: number, limit: number): Promise<LoanRow[]> {
  const rows = await queryRows<Record<string, unknown>>(db, activeLoansSql(userId, limit));
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

/** The full-text configuration of each help language (decision 164; the same as the `search` columns'). */
const HELP_SEARCH_CONFIG = { en: 'english', es: 'spanish', ar: 'arabic' } as const;

/**
 * Help center full-text search (decision 116) in one `language` (decision 164): its published
 * articles and FAQs whose generated `search` document (made with the language's configuration) has any
 * of the question's words as `websearch_to_tsquery` reads them with the same configuration (a question
 * is rarely all keywords), documents with every word first, then by `ts_rank` (more of the words, and
 * words in titles, rank higher).
 */
export async function searchHelp(
  db: DbOrTx,
  text: string,
  limit: number,
  language: keyof typeof HELP_SEARCH_CONFIG = 'en',
): Promise<HelpHit[]> {
  const config = HELP_SEARCH_CONFIG[language];
  const rows = await queryRows<{ kind: string; title: string; text: string; rank: unknown }>(
    db,
    sql`with w as (select websearch_to_tsquery(${config}::regconfig, ${text}) as all_words),
      q as (
        select w.all_words, nullif(replace(w.all_words::text, ' & ', ' | '), '')::tsquery as query from w
      )
      select * from (
        select 'article' as kind, a.title, a.summary as text, ts_rank(a.search, q.query) + (a.search @@ q.all_words)::int as rank, a.position, a.id
        from help_articles a, q where a.published and a.language = ${language} and a.search @@ q.query
        union all
        select 'faq' as kind, f.question as title, f.answer as text, ts_rank(f.search, q.query) + (f.search @@ q.all_words)::int as rank, f.position, f.id
        from help_faqs f, q where f.published and f.language = ${language} and f.search @@ q.query
      ) hits order by rank desc, kind asc, position asc, id asc limit ${limit}`,
  );
  return rows.map((row) => ({
    kind: row.kind === 'faq' ? 'faq' : 'article',
    title: row.title,
    text: row.text,
    rank: num(row.rank),
  }));
}

export interface CatalogueRow {
  /** Open investment plans. */
  count: number;
  /** Cents: the lowest min_amount, and the name of a plan asking it (the first in the catalogue's order). */
  lowestMinimum: number;
  lowestMinimumPlan: string;
  /** Basis points a year: the lowest and highest rate an open plan pays. */
  lowestRateBps: number;
  highestRateBps: number;
}

/**
 * The open investment plans' minimum and rates, from the catalogue (issue 34: what the assistant says
 * about rates and minimums is what the plans pay); null when no plan is open. One read of the small
 * plans table.
 */
export async function planCatalogue(db: DbOrTx): Promise<CatalogueRow | null> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select name, min_amount, count(*) over () as count,
        min(apy_bps) over () as lowest_rate, max(apy_bps) over () as highest_rate
      from plans where status = 'active'
      order by min_amount asc, sort_order asc, id asc limit 1`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    count: num(row.count),
    lowestMinimum: num(row.min_amount),
    lowestMinimumPlan: String(row.name),
    lowestRateBps: num(row.lowest_rate),
    highestRateBps: num(row.highest_rate),
  };
}
