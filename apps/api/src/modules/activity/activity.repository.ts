import { sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_ENTRY_KINDS, ACTIVITY_TYPES, type ActivityDetail, type ActivityType } from '@app/shared';
import type { DbOrTx } from '@app/db';
import { inLiterals, num, queryRows, textLiteral } from '../../ledger/sql';

/**
 * Activity is the member's statement (decision 158): every ledger entry of the member that moved
 * their cash (cash_amount not null) is one row, signed as it moved the balance, with the balance
 * right after it (cash_balance_after, written by the ledger); deposits that credited nothing are
 * listed beside them with their status and no amount. Both are read newest first by keyset through
 * their own partial indexes (ledger_entries_user_cash_idx, deposits_user_uncredited_idx), or per
 * entry kind through ledger_entries_user_kind_idx under a type filter, so a page costs the same
 * however long the history.
 */

export interface ActivityRow {
  id: string;
  type: ActivityType;
  /** The instant, as the API writes it (ISO 8601, UTC, milliseconds): the database's own text. */
  date: string;
  /** Cents, signed as the row moved the cash balance; null for a deposit not credited. */
  amount: number | null;
  /** Cents: the cash balance right after the row; null for a deposit not credited. */
  balanceAfter: number | null;
  points: number | null;
  status: string;
  detail: ActivityDetail;
  /** The entry's or the deposit's id (the last part of `id`). */
  sortId: number;
  /** 1: a ledger entry; 2: a deposit not credited (the order of rows of one instant). */
  rank: number;
}

/** A position in the list's order: newest date first, then entries before deposits, newest id. */
export interface ActivityCursor {
  date: Date;
  rank: number;
  sortId: number;
}

export interface ActivityFilter {
  userId: number;
  type: ActivityType | undefined;
  /** Inclusive lower bound and exclusive upper bound (whole UTC days). */
  from: Date | undefined;
  until: Date | undefined;
  limit: number;
  offset: number;
  /** Keyset paging (the CSV export): only rows after this one in the list's order. */
  after?: ActivityCursor | undefined;
  /** Leave out the total (the export does not need it). */
  withoutTotal?: boolean;
}

/** With a date filter, rows are counted up to this many pages past the one asked for (decision 039). */
export const ACTIVITY_COUNT_PAGES_AHEAD = 10;

const ENTRY_RANK = 1;
const DEPOSIT_RANK = 2;

/** The Activity type of a ledger entry kind (any kind not listed is an adjustment). */
const TYPE_OF_KIND = new Map<string, ActivityType>(
  ACTIVITY_TYPES.flatMap((type) => ACTIVITY_ENTRY_KINDS[type].map((kind) => [kind, type] as const)),
);
export function activityTypeOf(kind: string): ActivityType {
  return TYPE_OF_KIND.get(kind) ?? 'adjustment';
}

