// Investing benchmarks (issue 4), written to bench/RESULTS.md under "Investing":
// 1. POST /api/invest per second by many members at once, on PGlite and on PostgreSQL, against the
//    real product process; the ledger check on its database after each run.
//    Targets: ≥ 150/s on PGlite, ≥ 500/s on PostgreSQL.
// 2. One day's accrual for 100,000 active plans on PostgreSQL: plans, members and their ledger
//    entries inserted in bulk with SQL, then one run of the accrual job timed, then the ledger check.
//    Target: < 60 s.
import type autocannon from 'autocannon';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Tx } from '@app/db';
import { ApiSession } from '../e2e/support/api-session';
import { checkLedger } from '../apps/api/src/ledger/check';
import { runAccruals } from '../apps/api/src/modules/investing/accrual.service';
import { loadAverages, timeJobRun } from './lib/job-run';
import { load, type LoadResult } from './lib/load';
import { writeSection } from './lib/results';
import { postgresAvailable, startProduct, type RunningServer } from './lib/server';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 40);
const PLANS = Number(process.env.BENCH_PLANS ?? 100_000);

interface InvestRun {
  result: LoadResult;
  /** GET /api/me on the same server just before: the platform's read baseline in this run. */
  me: LoadResult;
  created: number;
}

/** The ledger check on the product's own database, once its process has exited. */
async function ledgerCheckOf(server: RunningServer): Promise<boolean> {
  const database = server.databaseUrl
    ? await openDatabase({ driver: 'postgres', url: server.databaseUrl, poolSize: 1 })
    : await openDatabase({ driver: 'pglite', dataDir: join(server.dataDir, 'pglite') });
  try {
    const check = await checkLedger(database.db);
    if (!check.ok) console.error('ledger check failed', JSON.stringify(check).slice(0, 2000));
    return check.ok;
  } finally {
    await database.close();
  }
}

let ledgerOk = false;

