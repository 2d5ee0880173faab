// The withdrawals approval queue (issue 15): GET /api/admin/withdrawals?status=pending, pages of 50,
// with 100,000 withdrawals in the table, on PostgreSQL, the product started as `npm start` starts it
// (defaults). Target: p99 under 50 ms. Writes the "Admin queue" section of bench/RESULTS.md.
//
// The table is filled with set-based SQL (generate_series) after the product has migrated its
// database: 2,000 members and 100,000 withdrawals over a year, 5% of them still pending, the rest
// approved or rejected. The queue's triggers keep admin_queue_totals as they would in production.
import { loadavg } from 'node:os';
import type autocannon from 'autocannon';
import { ApiSession } from '../e2e/support/api-session';
import { E2E_ADMIN } from '../e2e/support/constants';
import { load } from './lib/load';
import { writeSection } from './lib/results';
import { postgresAvailable, startProduct } from './lib/server';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WITHDRAWALS = Number(process.env.BENCH_WITHDRAWALS ?? 100_000);
const MEMBERS = 2_000;
const PENDING_SHARE = 0.05;
const PER_PAGE = 50;
/** Every EVERY-th withdrawal is still pending. */
const EVERY = Math.round(1 / PENDING_SHARE);
/** The operator walks the first pages of the queue (oldest first), as one works it. */
const PAGES = 5;
const TARGET_P99_MS = 50;

if (!(await postgresAvailable())) {
  console.error('PostgreSQL is not reachable: this bench measures PostgreSQL.');
  process.exit(1);
}

const server = await startProduct('postgres', {
  LOG_LEVEL: undefined,
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  ADMIN_TOTP_SECRET: E2E_ADMIN.totpSecret,
});
try {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const seedStarted = Date.now();
  try {
    await client.query(
      `insert into users (username, email, password_hash, referral_code, email_verified_at, created_at, updated_at)
       select 'bench_q_' || i, 'bench_q_' || i || '@example.com', 'x', 'BQ' || lpad(i::text, 8, '0'),
              now(), now() - interval '400 days', now() - interval '400 days'
       from generate_series(1, ${MEMBERS}) as i`,
    );
    // Oldest first over a year; every 20th one (5%) still pending, the others decided.
    await client.query(
      `insert into withdrawals (user_id, amount, method, destination, status, reason, decided_at, created_at, updated_at)
       select u.id, 100 + (i * 7919) % 500000, 'crypto', 'bc1qbenchaddress' || i,
              case when i % ${EVERY} = 0 then 'pending' when i % 7 = 0 then 'rejected' else 'approved' end,
              case when i % ${EVERY} <> 0 and i % 7 = 0 then 'Bench rejection' end,
              case when i % ${EVERY} = 0 then null else now() - ((${WITHDRAWALS} - i) * interval '5 minutes') + interval '1 hour' end,
              now() - ((${WITHDRAWALS} - i) * interval '5 minutes'), now() - ((${WITHDRAWALS} - i) * interval '5 minutes')
       from generate_series(1, ${WITHDRAWALS}) as i
       join users u on u.username = 'bench_q_' || (1 + i % ${MEMBERS})`,
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  const session = new ApiSession(server.url);
  await session.signInAdmin();
  const authorization = session.authorization();
  const first = await session.request<{
    data: unknown[];
    meta: { total: number };
    totals: { pending_count: number };
  }>('GET', `/api/admin/withdrawals?status=pending&per_page=${PER_PAGE}`);
  if (first.data.length !== PER_PAGE) throw new Error(`expected a full page, got ${first.data.length}`);
  const pending = first.totals.pending_count;

  const requests: autocannon.Request[] = Array.from({ length: PAGES }, (_, index) => ({
    method: 'GET',
    path: `/api/admin/withdrawals?status=pending&per_page=${PER_PAGE}&page=${index + 1}`,
    headers: { accept: 'application/json', authorization },
  }));
  const options = { url: server.url, connections: CONNECTIONS, requests };
  await load({ ...options, durationSeconds: 2 });
  const result = await load({ ...options, durationSeconds: DURATION });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  const load1 = loadavg()[0]?.toFixed(1) ?? '?';
  const ok = result.p99Ms < TARGET_P99_MS;
  if (!ok) process.exitCode = 1;
  console.log(`admin queue: ${result.requestsPerSecond} requests/s, p99 ${result.p99Ms} ms`);
  writeSection(
    'admin-queue',
    `## Admin queue: GET /api/admin/withdrawals?status=pending

Run ${new Date().toISOString().slice(0, 16)}Z on PostgreSQL. The product started as \`npm start\` starts it (defaults, access log on; machine load average ${load1} at the end of the run, 2 cores shared with the load generator), its database seeded with set-based SQL in ${seedSeconds.toFixed(1)} s: ${MEMBERS.toLocaleString('en-US')} members and ${WITHDRAWALS.toLocaleString('en-US')} withdrawals over a year, ${pending.toLocaleString('en-US')} of them pending. An admin reads the first ${PAGES} pages of ${PER_PAGE} of the pending queue (oldest first) in turn: autocannon, ${CONNECTIONS} connections, ${DURATION} s after a 2 s warm-up. Each page is one index range read of \`withdrawals_status_idx\` (status, created_at) joined to its members and the queue's totals from \`admin_queue_totals\` (decision 126), which for this view (the whole pending queue) are also its count: no count or sum over the queue.

| withdrawals in the table | pending | requests/s | p99 ms | target p99 < ${TARGET_P99_MS} ms |
|---|---|---|---|---|
| ${WITHDRAWALS.toLocaleString('en-US')} | ${pending.toLocaleString('en-US')} | ${result.requestsPerSecond} | ${result.p99Ms} | ${ok ? 'met' : 'missed'} |`,
  );
} finally {
  await server.stop();
}
