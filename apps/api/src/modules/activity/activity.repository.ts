import { sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_TYPES, type ActivityType } from '@app/shared';
import { preparedPerDbAndKey, type DbOrTx } from '@app/db';
import { createBatchLoader } from '../../lib/batch-loader';
import {
  inLiterals,
  isoInstants,
  num,
  preparedQuery,
  queryRows,
  textLiteral,
  wholeNumbers,
} from '../../ledger/sql';

export interface ActivityRow {
  id: string;
  type: ActivityType;
  /** The instant, as the API writes it (ISO 8601, UTC, milliseconds): the database's own text. */
  date: string;
  amount: number;
  points: number | null;
  status: string;
  description: string;
  /** The row's number in its table or the ledger (the last part of `id`). */
  sortId: number;
}

/** A position in the list's order: newest date first, then type rank, then newest id. */
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

/**
 * The values a page's statement binds: the numbers and dates themselves, or the columns of a batch's
 * row when pages are read together by a statement prepared once for their shape (decision 144).
 */
interface Bound {
  userId: unknown;
  /** Rows each branch takes: offset + limit. */
  take: unknown;
  /** Rows a bounded count reads at most. */
  cap: unknown;
  limit: unknown;
  offset: unknown;
  /** ISO instants of the date filter (when the filter has them). */
  from: unknown;
  until: unknown;
}

/** With a date filter, rows are counted up to this many pages past the one asked for (decision 039). */
export const ACTIVITY_COUNT_PAGES_AHEAD = 10;

/**
 * The ledger entry kinds that Activity lists, each as its own type: every Activity type but the two
 * read from their own tables. `deposit_refund`: what a reversed deposit took from the balance, at the
 * reversal and later (decision 155); every such entry moves cash.
 */
type EntryType = Exclude<ActivityType, 'deposit' | 'withdrawal'>;
const ENTRY_TYPES = ACTIVITY_TYPES.filter(
  (type): type is EntryType => type !== 'deposit' && type !== 'withdrawal',
);

/**
 * Rows of one instant are listed in this order of type (a number, so no collation decides it): what
 * left the balance first, then what the platform wrote, the money that came in last, as the list
 * read before ranks (by text id) showed them.
 */
const TYPE_RANK: Record<ActivityType, number> = {
  withdrawal: 1,
  deposit_refund: 2,
  loan_payment: 3,
  loan_disbursement: 4,
  points_conversion: 5,
  earning: 6,
  deposit: 7,
};

function wanted(filter: ActivityFilter, type: ActivityType): boolean {
  return !filter.type || filter.type === type;
}

/**
 * The conditions of one branch on its own creation time and id: the date filter, and the keyset
 * position in the list's order (date desc, rank asc, id desc) written for this branch's rank, so
 * the branch's index range starts right after the cursor.
 */
function branchRange(created: SQL, id: SQL, type: ActivityType, filter: ActivityFilter, bound: Bound): SQL {
  const conditions: SQL[] = [];
  if (filter.from) conditions.push(sql` and ${created} >= ${bound.from}::timestamptz`);
  if (filter.until) conditions.push(sql` and ${created} < ${bound.until}::timestamptz`);
  const after = filter.after;
  if (after) {
    const at = after.date.toISOString();
    const rank = TYPE_RANK[type];
    if (rank > after.rank) conditions.push(sql` and ${created} <= ${at}`);
    else if (rank < after.rank) conditions.push(sql` and ${created} < ${at}`);
    else conditions.push(sql` and (${created}, ${id}) < (${at}::timestamptz, ${after.sortId})`);
  }
  return sql.join(conditions, sql``);
}

/**
 * The branches of the list, each already cut to the `take` newest rows of its own kind through the
 * index that matches its filter and order ((user_id, created_at, id) on deposits and withdrawals,
 * (user_id, kind, created_at, id) on ledger entries), so a page costs the same however long the
 * history (decision 039). Every branch answers (type, date, rank, sort_id, amount, status, detail,
 * reference): the raw parts of a row, which `listActivity` turns into the member's words. A branch
 * is a plain indexed scan under its limit, with no expression the database would have to build and
 * evaluate per execution beyond the columns themselves (decision 135: executor start-up was a third
 * of the statement's cost).
 */
