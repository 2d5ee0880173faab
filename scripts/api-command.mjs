// How the API process is started (Node flags, environment defaults, entry), by `npm start`
// (scripts/start.mjs) and by the e2e suite, the benchmarks (e2e/support/product.ts) and the start-up
// test, so that what is tested and measured is what runs: the JavaScript built ahead by
// scripts/build-api.mjs (built again first when its sources changed), or, in development (`watch`),
// the TypeScript sources under tsx's watch mode (decision 100).

import { ensureApiBuild } from './build-api.mjs';

// --max-semi-space-size=64: V8's young generation may grow to 64 MB a half instead of 16. An API
// server makes short-lived garbage on every request; with the small default it scavenged so often
// that GET /api/me spent 10–20 % more CPU a request (decision 006); resident memory under load did not
// grow measurably (bench/RESULTS.md).
// Once the process is idle, the server gives that young generation back within seconds
// (apps/api/src/lib/idle-memory.ts, decision 137).
export const API_NODE_FLAGS = ['--max-semi-space-size=64'];

/**
 * Environment defaults of the API process (decision 151). glibc reads them when the process starts,
 * so they are given at the spawn; the server cannot set them for itself. A value the operator set
 * wins; an empty value removes the variable (glibc's own behaviour, not a threshold of 0).
 *
 * MALLOC_MMAP_THRESHOLD_: glibc's malloc serves a block of at least 1 MiB with a mapping of its own,
 * given back to the system when the block is freed. By default the threshold moves: each such block
 * freed raises it to that block's size (up to 32 MiB), and later blocks below it come from malloc's
 * arenas, whose memory stays resident. On PGlite the process was 43–63 MB larger at rest and at its
 * peak with the moving threshold; GET /api/me's CPU a request on PostgreSQL was the same.
 * Ignored by other C libraries (musl), and by glibc in a process with raised privileges (setcap).
 */
export const API_ENV_DEFAULTS = { MALLOC_MMAP_THRESHOLD_: '1048576' };

/** The API process's environment: the defaults above under `env`. */
export function apiEnv(env = process.env) {
  const merged = { ...API_ENV_DEFAULTS, ...env };
  for (const name of Object.keys(API_ENV_DEFAULTS)) if (merged[name] === '') delete merged[name];
  return merged;
}

/**
 * Node's arguments for the API: flags, then the built server (built first when missing or stale), or in
 * development tsx with `--watch` on the sources. `sources` without `watch`: the TypeScript sources
 * compiled at run time, as `npm start` ran them before the compiled build (bench/startup.ts measures
 * that start beside the compiled one).
 */
export function apiNodeArgs({ watch = false, sources = false, extraFlags = [] } = {}) {
  const entry =
    watch || sources
      ? ['--import', 'tsx', ...(watch ? ['--watch'] : []), 'apps/api/src/server.ts']
      : [ensureApiBuild()];
  return [...API_NODE_FLAGS, ...extraFlags, ...entry];
}

/**
 * What `npm start` runs for the API (scripts/start.mjs), and the e2e suite, the benchmarks and the
 * start-up test with it: Node, its arguments and its environment.
 */
export function apiCommand({ watch = false, sources = false, extraFlags = [], env = process.env } = {}) {
  return { command: process.execPath, args: apiNodeArgs({ watch, sources, extraFlags }), env: apiEnv(env) };
}