/** The date filter and keyset position on a branch's own (created_at, id), for its rank. */
function range(created: SQL, id: SQL, rank: number, filter: ActivityFilter): SQL {
  const conditions: SQL[] = [];
  if (filter.from) conditions.push(sql` and ${created} >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.until) conditions.push(sql` and ${created} < ${filter.until.toISOString()}::timestamptz`);
  const after = filter.after;
  if (after) {
    const at = after.date.toISOString();
    if (rank > after.rank) conditions.push(sql` and ${created} <= ${at}::timestamptz`);
    else if (rank < after.rank) conditions.push(sql` and ${created} < ${at}::timestamptz`);
    else conditions.push(sql` and (${created}, ${id}) < (${at}::timestamptz, ${after.sortId})`);
  }
  return sql.join(conditions, sql``);
}

/**
 * The branches, each cut to its `take` newest rows through its index: the member's cash entries (one
 * branch, or one per entry kind of the type asked for), and deposits not credited (when deposits are
 * wanted). Every branch answers (rank, sort_id, date, kind, amount, balance_after, metadata).
 */
function branches(filter: ActivityFilter, take: number, columns = true): SQL[] {
  const { userId } = filter;
  const entry = (kind: SQL) =>
    sql`(select ${
      columns
        ? sql`${sql.raw(String(ENTRY_RANK))} as rank, e.id::bigint as sort_id, e.created_at as date,
          e.kind, e.cash_amount as amount, e.cash_balance_after as balance_after, e.metadata`
        : sql`1`
    }
        from ledger_entries e
        where e.user_id = ${userId}${kind} and e.cash_amount is not null${range(sql`e.created_at`, sql`e.id`, ENTRY_RANK, filter)}
        order by e.created_at desc, e.id desc limit ${take})`;
  const parts = filter.type
    ? ACTIVITY_ENTRY_KINDS[filter.type].map((kind) => entry(sql` and e.kind = ${textLiteral(kind)}`))
    : [entry(sql``)];
  if (!filter.type || filter.type === 'deposit')
    parts.push(sql`(select ${
      columns
        ? sql`${sql.raw(String(DEPOSIT_RANK))} as rank, d.id::bigint as sort_id, d.created_at as date,
          'deposit' as kind, null::bigint as amount, null::bigint as balance_after, null::jsonb as metadata`
        : sql`1`
    }
        from deposits d
        where d.user_id = ${userId} and d.credited = 0${range(sql`d.created_at`, sql`d.id`, DEPOSIT_RANK, filter)}
        order by d.created_at desc, d.id desc limit ${take})`);
  return parts;
}

/**
 * How many rows the filter keeps. Without dates it is exact from a few indexed rows: the entries from
 * the cash account's running totals per entry kind (decision 038), the deposits not credited on their
 * partial index. With dates it is counted up to `cap` rows, never the whole history.
 */
function countSql(filter: ActivityFilter, cap: number): SQL {
  const { userId } = filter;
  if (!filter.from && !filter.until) {
    const kinds = filter.type ? inLiterals(sql`t.entry_kind`, ACTIVITY_ENTRY_KINDS[filter.type]) : sql`true`;
    const entries = sql`(select coalesce(sum(t.entries), 0) from ledger_account_totals t
      join ledger_accounts a on a.id = t.account_id
      where a.user_id = ${userId} and a.kind = 'cash' and ${kinds})`;
    if (filter.type && filter.type !== 'deposit') return entries;
    return sql`(${entries} + (select count(*) from deposits d where d.user_id = ${userId} and d.credited = 0))`;
  }
  return sql`(select count(*) from (select 1 from (${sql.join(branches(filter, cap, false), sql` union all `)}) t limit ${cap}) c)`;
}

interface RowSql {
  rank: unknown;
  sort_id: unknown;
  date: string;
  kind: string;
  amount: unknown;
  balance_after: unknown;
  status: string | null;
  method: string | null;
  reference: string | null;
  plan: string | null;
  goal: string | null;
  instalment: unknown;
  part_payment: string | null;
  reclassified: string | null;
  matched: boolean | null;
  points: unknown;
  total: unknown;
}

/**
 * A page: the branches merged in the list's order and cut to the page, then each of its rows'
 * words looked up by primary key (the deposit's method, reference and status (a credited deposit a
 * gateway took back reads refunded), the withdrawal's method and status, the goal's name, and the
 * plan's name only for an entry that does not carry it: earnings, the bulk of a history, do): at
 * most a page of lookups. The count is a column (one round trip).
 */
function pageSql(filter: ActivityFilter, total: SQL): SQL {
  const take = filter.offset + filter.limit;
  const union = sql.join(branches(filter, take), sql` union all `);
  const meta = (key: string) => sql`p.metadata ->> ${textLiteral(key)}`;
  return sql`select p.rank, p.sort_id, to_char(p.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date,
          p.kind, p.amount, p.balance_after,
          case when p.rank = ${sql.raw(String(DEPOSIT_RANK))} or p.kind = 'deposit' then dd.status else w.status end as status,
          coalesce(dd.method, w.method) as method,
          coalesce(dd.reference, ${meta('deposit_reference')}, ${meta('member_reason')}) as reference,
          coalesce(${meta('plan_name')},
            (select up.name from user_plans up where up.id = (${meta('user_plan_id')})::int)) as plan,
          g.name as goal,
          ${meta('instalment')} as instalment, ${meta('part_payment')} as part_payment,
          ${meta('reclassified')} as reclassified, ${meta('points')} as points,
          (p.rank = ${sql.raw(String(DEPOSIT_RANK))} and dd.status = 'pending'
            and dd.first_approved_by is not null) as matched,
          ${total} as total
        from (select * from (${union}) u order by u.date desc, u.rank, u.sort_id desc
          limit ${filter.limit} offset ${filter.offset}) p
        left join deposits dd on dd.id = case when p.rank = ${sql.raw(String(DEPOSIT_RANK))} then p.sort_id::int
          else (${meta('deposit_id')})::int end
        left join withdrawals w on w.id = (${meta('withdrawal_id')})::int
        left join goals g on g.id = (${meta('goal_id')})::int
        order by p.date desc, p.rank, p.sort_id desc`;
}

function toRow(row: RowSql): ActivityRow {
  const rank = num(row.rank);
  const sortId = num(row.sort_id);
  const type = rank === DEPOSIT_RANK ? 'deposit' : activityTypeOf(row.kind);
  const orNull = (value: unknown) => (value === null || value === undefined ? null : num(value));
  return {
    id: `${rank === DEPOSIT_RANK ? 'deposit' : 'entry'}:${sortId}`,
    type,
    date: row.date,
    amount: orNull(row.amount),
    balanceAfter: orNull(row.balance_after),
    points: type === 'points_conversion' ? orNull(row.points) : null,
    status: row.status ?? 'completed',
    detail: {
      kind: row.kind,
      method: row.method,
      reference: row.reference,
      plan: row.plan,
      goal: row.goal,
      instalment: orNull(row.instalment),
      part_payment: row.part_payment === 'true',
      restated: row.reclassified === 'true',
      // A pending bank transfer an admin has matched to the bank's statement: no longer cancelled.
      ...(row.matched === true ? { matched: true } : {}),
    },
    sortId,
    rank,
  };
}

/** Where a row stands in the list's order: the keyset of the batch after it. */
export function activityCursor(row: ActivityRow): ActivityCursor {
  return { date: new Date(row.date), rank: row.rank, sortId: row.sortId };
}

/** A page's whole statement, its count included (for a test to read its plan). */
export function activityPageSql(filter: ActivityFilter): SQL {
  const cap = filter.offset + filter.limit * (1 + ACTIVITY_COUNT_PAGES_AHEAD);
  return pageSql(filter, filter.withoutTotal ? sql`0::bigint` : countSql(filter, cap));
}

/**
 * One page of a member's Activity, newest first. `total` is exact without a date filter; with one it
 * counts at most ACTIVITY_COUNT_PAGES_AHEAD pages past this one.
 */
export async function listActivity(
  db: DbOrTx,
  filter: ActivityFilter,
): Promise<{ rows: ActivityRow[]; total: number }> {
  const cap = filter.offset + filter.limit * (1 + ACTIVITY_COUNT_PAGES_AHEAD);
  const total = filter.withoutTotal ? sql`0::bigint` : countSql(filter, cap);
  const rows = await queryRows<RowSql>(db, pageSql(filter, total));
  let counted: unknown = rows[0]?.total;
  if (counted === undefined && !filter.withoutTotal)
    counted = (await queryRows<{ n: unknown }>(db, sql`select ${total} as n`))[0]?.n;
  return { rows: rows.map(toRow), total: num(counted ?? 0) };
}
