import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import { compileRowMapping } from './compiled-rows';

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
