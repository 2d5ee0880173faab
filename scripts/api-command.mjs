// How the API process is started, by `npm start` (scripts/start.mjs) and by the e2e suite and the
// benchmarks (e2e/support/product.ts), so that what is tested and measured is what runs.
//
// --max-semi-space-size=64: V8's young generation may grow to 64 MB a half instead of 16. An API
// server makes short-lived garbage on every request; with the small default it scavenged so often
// that GET /api/me spent 10–20 % more CPU a request (decision 006); resident memory under load did not
// grow measurably (bench/RESULTS.md).
export const API_NODE_FLAGS = ['--max-semi-space-size=64'];

/** Node's arguments for the API: flags, the TypeScript loader, `--watch` in development, the entry. */
export function apiNodeArgs({ watch = false, extraFlags = [] } = {}) {
  return [
    ...API_NODE_FLAGS,
    ...extraFlags,
    '--import',
    'tsx',
    ...(watch ? ['--watch'] : []),
    'apps/api/src/server.ts',
  ];
}