function branches(filter: ActivityFilter, bound: Bound): SQL[] {
  const { userId, take } = bound;
  const parts: SQL[] = [];
  if (wanted(filter, 'deposit')) {
    parts.push(sql`(select 'deposit' as type, d.created_at as date, ${sql.raw(String(TYPE_RANK.deposit))} as rank,
        d.id::bigint as sort_id,
        case when d.status in ('confirmed', 'partially_paid', 'refunded') then d.credited else d.amount end as amount,
        d.status as status, d.method as detail, d.reference as reference
      from deposits d where d.user_id = ${userId}${branchRange(sql`d.created_at`, sql`d.id`, 'deposit', filter, bound)}
      order by d.created_at desc, d.id desc limit ${take})`);
  }
  if (wanted(filter, 'withdrawal')) {
    parts.push(sql`(select 'withdrawal' as type, w.created_at as date, ${sql.raw(String(TYPE_RANK.withdrawal))} as rank,
        w.id::bigint as sort_id, -w.amount as amount, w.status as status, w.method as detail, null as reference
      from withdrawals w where w.user_id = ${userId}${branchRange(sql`w.created_at`, sql`w.id`, 'withdrawal', filter, bound)}
      order by w.created_at desc, w.id desc limit ${take})`);
  }
  for (const kind of ENTRY_TYPES) {
    if (!wanted(filter, kind)) continue;
    parts.push(sql`(select ${textLiteral(kind)} as type, e.created_at as date, ${sql.raw(String(TYPE_RANK[kind]))} as rank,
        e.id::bigint as sort_id, e.cash_amount as amount, null as status,
        e.metadata ->> ${textLiteral(ENTRY_DETAIL[kind])} as detail, null as reference
      from ledger_entries e
      where e.user_id = ${userId} and e.kind = ${textLiteral(kind)}${branchRange(sql`e.created_at`, sql`e.id`, kind, filter, bound)}
      order by e.created_at desc, e.id desc limit ${take})`);
  }
  return parts;
}

const ENTRY_TYPE_SET: ReadonlySet<ActivityType> = new Set(ENTRY_TYPES);

/** The metadata key whose value an entry's description names (the plan, the instalment, the points). */
const ENTRY_DETAIL: Record<EntryType, string> = {
  earning: 'plan_name',
  loan_disbursement: 'plan_name',
  loan_payment: 'instalment',
  points_conversion: 'points',
  deposit_refund: 'deposit_reference',
};

const DEPOSIT_METHOD_NAMES: Record<string, string> = {
  bank_transfer: 'Bank Transfer',
  coinpayment: 'CoinPayments',
};

/** A row's description, in the words the list has always shown (the web app translates none of it). */
export function describeActivity(
  type: ActivityType,
  detail: string | null,
  reference: string | null,
): string {
  switch (type) {
    case 'deposit':
      return `Deposit via ${DEPOSIT_METHOD_NAMES[detail ?? ''] ?? 'NOWPayments'} (${reference ?? ''})`;
    case 'withdrawal':
      return `Withdrawal to ${detail === 'bank_transfer' ? 'Bank Transfer' : 'Crypto Wallet'}`;
    case 'earning':
      return detail === null ? 'Earning' : `Earning: ${detail}`;
    case 'loan_disbursement':
      return detail === null ? 'Loan disbursed' : `Loan disbursed: ${detail}`;
    case 'loan_payment':
      return detail === null ? 'Loan repaid early' : `Loan instalment ${detail} paid`;
    case 'deposit_refund':
      return `Taken back for reversed deposit ${detail ?? ''}`.trimEnd();
    default:
      return 'Loyalty points redeemed';
  }
}

/**
 * How many rows the filter keeps, as one expression. Without dates it is exact and costs a few indexed
 * rows: the deposits and withdrawals counted on their member index, the entries from the running
 * totals (decision 038). With dates it is counted up to `cap` rows (a bounded count), so a page never
 * counts a member's whole history.
 */
