import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  adminQueueTotals,
  deposits,
  loanApplications,
  preparedPerDbAndKey,
  users,
  withdrawals,
  type DbOrTx,
} from '@app/db';
import {
  centsToMajor,
  type AdminQueue,
  type QueueFilters,
  type QueueMemberSummary,
  type QueueTotals,
} from '@app/shared';
import { AppError } from '../../../errors';
import { COUNT_PAGES_AHEAD } from '../../../lib/paging';
import { dayAfter, dayStart, isoDate } from '../../../lib/iso-date';
import { queryRows } from '../../../ledger/sql';
import { createBatchLoader } from '../../../lib/batch-loader';

/**
 * The shared reads of the three approval queues (issue 15 item 2, decisions 125–126 and 166): filtered
 * pages oldest first, the queue's running totals and the member beside an item. Who decided an item
 * comes from the audit module (lastDecision); deciding is decision-flow.ts.
 */

/** A queue's table: members' requests with an amount, a status and a creation time. */
export interface QueueTable {
  table: PgTable;
  id: PgColumn;
  userId: PgColumn;
  status: PgColumn;
  amount: PgColumn;
  createdAt: PgColumn;
  /** A request's own reference, which `q` also finds (the one a member quotes on a bank transfer). */
  reference?: PgColumn;
}

/** The three queues' tables (deposits: the bank transfers are picked with `method`). */
export const depositsQueue: QueueTable = {
  table: deposits,
  id: deposits.id,
  userId: deposits.userId,
  status: deposits.status,
  amount: deposits.amount,
  createdAt: deposits.createdAt,
  reference: deposits.reference,
};
export const withdrawalsQueue: QueueTable = {
  table: withdrawals,
  id: withdrawals.id,
  userId: withdrawals.userId,
  status: withdrawals.status,
  amount: withdrawals.amount,
  createdAt: withdrawals.createdAt,
};
export const applicationsQueue: QueueTable = {
  table: loanApplications,
  id: loanApplications.id,
  userId: loanApplications.userId,
  status: loanApplications.status,
  amount: loanApplications.amountRequested,
  createdAt: loanApplications.createdAt,
};

const MEMBER_MATCH_LIMIT = 20;

/**
 * The members `q` names: an id, or an email, username or referral code written exactly (any case).
 * Each is an indexed lookup (users primary key, users_email_unique, users_username_unique,
 * users_referral_code_unique).
 */
export async function membersMatching(db: DbOrTx, q: string): Promise<number[]> {
  const text = q.trim();
  const lower = text.toLowerCase();
  const conditions: SQL[] = [
    sql`lower(${users.email}) = ${lower}`,
    sql`lower(${users.username}) = ${lower}`,
    eq(users.referralCode, text.toUpperCase()),
    eq(users.referralCode, text),
  ];
  if (/^\d{1,9}$/.test(text)) conditions.push(eq(users.id, Number(text)));
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(or(...conditions))
    .limit(MEMBER_MATCH_LIMIT);
  return rows.map((row) => row.id);
}

/** The WHERE of a filtered queue page (extra: a queue's own condition, e.g. the deposit method). */
export async function queueWhere(
  db: DbOrTx,
  queue: QueueTable,
  filters: QueueFilters<string>,
  extra: SQL[] = [],
): Promise<SQL | undefined | 'nothing'> {
  const conditions: SQL[] = [...extra];
  if (filters.status) conditions.push(eq(queue.status, filters.status));
  if (filters.q) {
    const ids = await membersMatching(db, filters.q);
    // The deposit's reference, as the member quotes it (deposits_reference_unique).
    const byReference = queue.reference ? eq(queue.reference, filters.q.trim().toUpperCase()) : undefined;
    if (ids.length === 0 && !byReference) return 'nothing';
    const byMember = ids.length > 0 ? inArray(queue.userId, ids) : undefined;
    conditions.push(byMember && byReference ? or(byMember, byReference)! : (byMember ?? byReference)!);
  }
  if (filters.min_amount !== undefined) conditions.push(gte(queue.amount, filters.min_amount));
  if (filters.max_amount !== undefined) conditions.push(lte(queue.amount, filters.max_amount));
  if (filters.from) conditions.push(gte(queue.createdAt, dayStart(filters.from)));
  const until = filters.to ? dayAfter(filters.to) : undefined;
  if (until) conditions.push(lt(queue.createdAt, until));
  return conditions.length ? and(...conditions) : undefined;
}

interface QueueMember {
  id: number;
  username: string;
  email: string;
}

/**
 * A queue's page with the queue's totals, in one statement (one round trip, decision 135): pending
 * rows oldest first (the order they are worked in), any other view newest first, each with its
 * member, and beside them the queue's totals (queueTotalsColumns). For the whole pending queue (its
 * default view) the totals are the page count too; any other view counts its rows at most
 * COUNT_PAGES_AHEAD pages past this one (decision 039), so a page never counts the whole table.
 * `wholeQueue: false` when the filters are not the queue the totals keep (deposits of every method:
 * the totals count bank transfers).
 */
