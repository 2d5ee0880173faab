import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '@app/db';
import { createEmptyPostgresDatabase } from './db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory, dumped (plain tarball): each test file's database starts from it. */
    pgliteTemplateFile: string;
    /** The same data directory before any migration: the migration tests' databases start from it. */
    pgliteEmptyFile: string;
    /** A migrated PostgreSQL database each test file's database is created from (CREATE DATABASE … TEMPLATE). */
    postgresTemplateUrl: string;
  }
}

/**
 * Once per run of an API project: one migrated database, which every test file clones instead of
 * creating and migrating its own (initdb in WASM alone took about 4 s a file on PGlite). A clone is
 * not migrated again (test/db.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.name === 'api:postgres') {
    const template = await createEmptyPostgresDatabase('test_template');
    const database = await openDatabase({ driver: 'postgres', url: template.url, poolSize: 2 }); // the migration lock holds one;
    await migrateDatabase(database);
    await database.close(); // a template must have no connection while it is copied
    project.provide('postgresTemplateUrl', template.url);
    return () => template.drop();
  }
  const database = await openDatabase({ driver: 'pglite', dataDir: null });
  // Uncompressed: gunzipping it again in every file cost about 0.5 s of CPU a file (decision 168).
  const dumped = async () => {
    const dump = await database.dumpDataDir!('none');
    const file = join(tmpdir(), `api-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  };
  // Before the migrations: a migration test loads it instead of running initdb (about 3 s a file).
  const empty = await dumped();
  let file: string;
  try {
    await migrateDatabase(database);
    file = await dumped();
  } catch (error) {
    rmSync(empty, { force: true }); // a migration failed: no run will read it
    throw error;
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplateFile', file);
  project.provide('pgliteEmptyFile', empty);
  return async () => {
    rmSync(file, { force: true });
    rmSync(empty, { force: true });
  };
}
