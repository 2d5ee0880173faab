import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { memberListTotals, preparedPerDbAndKey, type DbOrTx } from '@app/db';
import { wholeNumbers } from '../ledger/sql';
import { createBatchLoader } from './batch-loader';

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
export type MemberTable = PgTable & { id: PgColumn; userId: PgColumn; createdAt: PgColumn };

/**
 * One page of a member's rows of `table`, newest first, through the table's (user_id, created_at)
 * index, with the list's length: the kept length of the list (KEPT_LISTS), else the rows counted at
 * most COUNT_PAGES_AHEAD pages past this one. Pages of one list asked for together (the requests
 * that arrived in one turn of the event loop) are read by one statement (decision 144).
 */
export async function selectMemberPage<Table extends MemberTable>(
  db: DbOrTx,
  table: Table,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ rows: Table['$inferSelect'][]; total: number }> {
  const offset = (page - 1) * perPage;
  const cap = offset + perPage * (COUNT_PAGES_AHEAD + 1);
  const read = await memberPageLoader(db, table)(`${userId}|${perPage}|${offset}|${cap}`);
  // The rows of a whole-table select are the table's `$inferSelect`, which the return type states.
  return { rows: (read?.rows ?? []) as Table['$inferSelect'][], total: read?.total ?? 0 };
}

interface MemberPageRead {
  rows: unknown[];
  total: number;
}

/**
 * A member list's statement for a batch of pages, prepared once per database handle (decision 135):
 * a row of values per page (`unnest`), each page's length counted once (`offset 0` keeps the count a
 * subquery of its own, not one counted again for every row), and each page's
 * rows from a lateral select of the table under the table's own name, so the selection and order
 * name its columns as they would the table's. A page without rows still answers one row: its
 * length, and a row of nulls.
 */
export function memberPagesQuery(
  db: DbOrTx,
  table: MemberTable,
  arrays: MemberPageArrays = PAGE_PLACEHOLDERS,
) {
  const list = getTableName(table);
  const total = KEPT_LISTS.has(list)
    ? sql`coalesce((select ${memberListTotals.rows} from ${memberListTotals}
        where ${memberListTotals.userId} = b.batch_user and ${memberListTotals.list} = ${list}), 0)`
    : sql`(select count(*) from (select 1 from ${table} where ${table.userId} = b.batch_user
        limit b.batch_cap) capped)`;
  // The row's columns are named through the lateral select's alias, each decoded as its column;
  // Drizzle would refuse the table's own columns in a select whose FROM it did not build.
  const alias = sql.identifier(list);
  const row = Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [
      key,
      sql`${alias}.${sql.identifier(column.name)}`.mapWith(column),
    ]),
  );
  return db
    .select({
      i: sql<number>`b.batch_i`.mapWith(Number),
      total: sql<number>`c.batch_total`.mapWith(Number),
      row,
    })
    .from(
      sql`unnest(${arrays.userIds}::int[], ${arrays.limits}::int[], ${arrays.offsets}::int[],
          ${arrays.caps}::int[])
          with ordinality as b(batch_user, batch_limit, batch_offset, batch_cap, batch_i)
        cross join lateral (select ${total} as batch_total offset 0) c
        left join lateral (select * from ${table} where ${table.userId} = b.batch_user
          order by ${table.createdAt} desc, ${table.id} desc
          limit b.batch_limit offset b.batch_offset) as ${alias} on true`,
    )
    .orderBy(
      sql`b.batch_i`,
      sql`${alias}.${sql.identifier(table.createdAt.name)} desc`,
      sql`${alias}.${sql.identifier(table.id.name)} desc`,
    );
}

/** A batch's values, one array a column (a page a row): the arrays' texts, or placeholders. */
export interface MemberPageArrays {
  userIds: unknown;
  limits: unknown;
  offsets: unknown;
  caps: unknown;
}

const PAGE_PLACEHOLDERS: MemberPageArrays = {
  userIds: sql.placeholder('userIds'),
  limits: sql.placeholder('limits'),
  offsets: sql.placeholder('offsets'),
  caps: sql.placeholder('caps'),
};

const memberPageLoader = preparedPerDbAndKey((db: DbOrTx, table: MemberTable) => {
  const statement = memberPagesQuery(db, table).prepare(`member_pages_${getTableName(table)}`);
  return createBatchLoader<string, MemberPageRead>(
    async (keys) => {
      const columns: [number[], number[], number[], number[]] = [[], [], [], []];
      for (const key of keys) key.split('|').forEach((value, at) => columns[at]?.push(Number(value)));
      const found = await statement.execute({
        userIds: wholeNumbers(columns[0]),
        limits: wholeNumbers(columns[1]),
        offsets: wholeNumbers(columns[2]),
        caps: wholeNumbers(columns[3]),
      });
      const pages = new Map<string, MemberPageRead>();
      for (const { i, total, row } of found) {
        const key = keys[i - 1]!;
        let read = pages.get(key);
        if (!read) {
          read = { rows: [], total };
          pages.set(key, read);
        }
        // The row of nulls of a page without rows.
        if ((row as { id: unknown }).id !== null) read.rows.push(row);
      }
      return pages;
    },
    { maxInFlight: 4, maxBatch: 16, copy: structuredClone },
  );
});

/**
 * Member lists whose length member_list_totals keeps (decision 134): their rows are rewritten often
 * (the accrual writes every plan every day), so even a bounded count would visit a page of the table
 * for every plan, which costs more the longer the history.
 */
const KEPT_LISTS = new Set(['user_plans']);

/** Rows a page of an admin queue, unless the request asks for another number. */
export const ADMIN_QUEUE_PAGE_SIZE = 20;