function countSql(filter: ActivityFilter, bound: Bound): SQL {
  const { userId, cap } = bound;
  if (!filter.from && !filter.until) {
    const parts: SQL[] = [];
    if (wanted(filter, 'deposit')) parts.push(sql`(select count(*) from deposits where user_id = ${userId})`);
    if (wanted(filter, 'withdrawal'))
      parts.push(sql`(select count(*) from withdrawals where user_id = ${userId})`);
    const kinds = ENTRY_TYPES.filter((kind) => wanted(filter, kind));
    if (kinds.length > 0)
      parts.push(sql`(select coalesce(sum(t.entries), 0) from ledger_account_totals t
        join ledger_accounts a on a.id = t.account_id
        where a.user_id = ${userId} and a.kind = 'cash' and ${inLiterals(sql`t.entry_kind`, kinds)})`);
    return sql`(${sql.join(parts, sql` + `)})`;
  }
  return sql`(select count(*) from (select 1 from (${sql.join(countedBranches(filter, bound), sql` union all `)}) t limit ${cap}) c)`;
}

/**
 * The rows of each branch that a bounded count needs: the same filter, order and cut as `branches`,
 * through the same indexes, without the columns a page shows (no posting summed per entry).
 */
function countedBranches(filter: ActivityFilter, bound: Bound): SQL[] {
  const { userId, cap } = bound;
  const parts: SQL[] = [];
  for (const [type, table] of [
    ['deposit', sql`deposits`],
    ['withdrawal', sql`withdrawals`],
  ] as const) {
    if (!wanted(filter, type)) continue;
    parts.push(sql`(select 1 from ${table} where user_id = ${userId}${branchRange(sql`created_at`, sql`id`, type, filter, bound)}
      order by created_at desc, id desc limit ${cap})`);
  }
  for (const kind of ENTRY_TYPES) {
    if (!wanted(filter, kind)) continue;
    parts.push(sql`(select 1 from ledger_entries
      where user_id = ${userId} and kind = ${textLiteral(kind)}${branchRange(sql`created_at`, sql`id`, kind, filter, bound)}
      order by created_at desc, id desc limit ${cap})`);
  }
  return parts;
}

interface ActivityRowSql {
  type: ActivityType;
  /** ISO 8601 text (`ISO_INSTANT`). */
  date: string;
  sort_id: unknown;
  amount: unknown;
  status: string | null;
  detail: string | null;
  reference: string | null;
  total: unknown;
}

/**
 * A row's instant as the API writes it, `Date.prototype.toISOString`'s text (UTC, milliseconds, the
 * microseconds cut as a JavaScript Date cuts them), written by the database in the page's projection:
 * a page's ten or twenty instants are neither parsed into Dates nor written out again in JavaScript.
 * The rows are still ordered by the instant itself, not by this text.
 */
