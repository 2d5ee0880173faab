import { randomBytes } from 'node:crypto';
import { migrateDatabase, openDatabase, type Database } from '@app/db';

/** Which database the API suite runs on: the vitest project sets TEST_DB (pglite | postgres). */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

/** An empty PostgreSQL database of its own (nothing migrated), dropped by `drop`. */
export async function createEmptyPostgresDatabase(
  prefix = 'test',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ driver: 'postgres', url: POSTGRES_ADMIN_URL, poolSize: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

/** A freshly migrated database of its own for one test file (CONVENTIONS §10). */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB === 'pglite') {
    const database = await openDatabase({ driver: 'pglite', dataDir: null });
    await migrateDatabase(database);
    return { database, drop: () => database.close() };
  }
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ driver: 'postgres', url: empty.url, poolSize: 10 });
  await migrateDatabase(database);
  return {
    database,
    drop: async () => {
      await database.close();
      await empty.drop();
    },
  };
}
