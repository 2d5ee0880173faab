// Where GET /api/me spends its CPU: the product as `npm start` runs it (defaults: the access log on) on
// PostgreSQL (or PGlite with PROFILE_DRIVER=pglite), under --cpu-prof, loaded like bench/me.ts; then the
// profile's self time summed by function and by package. Not a benchmark (nothing is written to
// RESULTS.md): the tool decision 107 used. `npx tsx bench/profile-me.ts`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { summariseProfile } from './lib/cpu-profile';
import type autocannon from 'autocannon';
import { ApiSession } from '../e2e/support/api-session';
import { load } from './lib/load';
import { startProduct } from './lib/server';

const driver = process.env.PROFILE_DRIVER === 'pglite' ? 'pglite' : 'postgres';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const profileDir = mkdtempSync(join(tmpdir(), 'me-profile-'));
process.env.PRODUCT_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
const server = await startProduct(driver, { LOG_LEVEL: undefined });
const requests: autocannon.Request[] = [];
for (let i = 0; i < 50; i += 1) {
  const session = new ApiSession(server.url);
  const { email, password } = await session.registerVerifiedMember('profile');
  await session.signIn(email, password);
  requests.push({
    method: 'GET',
    headers: { accept: 'application/json', authorization: session.authorization() },
  });
}
let connection = 0;
const setupClient = (client: autocannon.Client) => {
  const first = (connection += 1) % requests.length;
  client.setRequests([...requests.slice(first), ...requests.slice(0, first)]);
};
const result = await load({
  url: `${server.url}/api/me`,
  connections: 50,
  durationSeconds: seconds,
  setupClient,
});
console.log(
  `${driver}: ${result.requestsPerSecond} requests/s, p99 ${result.p99Ms} ms, non-2xx ${result.non2xx}`,
);
await server.stop();

summariseProfile(profileDir);
