import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema/index';
import { namingClient } from './named-statements';

export type Schema = typeof schema;
/** The one database type used by repositories: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository function takes either the database or an open transaction first (CONVENTIONS §2). */
export type DbOrTx = Db | Tx;

export type DatabaseOptions =
  | {
      driver: 'pglite';
      dataDir: string | null; // null: in memory
      /** PostgreSQL's shared_buffers inside PGlite's WASM heap, in MB (PostgreSQL's default, 128, when unset). */
      sharedBuffersMb?: number;
      /** An in-memory database started from this dump of a data directory (the test suite's template). */
      loadDataDir?: Blob;
    }
  | {
      driver: 'postgres';
      url: string;
      poolSize?: number;
      /**
       * How long a query waits for a pooled connection (all busy) or for a new one to open, in ms,
       * before it fails with an error `isDatabaseBusy` recognises (decision 210); none when unset.
       */
      waitMs?: number;
      /**
       * Parameterised statements as named prepared statements, parsed and planned once per connection
       * (decision 132). On unless false: turn off behind a pooler in transaction mode that cannot
       * keep them (PgBouncer before 1.21).
       */
      namedStatements?: boolean;
    };

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs a raw SQL text with no parameters (migrations of tests, maintenance). */
  exec(sqlText: string): Promise<void>;
  ping(): Promise<void>;
  /**
   * Runs `work` only if this process takes the PostgreSQL session advisory lock `key` (released after);
   * answers false without running it when another node holds the lock. On PGlite (one process, one
   * connection) an in-process lock stands in for it.
   */
  withAdvisoryLock(key: number, work: () => Promise<void>): Promise<boolean>;
  /**
   * PGlite only: a gzipped tarball of the data directory taken between two statements (after a
   * CHECKPOINT), a consistent copy while the process keeps serving (`npm run backup`). `'none'`: a
   * plain tarball, quicker to load (the API tests' template, decision 168).
   */
  dumpDataDir?: (compression?: 'gzip' | 'none') => Promise<Blob>;
  close(): Promise<void>;
}

/**
 * The errors node-postgres's pool gives when no connection came within `waitMs` (decision 210): all
 * busy, or a new one did not open. It sets no code, so its two messages are what is matched (a test
 * proves them against the real pool); Drizzle's wrapper keeps the pool's error as its `cause`.
 */
const NO_CONNECTION_IN_TIME = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);

/** True when `error` (or an error it wraps) is the pool giving up waiting for a connection. */
export function isDatabaseBusy(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (NO_CONNECTION_IN_TIME.has(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** In-process stand-in for advisory locks where there is one process (PGlite). */
function localLocks(): Database['withAdvisoryLock'] {
  const held = new Set<number>();
  return async (key, work) => {
    if (held.has(key)) return false;
    held.add(key);
    try {
      await work();
      return true;
    } finally {
      held.delete(key);
    }
  };
}

/**
 * The migrations beside this package's package.json, found through the package's own name, so that the
 * API bundled into apps/api/dist (decision 100) finds them as the sources do.
 */
export const migrationsFolder = join(
  dirname(createRequire(import.meta.url).resolve('@app/db/package.json')),
  'migrations',
);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.driver === 'pglite') {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    if (options.dataDir) await initPgliteDataDir(options.dataDir);
    const startParams = options.sharedBuffersMb
      ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffersMb}MB`]
      : undefined;
    // One options object: PGlite reads its second argument only when the first is a data directory,
    // so an in-memory database given (undefined, options) silently lost its template and settings.
    const client = new PGlite({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(startParams ? { startParams } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await client.waitReady;
    // Generic plans, as on PostgreSQL (decision 135): the plan chosen before any value is known is the
    // one the plan tests read, and it does not depend on statistics, which nothing keeps current in
    // PGlite (no autovacuum). A custom plan for a member's long history, without statistics, read all
    // their entries to sort them where the generic plan reads one page through the ordered index.
    await client.exec('SET plan_cache_mode = force_generic_plan');
    const db = drizzle({ client, schema }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      exec: async (text) => {
        await client.exec(text);
      },
      ping: async () => {
        await client.query('select 1');
      },
      withAdvisoryLock: localLocks(),
      dumpDataDir: async (compression = 'gzip') => {
        await client.exec('CHECKPOINT');
        return client.dumpDataDir(compression);
      },
      close: () => client.close(),
    };
  }
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // bigint (int8) as JS number: every amount in cents stays far below 2^53 (1e14 at most).
  pg.default.types.setTypeParser(20, (value: string) => Number(value));
  const named = options.namedStatements !== false;
  const pool = new pg.default.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    ...(options.waitMs ? { connectionTimeoutMillis: options.waitMs } : {}),
    ...(named ? { Client: namingClient(pg.default.Client) } : {}),
  });
  // An idle pooled connection that the server closes (restart, failover, DROP … FORCE) emits 'error';
  // unhandled, it would end the process. The pool drops that client and the next query reconnects.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    exec: async (text) => {
      await pool.query(text);
    },
    ping: async () => {
      await pool.query('select 1');
    },
    withAdvisoryLock: async (key, work) => {
      const connection = await pool.connect();
      try {
        const { rows } = await connection.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [key],
        );
        if (!rows[0]?.locked) return false;
        try {
          await work();
          return true;
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Creates an embedded database in `dataDir` when there is none yet, in a child process that exits when
 * it is done. PGlite runs initdb in a second WASM instance whose memory (with the unpacked file system
 * it copies from) stays referenced by the database opened after it: about 800 MB resident for the
 * process's life instead of about 300 MB for a database opened from an existing directory, and freeing
 * it in the same process left most of it resident anyway (decision 105).
 */
export async function initPgliteDataDir(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  mkdirSync(dataDir, { recursive: true });
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
const db = new PGlite(process.argv[1]);
await db.waitReady;
await db.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, dataDir]);
}

/** Applies the committed migrations (drizzle-kit generated SQL) with the Drizzle migrator. */
/** Advisory lock key held while migrating, so nodes starting together migrate one at a time. */
const MIGRATION_LOCK_KEY = 0x6d696772; // 'migr'

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-argument -- the migrator wants the concrete driver type
    await migrate(database.db as any, { migrationsFolder });
    return;
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // Another node migrating holds the lock: wait for it, then run (its work makes ours a no-op).
  for (;;) {
    const ran = await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async () => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-argument -- the migrator wants the concrete driver type
      await migrate(database.db as any, { migrationsFolder });
    });
    if (ran) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Something built once per database (or transaction) handle and kept with it. For a prepared statement
 * (its main use) Drizzle skips rebuilding its SQL on each call, and node-postgres parses a named
 * statement once per connection; the member pages' batch loaders are kept the same way, one per
 * handle (decision 144).
 */
export function preparedPerDb<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const cache = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statement = cache.get(db);
    if (!statement) {
      statement = build(db);
      cache.set(db, statement);
    }
    return statement;
  };
}

/**
 * preparedPerDb for a family of statements, one per key (a table, a queue, a filter's shape): each
 * key's statement is built once per database handle.
 */
export function preparedPerDbAndKey<K, T>(build: (db: DbOrTx, key: K) => T): (db: DbOrTx, key: K) => T {
  const perKey = new Map<K, (db: DbOrTx) => T>();
  return (db, key) => {
    let forDb = perKey.get(key);
    if (!forDb) {
      forDb = preparedPerDb((handle) => build(handle, key));
      perKey.set(key, forDb);
    }
    return forDb(db);
  };
}
