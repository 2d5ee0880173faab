import { and, count, desc, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { memberListTotals, type DbOrTx } from '@app/db';

/** A member list counts its rows up to this many pages past the one asked for (decision 039). */
export const COUNT_PAGES_AHEAD = 10;

/**
 * One page of a list: `query` (made `$dynamic()`, already filtered and ordered) cut to the page, and
 * the number of rows of `table` that `where` keeps, for the page count. With `bounded`, rows are
 * counted only up to COUNT_PAGES_AHEAD pages past this one, so a page never counts a whole history.
 */
async function selectPage<Query extends PgSelect>(
  db: DbOrTx,
  query: Query,
  { table, where, bounded = false }: { table: PgTable; where: SQL | undefined; bounded?: boolean },
  page: number,
  perPage: number,
) {
  const offset = (page - 1) * perPage;
  const rows = await query.limit(perPage).offset(offset);
  if (bounded) {
    const cap = offset + perPage * (COUNT_PAGES_AHEAD + 1);
    const capped = db
      .select({ one: sql`1` })
      .from(table)
      .where(where)
      .limit(cap)
      .as('capped');
    const [total] = await db.select({ n: count() }).from(capped);
    return { rows, total: total?.n ?? 0 };
  }
  const [total] = await db.select({ n: count() }).from(table).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** How many pages `total` rows fill, `perPage` a page; an empty list still has its one page. */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The `meta` of a paged list answer. */
export function pageMeta(page: number, perPage: number, total: number) {
  return { current_page: page, total_pages: pageCount(total, perPage), total };
}

/** A table of rows that belong to one member, each with its creation time. */
type MemberTable = PgTable & { id: PgColumn; userId: PgColumn; createdAt: PgColumn };

/**
 * One page of a member's rows of `table`, newest first, through the table's (user_id, created_at)
 * index; the total is the kept length of the list (KEPT_LISTS), else counted at most COUNT_PAGES_AHEAD
 * pages past this one.
 */
export async function selectMemberPage<Table extends MemberTable>(
  db: DbOrTx,
  table: Table,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ rows: Table['$inferSelect'][]; total: number }> {
  const where = eq(table.userId, userId);
  // Drizzle cannot type `from()` over a generic table, so the query is typed for any table; the rows of a
  // whole-table select are the table's `$inferSelect`, which the return type states.
  const anyTable: PgTable = table;
  const query = db.select().from(anyTable).where(where).orderBy(desc(table.createdAt), desc(table.id));
  const list = getTableName(table);
  if (!KEPT_LISTS.has(list))
    return selectPage(db, query.$dynamic(), { table, where, bounded: true }, page, perPage);
  const rows = await query.limit(perPage).offset((page - 1) * perPage);
  const [kept] = await db
    .select({ rows: memberListTotals.rows })
    .from(memberListTotals)
    .where(and(eq(memberListTotals.userId, userId), eq(memberListTotals.list, list)));
  return { rows, total: kept?.rows ?? 0 };
}

/**
 * Member lists whose length member_list_totals keeps (decision 134): their rows are rewritten often
 * (the accrual writes every plan every day), so even a bounded count would visit a page of the table
 * for every plan, which costs more the longer the history.
 */
const KEPT_LISTS = new Set(['user_plans']);

/** Rows a page of an admin queue, unless the request asks for another number. */
export const ADMIN_QUEUE_PAGE_SIZE = 20;
