import { getTableColumns, sql, type SQL, type SQLWrapper, type Table } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';

/** Rows of a raw SQL query; both drivers (PGlite, node-postgres) answer with `rows`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * `column in ('a', 'b')` with the values written into the statement's text, not bound. Every statement
 * runs with a generic plan (decision 135), made before any value is known: a partial index whose
 * predicate names values (`where status in ('active', 'locked')`) is out of its reach when the query
 * binds them, and the planner reads the table another way (decision 139). For the code's own constants
 * only (a status, a kind), never for input.
 */
export function inLiterals(column: SQLWrapper, values: readonly string[]): SQL {
  if (values.length === 0) throw new Error('inLiterals: no values');
  return sql`${column} in (${sql.join(values.map(textLiteral), sql`, `)})`;
}

/** A text constant of the code written into the statement (see inLiterals), quoted. */
export function textLiteral(value: string): SQL {
  return sql.raw(`'${value.replaceAll("'", "''")}'`);
}

/**
 * Whole numbers (or nulls) as one bound parameter: the text of a PostgreSQL array, for the statement
 * to cast (`${wholeNumbers(ids)}::int[]`) and read with `unnest`. A set-based job passes its batch's
 * columns this way rather than as one JSON document: PostgreSQL reads 5,000 rows of six numbers from
 * arrays in about half the time it parses them from `jsonb` (decision 142).
 */
export function wholeNumbers(values: readonly (number | null)[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (value === null) parts[i] = 'NULL';
    else if (Number.isSafeInteger(value)) parts[i] = String(value);
    else throw new TypeError(`not a whole number: ${String(value)}`);
  }
  return `{${parts.join(',')}}`;
}

/** int8 and numeric come back as bigint or string depending on the driver: a number either way. */
export function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint' || typeof value === 'string') return Number(value);
  if (value === null || value === undefined) return 0;
  throw new TypeError(`not a number: ${typeof value}`);
}

type ColumnKey<T extends Table> = keyof T['$inferSelect'];

/**
 * Every column of `table` as the subquery `sq` (a select of that table's rows) answers it, each read
 * through the subquery's own fields (`sq.createdAt`), as Drizzle documents: for selecting a whole row
 * of a subquery beside other columns.
 */
export function subqueryColumns<T extends Table, S extends Record<ColumnKey<T>, unknown>>(
  sq: S,
  table: T,
): Pick<S, ColumnKey<T>> {
  return Object.fromEntries(
    Object.keys(getTableColumns(table)).map((key) => [key, sq[key as ColumnKey<T>]]),
  ) as Pick<S, ColumnKey<T>>;
}
