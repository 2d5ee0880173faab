import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The `sort` of an admin list ("name" ascending, "-name" descending) over a whitelist of columns;
 * anything else falls back to `fallback`. The id breaks ties so pages never overlap.
 */
export function orderOf(
  sort: string | undefined,
  columns: Record<string, PgColumn>,
  fallback: SQL[],
  id: PgColumn,
): SQL[] {
  if (!sort) return fallback;
  const descending = sort.startsWith('-');
  const name = descending ? sort.slice(1) : sort;
  // The list's own columns only: "__proto__" or "constructor" are not columns (they were a 500).
  const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
  if (!column) return fallback;
  return [descending ? desc(column) : asc(column), descending ? desc(id) : asc(id)];
}

/** `%text%` for ILIKE with the pattern characters of the text escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
