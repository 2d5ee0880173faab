import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@app/db';
import { queryRows } from '../src/ledger/sql';
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

// test/setup.ts runs closeTestApps after every API test file. An app built inside a test used to
// register an afterAll that vitest never called: its database stayed behind, its ledger unchecked.
describe('closeTestApps', () => {
  it('checks, closes and drops an app that was built inside a test', async () => {
    const { app } = await createTestApp();
    const [current] = await queryRows<{ name: string }>(
      app.deps.database.db,
      sql`select current_database() as name`,
    );
    const name = current?.name ?? '';
    if (TEST_DB === 'postgres') expect(await databaseExists(name)).toBe(true);
    await closeTestApps();
    await expect(app.deps.database.ping()).rejects.toThrow();
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
    await expect(app.deps.database.ping()).rejects.toThrow();
  });

  it('leaves an app its test closed alone', async () => {
    const { app, close } = await createTestApp();
    await close();
    await expect(closeTestApps()).resolves.toBeUndefined();
    await expect(app.deps.database.ping()).rejects.toThrow();
  });
});
