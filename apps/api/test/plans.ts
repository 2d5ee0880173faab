import { sql, TransactionRollbackError, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '@app/db';
import { queryRows } from '../src/ledger/sql';

/** A bound value written as an SQL literal (a test's own numbers, texts and instants). */
function literal(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (value instanceof Date) return `'${value.toISOString()}'`;
  throw new TypeError(`genericPlanOf: a parameter it cannot write: ${typeof value}`);
}

let probes = 0;
/** Drizzle's documented way to see a statement's text and parameters. */
const dialect = new PgDialect();

/**
 * The plan the product runs a statement with. Its connections plan each statement once, before any
 * value is known (`plan_cache_mode = force_generic_plan`, decision 135), so a plan read with
 * `EXPLAIN <statement with values>` (a custom plan) can differ from it: a partial index whose predicate
 * names a bound value is out of a generic plan's reach (decision 139). This prepares the statement and
 * explains its execution under the same setting. The test tables are small, so sequential scans are
 * ruled out to see the plan the planner has for a large table. With `analyze` the statement runs, and
 * the plan shows how often each node ran.
 */
export async function genericPlanOf(
  database: Database,
  build: (tx: Tx) => SQLWrapper,
  /**
   * `analyze`: run it too (`EXPLAIN ANALYZE`), for the rows and loops of each node. `asConfigured`:
   * plan it as the connection is configured, with sequential scans allowed (the plan the product
   * really gets), instead of forcing a generic plan without them.
   */
  options: { analyze?: boolean; asConfigured?: boolean } = {},
): Promise<string> {
  let plan = '';
  // Rolled back: with `analyze` the statement runs, and a probe must not change what the test sees.
  await database.db
    .transaction(async (tx) => {
      const query = dialect.sqlToQuery(build(tx).getSQL());
      const name = `plan_probe_${(probes += 1)}`;
      if (!options.asConfigured) {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      }
      await tx.execute(sql.raw(`prepare ${name} as ${query.sql}`));
      const values = query.params.map(literal).join(', ');
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql.raw(
          `explain ${options.analyze ? '(analyze, costs off, timing off) ' : ''}execute ${name}${values ? `(${values})` : ''}`,
        ),
      );
      await tx.execute(sql.raw(`deallocate ${name}`));
      plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return plan;
}

/**
 * The rows each node of an `EXPLAIN ANALYZE` plan that reads `index` went through: those it returned
 * and those its filter removed (one number per such node).
 */
export function readThrough(plan: string, index: string): number[] {
  return plan
    .split(/\n(?=\s*->)/)
    .filter((node) => node.includes(index))
    .map(
      (node) =>
        Number(/actual rows=(\d+)/.exec(node)?.[1] ?? 0) +
        Number(/Rows Removed by Filter: (\d+)/.exec(node)?.[1] ?? 0),
    );
}