async function investLoad(driver: 'pglite' | 'postgres'): Promise<InvestRun> {
  ledgerOk = false;
  // SEED_DEMO=1 seeds the plan catalogue (and a demo member, unused here).
  const server = await startProduct(driver, { SEED_DEMO: '1' });
  try {
    const plans = await new ApiSession(server.url).request<{ id: number; name: string }[]>(
      'GET',
      '/api/plans',
    );
    const starter = plans.find((plan) => plan.name === 'Starter');
    if (!starter) throw new Error('the Starter plan was not seeded');
    const tokens: string[] = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const session = new ApiSession(server.url);
      const { email, password } = await session.registerVerifiedMember(`invest${i}`);
      await session.signIn(email, password);
      const deposit = await session.request<{ deposit: { id: number } }>('POST', '/api/deposit', {
        amount: 1_000_000,
        payment_method: 'nowpayment',
      });
      await session.request('POST', `/api/sandbox/checkout/${deposit.deposit.id}/pay`);
      tokens.push(session.authorization());
    }
    let next = 0;
    const requests: autocannon.Request[] = [
      {
        method: 'POST' as const,
        path: '/api/invest',
        setupRequest: (request: autocannon.Request) => {
          next = (next + 1) % tokens.length;
          return {
            ...request,
            headers: {
              Accept: 'application/json',
              'Content-Type': 'application/json',
              Authorization: tokens[next]!,
            },
            body: JSON.stringify({ plan_id: starter.id, amount: 100 }),
          };
        },
      },
    ];
    const me = await load({
      url: `${server.url}/api/me`,
      connections: CONNECTIONS,
      durationSeconds: Math.max(3, Math.round(DURATION / 2)),
      headers: { Accept: 'application/json', Authorization: tokens[0]! },
    });
    const url = `${server.url}/api/invest`;
    await load({ url, connections: CONNECTIONS, durationSeconds: 2, method: 'POST', requests });
    const result = await load({
      url,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      method: 'POST',
      requests,
    });
    if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers from /api/invest on ${driver}`);
    return { result, me, created: result.total };
  } finally {
    await server.stop({ beforeCleanup: async () => void (ledgerOk = await ledgerCheckOf(server)) });
  }
}

const ACCRUAL_START = '2026-03-02T09:00:00Z';

/** PLANS active plans, 100 a member, each member's deposit and investments inserted in bulk. */
async function accrualSetup(tx: Tx): Promise<void> {
  const users = Math.ceil(PLANS / 100);
  const start = ACCRUAL_START;
  await tx.execute(sql`insert into plans (name, category, apy_bps, locked_apy_bps, duration_days, min_amount, max_amount, status, created_at, updated_at)
        values ('Bench Growth', 'personal', 1200, 1300, 182, 10000, 100000000, 'active', ${start}, ${start})`);
  await tx.execute(sql`insert into users (username, email, password_hash, referral_code, email_verified_at, created_at, updated_at)
        select 'bench' || g, 'bench' || g || '@example.com', 'x', 'BENCH' || g, ${start}, ${start}, ${start}
        from generate_series(1, ${users}) g`);
  // Each member: a deposit of 100 × $1,000 (external → cash), then 100 investments of $1,000 + id cents.
  await tx.execute(sql`insert into ledger_accounts (user_id, kind, balance, created_at)
        select u.id, k.kind, 0, ${start} from users u cross join (values ('cash'), ('invested')) k(kind)`);
  await tx.execute(sql`insert into user_plans (user_id, plan_id, name, category, apy_bps, locked_apy_bps, duration_days, amount, status,
          starts_at, ends_at, next_accrual_at, created_at, updated_at)
        select u.id, p.id, p.name, p.category, p.apy_bps, p.locked_apy_bps, p.duration_days, 100000 + g, 'active',
          ${start}::timestamptz, ${start}::timestamptz + interval '182 days', '2026-03-03T00:00:00Z'::timestamptz, ${start}::timestamptz, ${start}::timestamptz
        from users u cross join generate_series(1, 100) g cross join plans p
        order by u.id, g
        limit ${PLANS}`);
  await tx.execute(sql`insert into ledger_entries (kind, reference, user_id, metadata, cash_amount, cash_balance_after, created_at)
        select 'deposit', 'bench:deposit:' || u.id, u.id, null,
          (select sum(amount) from user_plans where user_id = u.id), 0, ${start}
        from users u`);
  await tx.execute(sql`insert into ledger_postings (entry_id, account_id, amount)
        select e.id, x.id, -s.total from ledger_entries e
          join (select user_id, sum(amount) as total from user_plans group by user_id) s on s.user_id = e.user_id
          cross join (select id from ledger_accounts where user_id is null and kind = 'external') x
          where e.kind = 'deposit'
        union all
        select e.id, a.id, s.total from ledger_entries e
          join (select user_id, sum(amount) as total from user_plans group by user_id) s on s.user_id = e.user_id
          join ledger_accounts a on a.user_id = e.user_id and a.kind = 'cash'
          where e.kind = 'deposit'`);
  await tx.execute(sql`insert into ledger_entries (kind, reference, user_id, metadata, cash_amount, cash_balance_after, created_at)
        select 'investment', 'invest:' || up.id, up.user_id, jsonb_build_object('user_plan_id', up.id), -up.amount, 0, ${start}
        from user_plans up`);
  await tx.execute(sql`insert into ledger_postings (entry_id, account_id, amount)
        select e.id, a.id, case when a.kind = 'cash' then -up.amount else up.amount end
        from ledger_entries e
        join user_plans up on e.reference = 'invest:' || up.id
        join ledger_accounts a on a.user_id = up.user_id and a.kind in ('cash', 'invested')
        where e.kind = 'investment'`);
}

const loadBefore = loadAverages();
const rows: string[] = [];
let failed = false;
const targets = { pglite: 150, postgres: 500 } as const;
const hasPostgres = await postgresAvailable();
const only = process.env.BENCH_ONLY; // 'invest' | 'accrual' for a partial run
const drivers: ('pglite' | 'postgres')[] =
  only === 'accrual' ? [] : hasPostgres ? ['pglite', 'postgres'] : ['pglite'];
if (!hasPostgres) console.warn('PostgreSQL not reachable: measuring PGlite only.');
for (const driver of drivers) {
  const run = await investLoad(driver);
  const ok = run.result.requestsPerSecond >= targets[driver] && ledgerOk;
  failed ||= !ok;
  console.log(driver, run, { ledgerOk });
  rows.push(
    `| POST /api/invest on ${driver} | ${run.result.requestsPerSecond} | ${run.result.p99Ms} | ${run.created} | ${run.me.requestsPerSecond} | ${ledgerOk ? 'ok' : 'FAILED'} | ≥ ${targets[driver]}/s ${ok ? 'met' : 'MISSED'} |`,
  );
}

let accrualLine = 'Accrual: not measured (no PostgreSQL).';
if (hasPostgres && only !== 'invest') {
  const accrual = await timeJobRun({
    name: 'accrual',
    setup: accrualSetup,
    at: new Date('2026-03-03T00:00:30Z'),
    job: runAccruals,
  });
  console.log('accrual', { ...accrual, run: accrual.run.accruals, again: accrual.again.accruals });
  const ok = accrual.runMs < 60_000 && accrual.ledgerOk && accrual.run.accruals === PLANS;
  failed ||= !ok;
  accrualLine = `| one day's accrual, ${PLANS.toLocaleString('en-US')} active plans, PostgreSQL | ${(accrual.runMs / 1000).toFixed(1)} s | ${accrual.run.accruals.toLocaleString('en-US')} plans credited | ${accrual.ledgerOk ? 'ok' : 'FAILED'} | < 60 s ${ok ? 'met' : 'MISSED'} |

Set-up (bulk SQL, not timed in the figure): ${(accrual.setupMs / 1000).toFixed(1)} s.`;
}

writeSection(
  'invest',
  `## Investing

Run ${new Date().toISOString().slice(0, 16)}Z on the shared 2-core machine (server and load generator together); load average before the run ${loadBefore}, after ${loadAverages()} (other engineers' builds and tests were running).

POST /api/invest ($100 into Starter) by ${MEMBERS} members in turn; autocannon, ${CONNECTIONS} connections, ${DURATION} s after a 2 s warm-up; the ledger check on the product's database after the run.

| what | requests/s | p99 ms | investments made | GET /api/me req/s, same server, same run | ledger check | target |
|---|---:|---:|---:|---:|---|---|
${rows.join('\n')}

| what | time | work | ledger check | target |
|---|---:|---|---|---|
${accrualLine}`,
);
if (failed) process.exitCode = 1;