export async function selectQueuePageWithTotals<Row>(
  db: DbOrTx,
  name: AdminQueue,
  queue: QueueTable,
  filters: QueueFilters<string>,
  perPage: number,
  options: { extra?: SQL[]; totalsExtra?: SQL[]; wholeQueue?: boolean } = {},
): Promise<{ rows: { row: Row; member: QueueMember }[]; total: number; totals: QueueTotals }> {
  if (
    (options.wholeQueue ?? true) &&
    wholePendingQueue(filters) &&
    !filters.sort &&
    !options.extra?.length &&
    !options.totalsExtra?.length
  )
    return defaultQueuePage<Row>(db, name, queue, filters, perPage);
  const where = await queueWhere(db, queue, filters, options.extra ?? []);
  if (where === 'nothing') {
    const totals = await queueTotals(db, name, queue, options.totalsExtra);
    return { rows: [], total: 0, totals };
  }
  const whole = (options.wholeQueue ?? true) && wholePendingQueue(filters);
  const offset = (filters.page - 1) * perPage;
  const cap = offset + perPage * (COUNT_PAGES_AHEAD + 1);
  const counted = whole
    ? sql<number>`0`
    : sql<number>`(select count(*) from (${db
        .select({ one: sql`1` })
        .from(queue.table)
        .where(where)
        .limit(cap)}) capped)`.mapWith(Number);
  // Pending items oldest first (the order they are worked in), any other status newest first,
  // unless the operator sorts by time or amount; ties in the id's order of the same direction.
  const sort = filters.sort ?? (filters.status === 'pending' ? 'created_at' : '-created_at');
  const order = sort.startsWith('-') ? desc : asc;
  const rows = await db
    .select({
      row: queue.table,
      member: { id: users.id, username: users.username, email: users.email },
      ...queueTotalsColumns(name, queue, options.totalsExtra),
      counted,
    })
    .from(queue.table)
    .innerJoin(users, eq(users.id, queue.userId))
    .where(where)
    .orderBy(order(sort.endsWith('amount') ? queue.amount : queue.createdAt), order(queue.id))
    .limit(perPage)
    .offset(offset);
  const first = rows[0];
  // A page past the end has no row to carry the totals: they are read alone.
  const totals = first ? toQueueTotals(first) : await queueTotals(db, name, queue, options.totalsExtra);
  const total = whole
    ? totals.pending_count
    : first
      ? first.counted
      : await countQueue(db, queue, where, cap);
  return {
    rows: rows.map(({ row, member }) => ({ row: row as Row, member })),
    total,
    totals,
  };
}

/**
 * A queue's default view (the whole pending queue, oldest first), the page every admin opens: its
 * statement prepared once per database handle, bound to the page's limit and offset (decision 135). The queue's totals are its count.
 */
async function defaultQueuePage<Row>(
  db: DbOrTx,
  name: AdminQueue,
  queue: QueueTable,
  filters: QueueFilters<string>,
  perPage: number,
): Promise<{ rows: { row: Row; member: QueueMember }[]; total: number; totals: QueueTotals }> {
  const rows = (await defaultQueueLoader(db, name)(`${perPage}|${(filters.page - 1) * perPage}`)) ?? [];
  const first = rows[0];
  const totals = first ? toQueueTotals(first) : await queueTotals(db, name, queue);
  return {
    rows: rows.map(({ row, member }) => ({ row: row as Row, member })),
    total: totals.pending_count,
    totals,
  };
}

