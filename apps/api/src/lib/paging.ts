import { and, desc, eq, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { compileRowMapping, memberListTotals, preparedPerDbAndKey, type DbOrTx } from '@app/db';

/** A member list counts its rows up to this many pages past the one asked for (decision 039). */
export const COUNT_PAGES_AHEAD = 10;

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
 * index, with the list's length in the same statement (one round trip, decision 135): the kept length
 * of the list (KEPT_LISTS), else the rows counted at most COUNT_PAGES_AHEAD pages past this one.
 */
export async function selectMemberPage<Table extends MemberTable>(
  db: DbOrTx,
  table: Table,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ rows: Table['$inferSelect'][]; total: number }> {
  const offset = (page - 1) * perPage;
  const values = { userId, limit: perPage, offset, cap: offset + perPage * (COUNT_PAGES_AHEAD + 1) };
  const { page: pageStatement, total } = memberPageStatements(db, table);
  const found = await pageStatement.execute(values);
  // The rows of a whole-table select are the table's `$inferSelect`, which the return type states.
  const rows = found.map((item) => item.row as Table['$inferSelect']);
  if (found[0]) return { rows, total: found[0].total };
  // A page past the end has no row to carry the length: it is read alone.
  const [alone] = await total.execute(values);
  return { rows, total: alone?.n ?? 0 };
}

/** A member list's two statements, built and prepared once per database handle (decision 135). */
function buildMemberPage(db: DbOrTx, table: MemberTable) {
  const userId = sql.placeholder('userId');
  const where = eq(table.userId, userId);
  const list = getTableName(table);
  const total = KEPT_LISTS.has(list)
    ? sql<number>`coalesce((select ${memberListTotals.rows} from ${memberListTotals}
        where ${and(eq(memberListTotals.userId, userId), eq(memberListTotals.list, list))}), 0)`
    : sql<number>`(select count(*) from (select 1 from ${table} where ${where}
        limit ${sql.placeholder('cap')}) capped)`;
  // Drizzle cannot type `from()` over a generic table, so the query is typed for any table.
  const anyTable: PgTable = table;
  return {
    page: compileRowMapping(
      db
        .select({ row: anyTable, total: total.mapWith(Number) })
        .from(anyTable)
        .where(where)
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`member_page_${list}`),
    ),
    total: db
      .select({ n: total.mapWith(Number) })
      .from(sql`(select 1) one`)
      .prepare(`member_page_total_${list}`),
  };
}

const memberPageStatements = preparedPerDbAndKey(buildMemberPage);

/**
 * Member lists whose length member_list_totals keeps (decision 134): their rows are rewritten often
 * (the accrual writes every plan every day), so even a bounded count would visit a page of the table
 * for every plan, which costs more the longer the history.
 */
const KEPT_LISTS = new Set(['user_plans']);

/** Rows a page of an admin queue, unless the request asks for another number. */
export const ADMIN_QUEUE_PAGE_SIZE = 20;
