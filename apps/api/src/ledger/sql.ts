import { sql, type Query, type SQL, type SQLWrapper } from 'drizzle-orm';
import { preparedPerDb, type DbOrTx } from '@app/db';

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

/** What a Drizzle database handle keeps to prepare a statement (drizzle-orm 0.45, both drivers). */
interface PreparingHandle {
  dialect: { sqlToQuery(query: SQL): Query };
  session: {
    prepareQuery(
      query: Query,
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(values: Record<string, unknown>): Promise<unknown> };
  };
}

/**
 * A raw statement with `sql.placeholder`s, built once and prepared under `name` per database handle,
 * then run with the placeholders' values: Drizzle does not build its text again for every request
 * (decision 135). Answers its rows, as queryRows does.
 */
export function preparedQuery<T>(
  name: string,
  build: () => SQL,
): (db: DbOrTx, values: object) => Promise<T[]> {
  const perDb = preparedPerDb((db) => {
    const handle = db as unknown as PreparingHandle;
    return handle.session.prepareQuery(handle.dialect.sqlToQuery(build()), undefined, name, false);
  });
  return async (db, values) => {
    const result = await perDb(db).execute(values as Record<string, unknown>);
    return (result as { rows: T[] }).rows;
  };
}
