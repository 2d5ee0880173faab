import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface RunningServer {
  url: string;
  /** Milliseconds from spawn to the first 200 from /readyz. */
  readyMs: number;
  /** Where the product keeps its data: the PGlite DATA_DIR, and DATABASE_URL ('' on PGlite). */
  dataDir: string;
  databaseUrl: string;
  /** Ends the process; `beforeCleanup` runs once it has exited, before its data is removed. */
  stop(options?: { beforeCleanup?: () => Promise<void> }): Promise<void>;
}

async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server not ready in 120 s:\n${log()}`);
}

/**
 * The real product as a separate process (so the load generator does not share its event loop), on a
 * fresh database: embedded PGlite in a temporary DATA_DIR, or a new PostgreSQL database.
 */
export async function startProduct(
  driver: 'pglite' | 'postgres',
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (driver === 'postgres') {
    const { default: pg } = await import('pg');
    const name = `bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(POSTGRES_ADMIN_URL);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  let log = '';
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      DEV_TOOLS: '1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitReady(url, child, () => log);
  const readyMs = Date.now() - started;
  return {
    url,
    readyMs,
    dataDir,
    databaseUrl,
    stop: async (options = {}) => {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        if (child.exitCode !== null) resolve(undefined);
        else child.once('exit', resolve);
        setTimeout(resolve, 10_000);
      });
      try {
        await options.beforeCleanup?.();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        await dropDatabase();
      }
    },
  };
}

/** True when PostgreSQL answers at the bench URL. */
export async function postgresAvailable(): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