function buildDefaultQueueStatement(db: DbOrTx, name: AdminQueue, queue: QueueTable) {
  return db
    .select({
      row: queue.table,
      member: { id: users.id, username: users.username, email: users.email },
      ...queueTotalsColumns(name, queue),
    })
    .from(queue.table)
    .innerJoin(users, eq(users.id, queue.userId))
    .where(eq(queue.status, 'pending'))
    .orderBy(asc(queue.createdAt), asc(queue.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`admin_queue_${name}`);
}

const QUEUE_TABLES: Record<AdminQueue, QueueTable> = {
  deposits: depositsQueue,
  withdrawals: withdrawalsQueue,
  loan_applications: applicationsQueue,
};
type DefaultQueueRows = Awaited<ReturnType<ReturnType<typeof buildDefaultQueueStatement>['execute']>>;

/**
 * The default view's reads per database handle and queue: admins who open the same page at the same
 * time (one turn of the event loop) share one execution of its statement, read after each of them
 * asked; each gets its own copy of the rows (decision 144). The
 * key is the page's limit and offset.
 */
const defaultQueueLoader = preparedPerDbAndKey((db: DbOrTx, name: AdminQueue) => {
  const statement = buildDefaultQueueStatement(db, name, QUEUE_TABLES[name]);
  return createBatchLoader<string, DefaultQueueRows>(
    async (keys) => {
      const pages = await Promise.all(
        keys.map((key) => {
          const [limit, offset] = key.split('|').map(Number);
          return statement.execute({ limit, offset });
        }),
      );
      return new Map(keys.map((key, at) => [key, pages[at]!]));
    },
    { maxInFlight: 4, maxBatch: 64, copy: structuredClone },
  );
});

/** The rows `where` keeps, counted up to `cap`. */
async function countQueue(db: DbOrTx, queue: QueueTable, where: SQL | undefined, cap: number) {
  const capped = db
    .select({ one: sql`1` })
    .from(queue.table)
    .where(where)
    .limit(cap)
    .as('capped');
  const [total] = await db.select({ n: count() }).from(capped);
  return total?.n ?? 0;
}

/**
 * True when the filters ask for a queue's whole pending list (no member, amount or date filter),
 * whose length admin_queue_totals keeps: the page then needs no count (the queue's default view).
 */
export function wholePendingQueue(filters: QueueFilters<string>): boolean {
  return (
    filters.status === 'pending' &&
    !filters.q &&
    filters.min_amount === undefined &&
    filters.max_amount === undefined &&
    !filters.from &&
    !filters.to
  );
}

/**
 * The whole pending queue as columns of a statement: count and amount from admin_queue_totals (kept
 * by triggers), the oldest item from the (status, created_at) index; two indexed reads, whatever the
 * queue's length.
 */
function queueTotalsColumns(name: AdminQueue, queue: QueueTable, extra: SQL[] = []) {
  const oldest = sql`(select floor(extract(epoch from ${queue.createdAt}) * 1000)::float8 from ${queue.table}
    where ${and(eq(queue.status, 'pending'), ...extra)} order by ${queue.createdAt} asc limit 1)`;
  return {
    pendingCount: sql<number>`(select ${adminQueueTotals.pendingCount} from ${adminQueueTotals}
      where ${adminQueueTotals.queue} = ${name})`.mapWith(Number),
    pendingAmount: sql<number>`(select ${adminQueueTotals.pendingAmount} from ${adminQueueTotals}
      where ${adminQueueTotals.queue} = ${name})`.mapWith(Number),
    oldestMs: sql<number | null>`${oldest}`.mapWith(Number),
  };
}

function toQueueTotals(row: {
  pendingCount: number | null;
  pendingAmount: number | null;
  oldestMs: number | null;
}) {
  const oldestMs = row.oldestMs ?? null;
  return {
    pending_count: row.pendingCount ?? 0,
    pending_amount: centsToMajor(row.pendingAmount ?? 0),
    oldest_pending_at: oldestMs === null ? null : isoDate(new Date(oldestMs)),
  };
}

/** The whole pending queue's totals alone (the overview, a page with no rows): one statement. */
export async function queueTotals(
  db: DbOrTx,
  name: AdminQueue,
  queue: QueueTable,
  extra: SQL[] = [],
): Promise<QueueTotals> {
  const [row] = await db.select(queueTotalsColumns(name, queue, extra)).from(sql`(select 1) one`);
  return row ? toQueueTotals(row) : toQueueTotals({ pendingCount: 0, pendingAmount: 0, oldestMs: null });
}

/**
 * The member beside a queue item: account state and money from the cached balances and the running
 * totals (one row per account kind), never from their history.
 */
export async function queueMemberSummary(db: DbOrTx, userId: number): Promise<QueueMemberSummary> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound('Member not found.');
  const rows = await queryRows<{ kind: string; balance: unknown; deposits: unknown; paid: unknown }>(
    db,
    sql`select a.kind, a.balance,
          (select t.total from ledger_account_totals t where t.account_id = a.id and t.entry_kind = 'deposit') as deposits,
          (select t.total from ledger_account_totals t where t.account_id = a.id and t.entry_kind = 'withdrawal_paid') as paid
        from ledger_accounts a where a.user_id = ${userId}`,
  );
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  const cents = (value: unknown) => Number(value ?? 0);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    status: user.status,
    email_verified: user.emailVerifiedAt !== null,
    created_at: user.createdAt.toISOString(),
    balance: centsToMajor(cents(byKind.get('cash')?.balance)),
    invested: centsToMajor(cents(byKind.get('invested')?.balance)),
    withdrawal_hold: centsToMajor(cents(byKind.get('withdrawal_hold')?.balance)),
    loan_outstanding: centsToMajor(-cents(byKind.get('loan')?.balance)),
    refund_debt: centsToMajor(-cents(byKind.get('debt')?.balance)),
    total_deposit: centsToMajor(cents(byKind.get('cash')?.deposits)),
    total_withdrawn: centsToMajor(-cents(byKind.get('withdrawal_hold')?.paid)),
  };
}

/** The usernames of these users (the admins named on queue items, e.g. a first approver), by id. */
export async function usernamesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.username]));
}
