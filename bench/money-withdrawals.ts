// Withdrawal requests per second by many members at once (POST /api/withdrawal: validation, the hold
// through the ledger, the withdrawal row), on PGlite and on PostgreSQL, with the ledger check after the
// run (it must pass). Writes the "Withdrawals" section of bench/RESULTS.md.
// Targets (issue 3): ≥ 150 requests/s on PGlite, ≥ 500 requests/s on PostgreSQL.
import type autocannon from 'autocannon';
import { ApiSession } from '../e2e/support/api-session';
import { E2E_ADMIN } from '../e2e/support/constants';
import { load, type LoadResult } from './lib/load';
import { writeSection } from './lib/results';
import { postgresAvailable, startProduct } from './lib/server';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/** PGlite serves one query at a time: more connections only lengthen the queue (and time out). */
const CONNECTIONS = { pglite: 16, postgres: 50 } as const;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 20);

interface LedgerCheck {
  ok: boolean;
  postings_sum: number;
  entries_checked: number;
  accounts_checked: number;
}

async function run(driver: 'pglite' | 'postgres') {
  const server = await startProduct(driver, {
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN_TOTP_SECRET: E2E_ADMIN.totpSecret,
  });
  try {
    // Members funded through the real path: a gateway deposit paid on the sandbox checkout.
    const authorizations: string[] = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const session = new ApiSession(server.url);
      const { email, password } = await session.registerVerifiedMember(`bench-w${i}`);
      await session.signIn(email, password);
      const created = await session.request<{ deposit: { id: number } }>('POST', '/api/deposit', {
        amount: 1_000_000,
        payment_method: 'nowpayment',
      });
      await session.request('POST', `/api/sandbox/checkout/${created.deposit.id}/pay`, {});
      authorizations.push(session.authorization());
    }
    let next = 0;
    const body = JSON.stringify({
      amount: 1,
      withdrawal_method: 'crypto',
      destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    });
    const requests: autocannon.Request[] = [
      {
        method: 'POST',
        // Each request signs in as the next member: many members withdraw at once.
        setupRequest: (request) => ({
          ...request,
          method: 'POST',
          body,
          headers: {
            ...request.headers,
            'content-type': 'application/json',
            accept: 'application/json',
            authorization: authorizations[(next += 1) % authorizations.length] ?? '',
          },
        }),
      },
    ];
    const options = { url: `${server.url}/api/withdrawal`, connections: CONNECTIONS[driver], requests };
    await load({ ...options, durationSeconds: 2 });
    const result: LoadResult = await load({ ...options, durationSeconds: DURATION });
    // The same server's authenticated read, same connections and members: the machine's yardstick.
    const reads: autocannon.Request[] = [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          method: 'GET',
          headers: {
            ...request.headers,
            accept: 'application/json',
            authorization: authorizations[(next += 1) % authorizations.length] ?? '',
          },
        }),
      },
    ];
    const me = await load({
      url: `${server.url}/api/me`,
      connections: CONNECTIONS[driver],
      requests: reads,
      durationSeconds: 5,
    });
    const admin = new ApiSession(server.url);
    await admin.signInAdmin();
    const check = await admin.request<LedgerCheck>('GET', '/api/admin/ledger/check');
    if (!check.ok)
      throw new Error(`ledger check failed after the run on ${driver}: ${JSON.stringify(check)}`);
    console.log(driver, result);
    if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers on ${driver}`);
    return { result, check, me };
  } finally {
    await server.stop();
  }
}

const targets: Array<{ driver: 'pglite' | 'postgres'; target: number }> = [{ driver: 'pglite', target: 150 }];
if (await postgresAvailable()) targets.push({ driver: 'postgres', target: 500 });
else console.warn('PostgreSQL not reachable: measuring PGlite only.');

const rows: string[] = [];
let failed = false;
for (const { driver, target } of targets) {
  const { result, check, me } = await run(driver);
  const ok = result.requestsPerSecond >= target;
  failed ||= !ok;
  console.log(driver, result, check, 'GET /api/me', me);
  rows.push(
    `| POST /api/withdrawal on ${driver} | ${result.requestsPerSecond} | ${result.p99Ms} | ${me.requestsPerSecond} | ${result.total} | ${result.errors} | ok (${check.entries_checked} entries, postings sum ${check.postings_sum}) | ≥ ${target}/s ${ok ? 'met' : 'MISSED'} |`,
  );
}

writeSection(
  'money-withdrawals',
  `## Withdrawals

Run ${new Date().toISOString().slice(0, 16)}Z; autocannon, ${CONNECTIONS.pglite} (PGlite) or ${CONNECTIONS.postgres} (PostgreSQL) connections rotating over ${MEMBERS} funded members (bearer tokens), $1.00 crypto withdrawals, ${DURATION} s after a 2 s warm-up; server (its own process) and load generator on the same 2-core machine. The ledger check (\`GET /api/admin/ledger/check\`) runs after each run and must pass.

| what | requests/s | p99 ms | GET /api/me requests/s (same server, same run) | requests | timeouts | ledger check after | target |
|---|---:|---:|---:|---:|---:|---|---|
${rows.join('\n')}`,
);
if (failed) process.exitCode = 1;
