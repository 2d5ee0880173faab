import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@app/db';
import { queryRows } from '../src/ledger/sql';
import { createUser } from './accounts';
import { POSTGRES_ADMIN_URL, TEST_DB } from './db';
import { createTestApp } from './helpers';
import { closeTestApps } from './open-apps';

/** Whether PostgreSQL still lists the database `name`. */
async function databaseExists(name: string): Promise<boolean> {
  const admin = await openDatabase({ driver: 'postgres', url: POSTGRES_ADMIN_URL, poolSize: 1 });
  try {
    const rows = await queryRows<{ n: unknown }>(
      admin.db,
      sql`select count(*) as n from pg_database where datname = ${name}`,
    );
    return Number(rows[0]?.n) === 1;
  } finally {
    await admin.close();
  }
}

/**
 * What the worker's next file could see of a database an app used: PostgreSQL closes and drops it
 * ('closed'); PGlite hands it on reset to the template (decision 247): no member, no balance.
 */
async function leftForTheNextFile(
  database: Database,
): Promise<'closed' | { members: number; balances: number }> {
  try {
    const [row] = await queryRows<{ members: number; balances: number }>(
      database.db,
      sql`select (select count(*) from users)::int as members,
        (select coalesce(sum(abs(balance)), 0) from ledger_accounts)::int as balances`,
    );
    return row ?? 'closed';
  } catch {
    return 'closed';
  }
}
const released = TEST_DB === 'postgres' ? 'closed' : { members: 0, balances: 0 };

// test/setup.ts runs closeTestApps after every API test file. An app built inside a test used to
// register an afterAll that vitest never called: its database stayed behind, its ledger unchecked.
describe('closeTestApps', () => {
  it('checks, closes and drops an app that was built inside a test', async () => {
    const { app } = await createTestApp();
    await createUser(app);
    const [current] = await queryRows<{ name: string }>(
      app.deps.database.db,
      sql`select current_database() as name`,
    );
    const name = current?.name ?? '';
    if (TEST_DB === 'postgres') expect(await databaseExists(name)).toBe(true);
    await closeTestApps();
    expect(await leftForTheNextFile(app.deps.database)).toEqual(released);
    if (TEST_DB === 'postgres') expect(await databaseExists(name)).toBe(false);
  });

  it('fails when the ledger of an app left open is broken, and still closes it', async () => {
    const { app } = await createTestApp();
    // A platform account's cached balance moved behind the ledger's back.
    await app.deps.database.db.execute(
      sql`update ledger_accounts set balance = balance + 1
          where id = (select min(id) from ledger_accounts where user_id is null)`,
    );
    await expect(closeTestApps()).rejects.toThrow(/ledger check failed/);
    expect(await leftForTheNextFile(app.deps.database)).toEqual(released);
  });

  it('leaves an app its test closed alone', async () => {
    const { app, close } = await createTestApp();
    await createUser(app);
    await close();
    await expect(closeTestApps()).resolves.toBeUndefined();
    expect(await leftForTheNextFile(app.deps.database)).toEqual(released);
  });
});
