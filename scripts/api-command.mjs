// How the API process is started, by `npm start` (scripts/start.mjs) and by the e2e suite, the
// benchmarks (e2e/support/product.ts) and the start-up test, so that what is tested and measured is what
// runs: the JavaScript built ahead by scripts/build-api.mjs (built again first when its sources changed),
// or, in development (`watch`), the TypeScript sources under tsx's watch mode (decision 100).

import { ensureApiBuild } from './build-api.mjs';

// --max-semi-space-size=64: V8's young generation may grow to 64 MB a half instead of 16. An API
// server makes short-lived garbage on every request; with the small default it scavenged so often
// that GET /api/me spent 10–20 % more CPU a request (decision 006); resident memory under load did not
// grow measurably (bench/RESULTS.md).
// Once the process is idle, the server gives that young generation back within seconds
// (apps/api/src/lib/idle-memory.ts, decision 137).
export const API_NODE_FLAGS = ['--max-semi-space-size=64'];

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
