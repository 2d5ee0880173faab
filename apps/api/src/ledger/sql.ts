import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';

/** Rows of a raw SQL query; both drivers (PGlite, node-postgres) answer with `rows`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** int8 and numeric come back as bigint or string depending on the driver: a number either way. */
export function num(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint' || typeof value === 'string') return Number(value);
  if (value === null || value === undefined) return 0;
  throw new TypeError(`not a number: ${typeof value}`);
}
