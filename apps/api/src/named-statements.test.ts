import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@app/db';
import { namingClient } from '@app/db/named-statements';
import { queryRows } from './ledger/sql';

// Decision 132, on PostgreSQL only (vitest.config.ts): PGlite prepares its statements its own way.
const url = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const opened: Database[] = [];
async function open(namedStatements?: boolean): Promise<Database> {
  const database = await openDatabase({
    driver: 'postgres',
    url,
    poolSize: 1,
    ...(namedStatements === undefined ? {} : { namedStatements }),
  });
  opened.push(database);
  return database;
}
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
});

/** The statements this connection (a pool of one) keeps prepared, as the server lists them. */
async function prepared(database: Database): Promise<string[]> {
  const rows = await queryRows<{ statement: string }>(
    database.db,
    sql`select statement from pg_prepared_statements where statement like ${'%marker_%'} and statement not like ${'%pg_prepared_statements%'} order by statement`,
  );
  return rows.map((row) => row.statement);
}

describe('named prepared statements on PostgreSQL', () => {
  it('prepares a parameterised statement once and answers each call with its own values', async () => {
    const database = await open();
    const twice = async (value: number) =>
      queryRows<{ n: number }>(database.db, sql`select ${value}::int * 2 as n, 'marker_a' as marker`);
    expect(await twice(1)).toEqual([{ n: 2, marker: 'marker_a' }]);
    expect(await twice(21)).toEqual([{ n: 42, marker: 'marker_a' }]);
    await queryRows(database.db, sql`select ${'x'}::text as v, 'marker_b' as marker`);
    // One statement per text, kept by the server for this connection.
    expect(await prepared(database)).toEqual([
      "select $1::int * 2 as n, 'marker_a' as marker",
      "select $1::text as v, 'marker_b' as marker",
    ]);
  });

  it('keeps statements without parameters (transactions, several statements at once) unprepared', async () => {
    const database = await open();
    await database.exec("select 'marker_c'; select 'marker_d'");
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select ${5}::int as five, 'marker_e' as marker`);
    });
    expect(await prepared(database)).toEqual(["select $1::int as five, 'marker_e' as marker"]);
  });

  it('keeps one generic plan per statement (decision 135), and leaves the setting alone when off', async () => {
    const setting = async (database: Database) =>
      (
        await queryRows<{ mode: string }>(
          database.db,
          sql`select current_setting(${'plan_cache_mode'}) as mode, 'marker_g' as marker`,
        )
      )[0]?.mode;
    expect(await setting(await open())).toBe('force_generic_plan');
    expect(await setting(await open(false))).toBe('auto');
  });

  it('prepares nothing when turned off (a pooler in transaction mode)', async () => {
    const database = await open(false);
    await queryRows(database.db, sql`select ${1}::int as one, 'marker_f' as marker`);
    expect(await prepared(database)).toEqual([]);
  });

  it('names at most its cap of distinct texts; the others run unnamed', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1, Client: namingClient(pg.Client, 1) });
    try {
      await pool.query({ text: "select $1::int as a, 'marker_g' as marker", values: [1] });
      const other = await pool.query({ text: "select $1::int as b, 'marker_h' as marker", values: [2] });
      expect(other.rows).toEqual([{ b: 2, marker: 'marker_h' }]);
      const { rows } = await pool.query<{ statement: string }>(
        "select statement from pg_prepared_statements where statement like '%marker_g%' or statement like '%marker_h%'",
      );
      expect(rows.map((row) => row.statement)).toEqual(["select $1::int as a, 'marker_g' as marker"]);
    } finally {
      await pool.end();
    }
  });
});
