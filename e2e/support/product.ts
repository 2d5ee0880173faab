import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiCommand } from '../../scripts/api-command.mjs';

export const ROOT = join(import.meta.dirname, '..', '..');

/**
 * `count` distinct free ports: each listener stays open until all are known, so two products started
 * at the same time cannot be handed the same port.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  try {
    return await Promise.all(
      servers.map(
        (server) =>
          new Promise<number>((resolve, reject) => {
            server.once('error', reject);
            server.listen(0, '127.0.0.1', () => {
              const address = server.address();
              resolve(typeof address === 'object' && address ? address.port : 0);
            });
          }),
      ),
    );
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

export interface RunningProduct {
  url: string;
  /** The product process's id (its memory is read from /proc/<pid>/status by bench/memory.ts). */
  pid: number;
  /** Milliseconds from spawn to the first 200 from /readyz. */
  readyMs: number;
  /** The product's embedded data folder (its PGlite lives in `pglite/` inside). */
  dataDir: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Ends the process; `beforeCleanup` runs once it has exited, before its data is removed. */
  stop(options?: { beforeCleanup?: () => Promise<void> }): Promise<void>;
}

/** How long a start may take: PRODUCT_READY_SECONDS on a crowded machine (the demo seed is CPU work). */
const READY_SECONDS = Number(process.env.PRODUCT_READY_SECONDS ?? 120);

async function waitReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_SECONDS * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output()}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The server was not ready within ${READY_SECONDS} s:\n${output()}`);
}

/**
 * The real product as `npm start` runs it (apps/api/src/server.ts serving the built web app), in its
 * own process on a free port and a fresh temporary DATA_DIR, with the development tools on. Used by the
 * e2e suite and the benchmarks; `env` adds or overrides variables (DATABASE_URL for PostgreSQL), and a
 * variable given as `undefined` is removed (`LOG_LEVEL: undefined` runs the product's default level).
 * What the process prints goes to a file, as a log collector would take it, not through a pipe this
 * process must read (with the access log on, that reading took CPU from the product under load).
 */
export async function startProduct(
  env: Record<string, string | undefined> = {},
  /** `sources`: the TypeScript sources under tsx, as `npm start` ran before the compiled build. */
  options: { sources?: boolean; port?: number } = {},
): Promise<RunningProduct> {
  const port = options.port ?? (await freePorts(1))[0] ?? 0;
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'product-data-'));
  const logDir = mkdtempSync(join(tmpdir(), 'product-log-'));
  const logFile = join(logDir, 'output.log');
  const logFd = openSync(logFile, 'a');
  const log = () => readFileSync(logFile, 'utf8');
  const started = Date.now();
  // PRODUCT_NODE_ARGS: extra Node flags for the product process, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
  const nodeArgs = (process.env.PRODUCT_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // As `npm start` runs it (scripts/api-command.mjs), with the test variables below and `env` over them.
  const api = apiCommand({
    extraFlags: nodeArgs,
    sources: options.sources === true,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      DEV_TOOLS: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const child = spawn(api.command, api.args, {
    cwd: ROOT,
    env: withoutUndefined(api.env),
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  try {
    await waitReady(url, child, log);
  } catch (error) {
    // Not ready (exited, or too slow): the process is ended and its folders removed, and the readiness
    // error (with the output) is what the caller sees. A child still creating its database ends on its
    // own once its folder is gone.
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    for (const dir of [dataDir, logDir]) {
      try {
        rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        // Left in the temporary folder: the error above matters more.
      }
    }
    throw error;
  }
  return {
    url,
    pid: child.pid ?? 0,
    readyMs: Date.now() - started,
    dataDir,
    output: log,
    stop: async (options) => {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        if (child.exitCode !== null) resolve(undefined);
        else child.once('exit', resolve);
        setTimeout(resolve, 10_000);
      });
      await options?.beforeCleanup?.();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}

function withoutUndefined(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
