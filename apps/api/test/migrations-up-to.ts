import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder, type Db } from '@app/db';
import { openEmptyPglite } from './db';

/**
 * A copy of the migrations folder whose journal stops at `lastTag`: a test migrates a database to the
 * schema before a migration, writes rows as the older code did, then runs the rest
 * (migrationTestDatabase below, which removes the folder).
 */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/**
 * A migration's test database: an in-memory PGlite that `migrateBefore()` takes to the schema up to
 * `lastTag` (the one the older code wrote to) and `migrateRest()` takes the rest of the way. The
 * database and the folder are removed after the file.
 */
export async function migrationTestDatabase(lastTag: string) {
  const database = await openEmptyPglite();
  const older = migrationsUpTo(lastTag);
  afterAll(async () => {
    await database.close();
    rmSync(older, { recursive: true, force: true });
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator wants the concrete driver type
  const run = (folder: string) => migrate(database.db as any, { migrationsFolder: folder });
  const db: Db = database.db;
  return { db, migrateBefore: () => run(older), migrateRest: () => run(migrationsFolder) };
}
