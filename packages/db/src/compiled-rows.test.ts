import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { compileRowMapping, jsonRow, rowCopy } from './compiled-rows';

const owners = pgTable('owners', { id: serial('id').primaryKey(), name: text('name').notNull() });
const pets = pgTable('pets', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id').notNull(),
  bornAt: timestamp('born_at', { withTimezone: true }),
  note: text('note'),
});

const client = new PGlite();
const db = drizzle({ client });
await client.exec(`
  create table owners (id serial primary key, name text not null);
  create table pets (id serial primary key, owner_id int not null, born_at timestamptz, note text);
  insert into owners (name) values ('with a pet'), ('without');
  insert into pets (owner_id, born_at, note) values (1, '2026-11-23 10:00:00.123+00', null);`);
afterAll(() => client.close());

/** The same select twice: one mapped by Drizzle, one by the compiled mapping. */
function both<T>(build: (name: string) => { execute: () => Promise<T> }) {
  return Promise.all([build('drizzle_mapped').execute(), compileRowMapping(build('compiled')).execute()]);
}

describe('compileRowMapping', () => {
  it('answers the rows Drizzle answers: nesting, decoders, a left-joined table with no row as null', async () => {
    const [drizzleRows, compiledRows] = await both((name) =>
      db
        .select({ owner: owners, pet: pets, petCount: sql<number>`1`.mapWith(Number) })
        .from(owners)
        .leftJoin(pets, eq(pets.ownerId, owners.id))
        .orderBy(owners.id)
        .prepare(name),
    );
    expect(compiledRows).toEqual(drizzleRows);
    expect(compiledRows[0]?.pet?.bornAt).toEqual(new Date('2026-11-23T10:00:00.123Z'));
    expect(compiledRows[1]?.pet).toBeNull();
  });

  it('follows Drizzle when a joined object holds an SQL expression beside its columns', async () => {
    const [drizzleRows, compiledRows] = await both((name) =>
      db
        .select({ owner: owners, pet: { id: pets.id, shout: sql<string>`upper(${pets.note})` } })
        .from(owners)
        .leftJoin(pets, eq(pets.ownerId, owners.id))
        .orderBy(owners.id)
        .prepare(name),
    );
    expect(compiledRows).toEqual(drizzleRows);
    expect(compiledRows[1]?.pet).toBeNull();
  });

  it('maps any key the code selects as written, and refuses __proto__', async () => {
    const odd = 'a "quoted"\nkey\\ }); throw 1; ({';
    const [drizzleRows, compiledRows] = await both((name) =>
      db
        .select({ [odd]: owners.name, nested: { [odd]: owners.id } })
        .from(owners)
        .orderBy(owners.id)
        .prepare(name),
    );
    expect(compiledRows).toEqual(drizzleRows);
    expect(compiledRows[0]).toEqual({ [odd]: 'with a pet', nested: { [odd]: 1 } });
    const proto = JSON.parse('{"__proto__": null}') as Record<string, unknown>;
    proto.__proto__ = owners.name;
    expect(() =>
      compileRowMapping(
        db
          .select(proto as never)
          .from(owners)
          .prepare('proto'),
      ),
    ).toThrow(/__proto__/);
  });

  it('refuses what it cannot map the same way', () => {
    const raw = db
      .select({ n: sql`1` })
      .from(owners)
      .prepare('raw');
    compileRowMapping(raw);
    expect(() => compileRowMapping(raw)).toThrow(/not a prepared select/);
  });
});

const mood = pgEnum('mood', ['calm', 'busy']);
const things = pgTable('things', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id').notNull(),
  label: text('label'),
  count: bigint('count', { mode: 'number' }),
  ready: boolean('ready'),
  mood: mood('mood'),
  seenAt: timestamp('seen_at', { withTimezone: true }),
  amount: numeric('amount'),
  extra: jsonb('extra'),
  localAt: timestamp('local_at'),
});
await client.exec(`
  create type mood as enum ('calm', 'busy');
  create table things (id serial primary key, owner_id int not null, label text, count bigint,
    ready boolean, mood mood, seen_at timestamptz, amount numeric, extra jsonb, local_at timestamp);
  insert into things (owner_id, label, count, ready, mood, seen_at) values
    (1, e'a "quoted" \\\\ label\\nwith a line, ünïcödé and 💶', 9007199254740991, true, 'busy',
      '2026-11-23 10:00:00.123999+00'),
    (1, '', -1, false, 'calm', '1999-12-31 23:59:59.5+00'),
    (1, null, null, null, null, null);`);

