import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '@app/db';
import { PGLITE_SHARED_BUFFERS_MB } from '../src/config';
import { readTemplateState, resetToTemplate, type TemplateState } from './template-reset';

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
  /** Copy this database (its name) instead of starting empty. */
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ driver: 'postgres', url: POSTGRES_ADMIN_URL, poolSize: 1 });
  await admin.exec(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
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

/** What this run's global setup made (test/global-setup.ts), or undefined when it made none. */
function provided<K extends 'pgliteTemplateFile' | 'pgliteEmptyFile' | 'postgresTemplateUrl'>(
  key: K,
): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined; // outside a vitest worker
  }
}

/**
 * An in-memory PGlite with nothing migrated, for a test that migrates it itself: the run's dump of a
 * cluster fresh from initdb (test/global-setup.ts), or initdb here when the run made none.
 */
export async function openEmptyPglite(): Promise<Database> {
  const file = provided('pgliteEmptyFile');
  return openDatabase({
    driver: 'pglite',
    dataDir: null,
    ...(file ? { loadDataDir: new Blob([readFileSync(file)]) } : {}),
  });
}

/**
 * A PostgreSQL database of its own, dropped by `drop`: a copy of the run's migrated template
 * (`migrated`), or an empty one for the caller to migrate when the run made no template.
 */
export async function createPostgresCopy(prefix = 'test') {
  const templateUrl = provided('postgresTemplateUrl');
  const copy = await createEmptyPostgresDatabase(
    prefix,
    templateUrl ? new URL(templateUrl).pathname.slice(1) : undefined,
  );
  return { ...copy, migrated: templateUrl !== undefined };
}

let pgliteTemplate: Blob | undefined;
/** The template's rows and catalog, read from this worker's first copy (template-reset.ts). */
let templateState: TemplateState | undefined;
/** A database the worker's previous file used, reset to the template's state, for the next file. */
let idle: Database | undefined;
let resetting = false;

/** An in-memory PGlite: a copy of the run's template, or migrated here when there is none. */
export async function openPgliteCopy(): Promise<Database> {
  const file = provided('pgliteTemplateFile');
  if (file) pgliteTemplate ??= new Blob([readFileSync(file)]);
  const database = await openDatabase({
    driver: 'pglite',
    dataDir: null,
    // The product's page cache, not PostgreSQL's 128 MB: each file's database opened in about 0.7 of the time.
    sharedBuffersMb: PGLITE_SHARED_BUFFERS_MB,
    ...(pgliteTemplate ? { loadDataDir: pgliteTemplate } : {}),
  });
  if (!pgliteTemplate) await migrateDatabase(database);
  else templateState ??= await readTemplateState(database);
  return database;
}

/**
 * Hands a file's PGlite database on to the worker's next file, reset to the template's state
 * (decision 247), or closes it: when another is already waiting, when there is no template, or when
 * the reset cannot undo what the file did.
 */
async function putBack(database: Database): Promise<void> {
  const template = templateState;
  // One reset at a time: two drops at once (or one during an open) must not both fill the one slot.
  if (!idle && !resetting && template) {
    resetting = true;
    try {
      if (await resetToTemplate(database, template).catch(() => false)) {
        idle = database;
        return;
      }
    } finally {
      resetting = false;
    }
  }
  await database.close().catch(() => {}); // a file may have closed it already
}

/**
 * A freshly migrated database of its own for one test file (CONVENTIONS §10): a copy of the run's
 * migrated template (PGlite: its dumped data directory, or the worker's previous file's database reset
 * to the template's state; PostgreSQL: CREATE DATABASE … TEMPLATE). The template was migrated by this
 * run from these migrations, so the copy is not migrated again (the migrator's no-op pass cost about a
 * second a file); without a template (a file run outside the suite's projects) the database is
 * migrated here. `drop` ends the file's use of the database: nothing may use it after.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (TEST_DB === 'pglite') {
    const waiting = idle;
    idle = undefined; // taken before the open below, which a drop may fill the slot during
    const database = waiting ?? (await openPgliteCopy());
    let dropped = false;
    return {
      database,
      drop: async () => {
        if (dropped) return;
        dropped = true;
        await putBack(database);
      },
    };
  }
  const copy = await createPostgresCopy();
  const database = await openDatabase({ driver: 'postgres', url: copy.url, poolSize: 10 });
  if (!copy.migrated) await migrateDatabase(database);
  return {
    database,
    drop: async () => {
      await database.close().catch(() => {}); // a file may have closed it already
      await copy.drop();
    },
  };
}
