import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startProduct as startProcess, type RunningProduct } from '../../e2e/support/product';
export { ROOT } from '../../e2e/support/product';

/** A product process with the database it runs on: DATABASE_URL ('' on PGlite). */
export interface RunningServer extends RunningProduct {
  databaseUrl: string;
}

export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The product in its own process (so the load generator does not share its event loop) on a fresh
 * database: embedded PGlite in a temporary DATA_DIR, or a new PostgreSQL database dropped afterwards.
 * Demo data off and the write rate limit out of the way.
 */
export async function startProduct(
  driver: 'pglite' | 'postgres',
  env: Record<string, string | undefined> = {},
): Promise<RunningServer> {
  const { default: pg } = await import('pg');
  const admin = async (sqlText: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    try {
      await client.query(sqlText);
    } finally {
      await client.end();
    }
  };
  let databaseUrl = '';
  let name = '';
  if (driver === 'postgres') {
    name = `bench_${Date.now().toString(36)}`;
    await admin(`CREATE DATABASE ${name}`);
    const target = new URL(POSTGRES_ADMIN_URL);
    target.pathname = `/${name}`;
    databaseUrl = target.toString();
  }
  const product = await startProcess({
    DATABASE_URL: databaseUrl,
    SEED_DEMO: '0',
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
    ...env,
  });
  return {
    ...product,
    databaseUrl,
    stop: async (options) => {
      await product.stop(options);
      if (name) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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

/** A baseline server from bench/ (a node:http script) running in its own process. */
export interface BaselineServer {
  url: string;
  pid: number;
  stop: () => void;
}

/**
 * Starts a bench/ node:http script (baseline-server.mjs, baseline-db-server.mjs), which prints the
 * port it listens on: the baselines a benchmark measures in the same run as the product (decision 006).
 */
export async function startBaseline(
  script: string,
  env: Record<string, string> = {},
): Promise<BaselineServer> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '..', script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  // The port it prints, or the reason it never will (it could not start, or ended first).
  const port = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`${script} ended before it listened (${signal ?? `exit ${code}`})`)),
    );
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    pid: child.pid ?? 0,
    stop: () => {
      child.kill('SIGTERM');
    },
  };
}