describe('jsonRow', () => {
  const selection = {
    owner: owners,
    thing: {
      id: things.id,
      label: things.label,
      count: things.count,
      ready: things.ready,
      mood: things.mood,
      seenAt: things.seenAt,
    },
    figures: sql<unknown>`json_build_array(${things.count}, 'x')`,
  };
  const select = (json: boolean, name: string) =>
    db
      .select(json ? jsonRow(selection) : selection)
      .from(owners)
      .leftJoin(things, eq(things.ownerId, owners.id))
      .orderBy(owners.id, things.id)
      .prepare(name);

  it('answers the rows of the same selection of columns: text, numbers, booleans, enums, times, nulls, a missing join', async () => {
    // A session time zone other than UTC: the JSON form of a timestamp carries the offset, as the text.
    for (const zone of ['UTC', 'Asia/Kolkata']) {
      await client.exec(`set time zone '${zone}'`);
      const columns = await select(false, `columns_${zone}`.replace('/', '_')).execute();
      const rows = await compileRowMapping(select(true, `json_${zone}`.replace('/', '_'))).execute();
      expect(rows).toEqual(columns);
      expect(rows).toHaveLength(4);
      expect(rows[0]?.thing).toEqual({
        id: 1,
        label: 'a "quoted" \\ label\nwith a line, ünïcödé and 💶',
        count: 9007199254740991,
        ready: true,
        mood: 'busy',
        seenAt: new Date('2026-11-23T10:00:00.123Z'),
      });
      expect(rows[0]?.figures).toEqual([9007199254740991, 'x']);
      expect(rows[2]?.thing).toEqual({
        id: 3,
        label: null,
        count: null,
        ready: null,
        mood: null,
        seenAt: null,
      });
      // The owner without things: the left-joined object is null, as Drizzle answers it.
      expect(rows[3]?.thing).toBeNull();
      expect(rows[3]?.owner).toEqual({ id: 2, name: 'without' });
    }
    await client.exec(`set time zone 'UTC'`);
  });

  it('refuses columns whose JSON form reads otherwise, and expressions with a decoder', () => {
    expect(() => jsonRow({ amount: things.amount })).toThrow(/amount is a PgNumeric/);
    expect(() => jsonRow({ extra: things.extra })).toThrow(/extra is a PgJsonb/);
    expect(() => jsonRow({ at: { local: things.localAt } })).toThrow(/at.local is a PgTimestamp/);
    expect(() => jsonRow({ n: sql<number>`count(*)`.mapWith(Number) })).toThrow(/with a decoder/);
    expect(() => jsonRow({})).toThrow(/1 to 100/);
  });

  it('copies a row for a further reader: equal, and sharing no object, Date or array with it (rowCopy)', async () => {
    for (const json of [true, false]) {
      const prepared = compileRowMapping(select(json, `copied_${json}`));
      const rows = await prepared.execute();
      const copy = rowCopy(prepared);
      for (const row of rows) {
        const copied = copy(row);
        expect(copied).toStrictEqual(row);
        expect(copied).not.toBe(row);
        expect(copied.owner).not.toBe(row.owner);
        if (row.thing) expect(copied.thing).not.toBe(row.thing);
        else expect(copied.thing).toBeNull();
        if (row.thing?.seenAt) expect(copied.thing?.seenAt).not.toBe(row.thing.seenAt);
        expect(copied.figures).not.toBe(row.figures);
      }
      // A change to one reader's row is not seen by the other's.
      const [first] = rows;
      const copied = first ? copy(first) : undefined;
      copied?.thing?.seenAt?.setTime(0);
      (copied?.figures as unknown[] | undefined)?.push('more');
      expect(first?.thing?.seenAt).toEqual(new Date('2026-11-23T10:00:00.123Z'));
      expect(first?.figures).toEqual([9007199254740991, 'x']);
    }
    expect(() => rowCopy(select(true, 'not_compiled'))).toThrow(/has not mapped/);
  });

  it('cannot be mapped by Drizzle itself', async () => {
    await expect(select(true, 'json_by_drizzle').execute()).rejects.toThrow(/mapped by compileRowMapping/);
  });
});