const ISO_INSTANT = sql`to_char(u.date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A page's statement: the branches merged in the list's order, cut to the page, with the list's count
 * as a column (one round trip, decision 135); 0 when the caller does not need it. An entry's amount
 * is its cash amount, kept on the entry by the ledger (its postings to the member's cash account,
 * summed; decision 140): a page reads no postings.
 */
function pageSql(filter: ActivityFilter, bound: Bound): SQL {
  const union = sql.join(branches(filter, bound), sql` union all `);
  const total = filter.withoutTotal ? sql`0::bigint` : countSql(filter, bound);
  return sql`select u.type, ${ISO_INSTANT} as date, u.sort_id, u.amount, u.status, u.detail, u.reference,
          ${total} as total
        from (${union}) u
        order by u.date desc, u.rank, u.sort_id desc limit ${bound.limit} offset ${bound.offset}`;
}

/** A page's values in a batched statement: the columns of the batch's row for that page. */
const BATCHED: Bound = {
  userId: sql`b.user_id`,
  take: sql`b.take`,
  cap: sql`b.cap`,
  limit: sql`b.page_limit`,
  offset: sql`b.page_offset`,
  from: sql`b.from_at`,
  until: sql`b.until_at`,
};

/** A batch's values, one array a column (a page a row): the arrays' texts, or placeholders. */
export interface BatchArrays {
  userIds: unknown;
  takes: unknown;
  caps: unknown;
  limits: unknown;
  offsets: unknown;
  froms: unknown;
  untils: unknown;
}

const BATCH_PLACEHOLDERS: BatchArrays = {
  userIds: sql.placeholder('userIds'),
  takes: sql.placeholder('takes'),
  caps: sql.placeholder('caps'),
  limits: sql.placeholder('limits'),
  offsets: sql.placeholder('offsets'),
  froms: sql.placeholder('froms'),
  untils: sql.placeholder('untils'),
};

/**
 * The pages of several requests of one filter shape in one statement (decision 144): a row of values
 * per page, each page `pageSql`'s union and count for that row's member (a lateral join), its rows
 * tagged with the page's ordinal `i`. A page without rows still answers one row, its count and
 * `type` null. `offset 0` keeps the count a subquery of its own, counted once a page: without it the
 * planner pulled the count up into the join's output and counted again for every row of the page
 * (20 times for a page of 20; `EXPLAIN ANALYZE` showed loops=160 for 8 pages).
 */
export function batchSql(filter: ActivityFilter, arrays: BatchArrays = BATCH_PLACEHOLDERS): SQL {
  const union = sql.join(branches(filter, BATCHED), sql` union all `);
  const total = filter.withoutTotal ? sql`0::bigint` : countSql(filter, BATCHED);
  return sql`select b.i, c.total, p.type, p.iso as date, p.sort_id, p.amount, p.status, p.detail, p.reference
        from unnest(${arrays.userIds}::int[], ${arrays.takes}::int[], ${arrays.caps}::int[],
          ${arrays.limits}::int[], ${arrays.offsets}::int[], ${arrays.froms}::timestamptz[],
          ${arrays.untils}::timestamptz[])
          with ordinality as b(user_id, take, cap, page_limit, page_offset, from_at, until_at, i)
        cross join lateral (select ${total} as total offset 0) c
        left join lateral (select u.type, u.date, ${ISO_INSTANT} as iso, u.rank, u.sort_id, u.amount,
            u.status, u.detail, u.reference
          from (${union}) u
          order by u.date desc, u.rank, u.sort_id desc limit b.page_limit offset b.page_offset) p on true
        order by b.i, p.date desc, p.rank, p.sort_id desc`;
}

type BatchedRowSql = { i: unknown; total: unknown } & {
  [K in keyof Omit<ActivityRowSql, 'total'>]: ActivityRowSql[K] | null;
};

interface PageRead {
  rows: ActivityRowSql[];
  total: unknown;
}

/** The key of one page's read: its values, which the loader takes apart again for the statement. */
function pageKey(bound: Bound): string {
  return [
    bound.userId,
    bound.take,
    bound.cap,
    bound.limit,
    bound.offset,
    bound.from ?? '',
    bound.until ?? '',
  ].join('|');
}

/** The filter's shape: which branches and conditions its statement has (not its values). */
function shapeOf(filter: ActivityFilter): string {
  return [
    filter.type ?? 'all',
    filter.from ? 'from' : '',
    filter.until ? 'until' : '',
    filter.withoutTotal ? 'nototal' : '',
  ]
    .filter(Boolean)
    .join('.');
}

/**
 * At most 16 pages a statement, 4 statements at once. Larger batches made the API and PostgreSQL take
 * turns (50 pages waited for one statement, then PostgreSQL waited for 50 answers): on the large-data
 * database, batches of 64 answered 4,860–5,334 requests/s and batches of 12–16 5,684–6,895, the same
 * hour (decision 144).
 */
const PAGE_BATCHING = { maxInFlight: 4, maxBatch: 16 };

/**
 * The batch loader of a filter shape per database handle: pages asked for together (the requests that
 * arrived in one turn of the event loop) are read by one statement, as token reads are (decision 006).
 */
const pageLoader = preparedPerDbAndKey((db: DbOrTx, shape: string) => {
  const [type, ...flags] = shape.split('.');
  const filter: ActivityFilter = {
    userId: 0,
    type: type === 'all' ? undefined : (type as ActivityType),
    from: flags.includes('from') ? new Date(0) : undefined,
    until: flags.includes('until') ? new Date(0) : undefined,
    limit: 0,
    offset: 0,
    withoutTotal: flags.includes('nototal'),
  };
  const read = preparedQuery<BatchedRowSql>(`activity_batch_${shape.replaceAll('.', '_')}`, () =>
    batchSql(filter),
  );
  return createBatchLoader<string, PageRead>(
    async (keys) => {
      const values = keys.map((key) => key.split('|'));
      const column = (at: number) => wholeNumbers(values.map((parts) => Number(parts[at])));
      const instants = (at: number) =>
        isoInstants(values.map((parts) => (parts[at] ? new Date(parts[at]) : undefined)));
      const rows = await read(db, {
        userIds: column(0),
        takes: column(1),
        caps: column(2),
        limits: column(3),
        offsets: column(4),
        froms: instants(5),
        untils: instants(6),
      });
      const pages = new Map<string, PageRead>();
      for (const row of rows) {
        const key = keys[num(row.i) - 1]!;
        let page = pages.get(key);
        if (!page) {
          page = { rows: [], total: row.total };
          pages.set(key, page);
        }
        if (row.type !== null) page.rows.push(row as ActivityRowSql);
      }
      return pages;
    },
    {
      ...PAGE_BATCHING,
      copy: (page) => ({ rows: page.rows.map((row) => ({ ...row })), total: page.total }),
    },
  );
});

/** Where a row stands in the list's order (date, type, id): the keyset of the batch after it. */
export function activityCursor(row: ActivityRow): ActivityCursor {
  return { date: new Date(row.date), rank: TYPE_RANK[row.type], sortId: row.sortId };
}

/**
 * One page of a member's movements, newest first: deposits and withdrawals (with their status), and
 * the ledger entries of kind earning, points_conversion, loan_disbursement, loan_payment and
 * deposit_refund that moved the cash account (an entry's postings to it summed: an instalment pays principal and interest). `total` is
 * exact without a date filter; with one it counts at most ACTIVITY_COUNT_PAGES_AHEAD pages past this one.
 */
export async function listActivity(
  db: DbOrTx,
  filter: ActivityFilter,
): Promise<{ rows: ActivityRow[]; total: number }> {
  const take = filter.offset + filter.limit;
  const bound: Bound = {
    userId: filter.userId,
    take,
    cap: take + filter.limit * ACTIVITY_COUNT_PAGES_AHEAD,
    limit: filter.limit,
    offset: filter.offset,
    from: filter.from?.toISOString() ?? null,
    until: filter.until?.toISOString() ?? null,
  };
  // A page of the list is read with the pages other requests asked for at the same time, by a
  // statement prepared once per filter shape; the export's keyset batches (a cursor in every
  // statement) are built each time.
  let rows: ActivityRowSql[];
  let counted: unknown;
  if (filter.after) {
    rows = await queryRows<ActivityRowSql>(db, pageSql(filter, bound));
    counted = rows[0]?.total;
    if (counted === undefined && !filter.withoutTotal)
      counted = (await queryRows<{ n: unknown }>(db, sql`select ${countSql(filter, bound)} as n`))[0]?.n;
  } else {
    const page = await pageLoader(db, shapeOf(filter))(pageKey(bound));
    rows = page?.rows ?? [];
    counted = page?.total;
  }
  return {
    rows: rows.map((row) => {
      const sortId = num(row.sort_id);
      return {
        id: `${ENTRY_TYPE_SET.has(row.type) ? 'entry' : row.type}:${sortId}`,
        type: row.type,
        date: row.date,
        amount: num(row.amount),
        points: row.type === 'points_conversion' && row.detail !== null ? Number(row.detail) : null,
        status: row.status ?? 'completed',
        description: describeActivity(row.type, row.detail, row.reference),
        sortId,
      };
    }),
    total: num(counted ?? 0),
  };
}
