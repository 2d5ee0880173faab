import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FastPGliteClient } from './pglite-fast';

const pg = new PGlite();
const fast = new FastPGliteClient(pg);

beforeAll(async () => {
  await pg.exec(`
    create table items (
      id serial primary key,
      name text not null unique,
      amount bigint not null,
      ok boolean,
      meta jsonb,
      at timestamptz,
      tags text[]
    );`);
});
afterAll(() => pg.close());

describe('FastPGliteClient', () => {
  it('answers data statements exactly as PGlite’s own query does, in both row modes', async () => {
    const insert = `insert into items (name, amount, ok, meta, at, tags) values ($1, $2, $3, $4, $5, $6) returning *`;
    const at = new Date('2026-11-23T10:00:00.000Z');
    const inserted = await fast.query(insert, [
      'a',
      9_007_199_254_740_991,
      true,
      { x: [1, 'y'] },
      at,
      ['p', 'q'],
    ]);
    expect(inserted.affectedRows).toBe(1);
    expect(inserted.rows).toEqual([
      {
        id: 1,
        name: 'a',
        amount: 9_007_199_254_740_991,
        ok: true,
        meta: { x: [1, 'y'] },
        at,
        tags: ['p', 'q'],
      },
    ]);
    await fast.query(insert, ['b', -5, null, null, null, null]);
    const select = 'select * from items where amount < $1 order by id';
    for (const rowMode of ['object', 'array'] as const) {
      const mine = await fast.query(select, [100], { rowMode });
      const theirs = await pg.query(select, [100], { rowMode });
      expect(mine.rows).toEqual(theirs.rows);
      expect(mine.fields).toEqual(theirs.fields);
    }
  });

  it('sends a parameter of a type without a serializer as PGlite does (its text), a bigint included', async () => {
    const text = 'select $1::numeric as a, $2::uuid as b';
    const params = [10n, { toString: () => '0c8d7b6a-1f2e-4d3c-9b8a-7f6e5d4c3b2a' }];
    expect((await fast.query(text, params)).rows).toEqual((await pg.query(text, params)).rows);
  });

  it('honours the caller’s serializers', async () => {
    const text = 'select $1::int4 as n';
    const options = { serializers: { 23: () => '7' } };
    expect((await fast.query(text, [1], options)).rows).toEqual((await pg.query(text, [1], options)).rows);
  });

  it('uses the caller’s parsers (Drizzle reads timestamps as text)', async () => {
    const result = await fast.query<{ at: unknown }>('select at from items where name = $1', ['a'], {
      parsers: { 1184: (value: string) => `raw:${value}` },
    });
    expect(String(result.rows[0]?.at)).toMatch(/^raw:2026-11-23 10:00:00/);
  });

  it('counts the rows an update or delete touched', async () => {
    const updated = await fast.query('update items set amount = amount + $1 where amount < $2', [1, 100]);
    expect(updated.affectedRows).toBe(1);
    const none = await fast.query('delete from items where name = $1', ['nobody']);
    expect(none.affectedRows).toBe(0);
  });

  it('raises PostgreSQL’s error with its SQLSTATE and constraint, and stays usable after it', async () => {
    const duplicate = fast.query('insert into items (name, amount) values ($1, $2)', ['a', 1]);
    await expect(duplicate).rejects.toMatchObject({ code: '23505', constraint: 'items_name_key' });
    const count = await fast.query<{ n: number }>('select count(*)::int as n from items where name = $1', [
      'a',
    ]);
    expect(count.rows[0]?.n).toBe(1);
  });

  it('rolls a failed transaction back and commits a good one', async () => {
    await expect(
      fast.transaction(async (tx) => {
        await tx.query('insert into items (name, amount) values ($1, $2)', ['t1', 1]);
        await tx.query('insert into items (name, amount) values ($1, $2)', ['a', 1]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await fast.transaction(async (tx) => {
      await tx.query('insert into items (name, amount) values ($1, $2)', ['t2', 2]);
    });
    const names = await fast.query<{ name: string }>('select name from items where name like $1', ['t%']);
    expect(names.rows.map((row) => row.name)).toEqual(['t2']);
  });

  it('keeps a transaction isolated from queries sent while it runs', async () => {
    let outside: Promise<unknown> | undefined;
    await fast.transaction(async (tx) => {
      await tx.query('update items set amount = $1 where name = $2', [1000, 'b']);
      outside = fast.query('select amount from items where name = $1', ['b']);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await tx.query('update items set amount = $1 where name = $2', [2000, 'b']);
    });
    // The outside read waited for the transaction: it sees the committed value, never the middle one.
    expect(await outside).toMatchObject({ rows: [{ amount: 2000 }] });
  });

  it('closes the least recently used statements beyond its limit and still answers every one', async () => {
    for (let i = 0; i < 300; i += 1) {
      const result = await fast.query<{ v: number }>(`select $1::int + ${i} as v`, [1]);
      expect(result.rows[0]?.v).toBe(i + 1);
    }
    const prepared = await pg.query<{ n: number }>(
      `select count(*)::int as n from pg_prepared_statements where name like 'fast_%'`,
    );
    expect(prepared.rows[0]?.n).toBeLessThanOrEqual(256);
    expect((await fast.query<{ v: number }>('select $1::int + 0 as v', [41])).rows[0]?.v).toBe(41);
  });

  it('prepares again when the table changed shape under a prepared statement', async () => {
    const select = 'select * from items where name = $1';
    expect(Object.keys((await fast.query<object>(select, ['a'])).rows[0] ?? {})).not.toContain('extra');
    await pg.exec('alter table items add column extra text');
    const after = await fast.query<{ extra: unknown }>(select, ['a']);
    expect(after.rows[0]).toHaveProperty('extra', null);
  });

  it('hands statements other than data statements to PGlite', async () => {
    await fast.query('create table other (id int)');
    const result = await fast.query<{ n: number }>('select count(*)::int as n from other');
    expect(result.rows[0]?.n).toBe(0);
  });

  // Last: its statements would count against the limit checked above.
  it('gives two clients on one database statements of their own', async () => {
    const other = new FastPGliteClient(pg);
    const text = 'select count(*)::int as n from items where amount > $1';
    expect((await other.query(text, [0])).rows).toEqual((await fast.query(text, [0])).rows);
    expect((await other.query('select $1::int as x', [3])).rows).toEqual([{ x: 3 }]);
  });
});
