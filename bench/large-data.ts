// Large data (issue 11 item 2), written to bench/RESULTS.md under "Large data":
// 1. Seeds a fresh PostgreSQL database with 100,000 members and about 10,000,000 ledger entries in
//    set-based SQL (generate_series, INSERT … SELECT): each member a deposit, 10 plans (1,000,000 active
//    plans), 9 days of daily earnings on each (9,000,000 entries, with their accrual rows, the per-day
//    aggregate and the plans' running figures), and every tenth member a pending withdrawal. Balances
//    and running totals are set from the same SQL, so the ledger check must pass (it runs at the end).
// 2. Measures two baselines under the reads' load: bare node:http and node:http making one PostgreSQL
//    round trip a request (decision 141: the machine's speed at the time). Then starts the product as
//    `npm start` runs it (the compiled server, defaults, DATABASE_URL pointing at the seeded
//    database) and measures p99 under 50 connections of GET /api/me, the first page of
//    GET /api/activity and GET /api/pp (1,000 members in turn) and the admin withdrawals queue
//    (GET /api/admin/withdrawals?status=pending). Target: each p99 < 20 ms.
// 3. Stops the product, runs one day's accrual for the 1,000,000 plans with none reinvesting (the same
//    hour's baseline), turns "reinvest earnings" on for every LARGE_COMPOUNDING-th plan (every 2nd:
//    half of them, decision 192) and runs the next day's accrual (`runAccruals`), each timed, then the
//    ledger check over everything. Target: < 60 s each.
//
// Sizes: LARGE_MEMBERS (100000), LARGE_PLANS (plans per member, 10), LARGE_DAYS (days credited, 9).
// LARGE_KEEP=1 keeps the database (its name is printed) for EXPLAIN.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import type autocannon from 'autocannon';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '@app/db';
import { checkLedger } from '../apps/api/src/ledger/check';
import { createMailer } from '../apps/api/src/integrations/mail/mailer';
import { runAccruals } from '../apps/api/src/modules/investing/accrual.service';
import { FixedClock } from '../apps/api/src/clock';
import { cpuMicros, postgresCpuMicros } from './lib/cpu';
import { load, type LoadResult } from './lib/load';
import { writeSection } from './lib/results';
import { POSTGRES_ADMIN_URL, startBaseline } from './lib/server';
import { startProduct } from '../e2e/support/product';
import { ApiSession } from '../e2e/support/api-session';
import { E2E_ADMIN } from '../e2e/support/constants';
import { FILL_CASH_BALANCE_AFTER } from './lib/ledger-setup';

const MEMBERS = Number(process.env.LARGE_MEMBERS ?? 100_000);
const PLANS = Number(process.env.LARGE_PLANS ?? 10);
const DAYS = Number(process.env.LARGE_DAYS ?? 9);
/** Every this-many-th plan reinvests its earnings in the timed accrual (0: none). */
const COMPOUNDING = Number(process.env.LARGE_COMPOUNDING ?? 2);
const SAMPLED = Math.min(1000, MEMBERS);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/** The product's APP_KEY in this benchmark (32 bytes as hex): a bench-only key, sealing no real data. */
const BENCH_APP_KEY = 'be'.repeat(32);
/**
 * Plans start DAYS days ago; day d's earning was credited at 00:00 UTC of START_DAY + d days, the last
 * one today, so the product's scheduler finds nothing due while it is measured.
 */
const startDate = new Date(Date.now() - DAYS * 86_400_000);
const START_DAY = startDate.toISOString().slice(0, 10);
const START = `${START_DAY}T09:00:00Z`;
/** 00:00 UTC of START_DAY + d days, as a SQL timestamptz. */
const dayAt = (d: string) => `(('${START_DAY}'::date + ${d})::timestamp at time zone 'UTC')`;
const APY_BPS = 1200;
const WITHDRAWAL_CENTS = 10_000;
/** Cash left on each member after investing (room for the withdrawal). */
const CASH_LEFT = 50_000;

// Tokens for the sampled members ("<id>|<secret>", only sha256(secret) stored, as issueToken does).
const secretOf = (u: number) => `large-bench-secret-${String(u).padStart(8, '0')}`;

interface Measured {
  what: string;
  result: LoadResult;
  /** CPU time per answered request over the measured window, µs: the API process, PostgreSQL's. */
  apiCpu: number;
  postgresCpu: number;
}

/** A load's result with the CPU time the API process and PostgreSQL spent per answered request. */
async function withCpu(pid: number, what: string, run: () => Promise<LoadResult>): Promise<Measured> {
  const api = cpuMicros(pid);
  const postgres = postgresCpuMicros();
  const result = await run();
  const perRequest = (micros: number) => Math.round(micros / Math.max(1, result.total));
  return {
    what,
    result,
    apiCpu: perRequest(cpuMicros(pid) - api),
    postgresCpu: perRequest(postgresCpuMicros() - postgres),
  };
}

/** Whether a read is measured: all of them, unless LARGE_READS names some (only with LARGE_REUSE). */
function reading(what: string): boolean {
  const only = process.env.LARGE_REUSE ? process.env.LARGE_READS : undefined;
  return !only || only.split(',').includes(what);
}

/**
 * This machine's speed in this run: the bare node:http server every API benchmark divides by, and the
 * same answering after one PostgreSQL round trip (a pool of 20, on the seeded database), each under
 * the reads' load. The machine's speed moves by several times from one hour to the next (bare
 * node:http: 81,000–90,000 requests/s in one hour, under 25,000 in another), so a run's absolute
 * figures are read beside these (decision 141).
 */
async function measureBaselines(databaseUrl: string): Promise<Measured[]> {
  const measured: Measured[] = [];
  for (const [what, script, env] of [
    ['bare node:http (baseline)', 'baseline-server.mjs', {}],
    ['node:http with one PostgreSQL round trip', 'baseline-db-server.mjs', { DATABASE_URL: databaseUrl }],
  ] as const) {
    const baseline = await startBaseline(script, env);
    try {
      const options = { url: baseline.url, connections: CONNECTIONS };
      await load({ ...options, durationSeconds: 2 });
      const run = await withCpu(baseline.pid, what, () => load({ ...options, durationSeconds: DURATION }));
      console.log(what, run.result, `CPU per request: ${run.apiCpu} µs, PostgreSQL ${run.postgresCpu} µs`);
      measured.push(run);
    } finally {
      baseline.stop();
    }
  }
  return measured;
}

/**
 * The product started on the database, then p99 under load of the member reads (as the sampled
 * members, whose tokens are `tokenRows`) and of the admin withdrawals queue.
 */
async function measureReads(
  databaseUrl: string,
  tokenRows: Array<{ id: number; user_id: number }>,
): Promise<Measured[]> {
  const measured: Measured[] = [];
  const product = await startProduct({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: undefined,
    SEED_DEMO: '0',
    // One deployment key for the run and any later LARGE_REUSE of its kept database: a database is
    // sealed under the key of the node that first started on it (decision 152).
    APP_KEY: BENCH_APP_KEY,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN_TOTP_SECRET: E2E_ADMIN.totpSecret,
  });
  /**
   * The admin's bearer header: signed in as the e2e admin, whose TOTP secret the product enrolled from
   * ADMIN_TOTP_SECRET, with the second factor every admin sign-in asks for.
   */
  async function adminAuthorization(baseUrl: string): Promise<string> {
    const session = new ApiSession(baseUrl);
    await session.signInAdmin();
    return session.authorization();
  }
  try {
    const memberHeaders = tokenRows.map((row) => ({
      accept: 'application/json',
      authorization: `Bearer ${row.id}|${secretOf(row.user_id)}`,
    }));
    const check = await fetch(`${product.url}/api/me`, { headers: memberHeaders[0] });
    if (!check.ok) throw new Error(`sampled member's /api/me: ${check.status} ${await check.text()}`);
    const asMembers = async (path: string) => {
      const requests: autocannon.Request[] = memberHeaders.map((headers) => ({ method: 'GET', headers }));
      let connection = 0;
      const setupClient = (c: autocannon.Client) => {
        const first = ((connection += 1) * 17) % requests.length;
        c.setRequests([...requests.slice(first), ...requests.slice(0, first)]);
      };
      const options = { url: `${product.url}${path}`, connections: CONNECTIONS, setupClient };
      await load({ ...options, durationSeconds: 2 });
      return withCpu(product.pid, `GET ${path}`, () => load({ ...options, durationSeconds: DURATION }));
    };
    for (const path of ['/api/me', '/api/activity', '/api/pp']) {
      if (!reading(path)) continue;
      const run = await asMembers(path);
      console.log(
        path,
        run.result,
        `CPU per request: API ${run.apiCpu} µs, PostgreSQL ${run.postgresCpu} µs`,
      );
      measured.push(run);
    }
    if (!reading('admin')) return measured;
    const admin = await adminAuthorization(product.url);
    const queue = `${product.url}/api/admin/withdrawals?status=pending`;
    const headers = { accept: 'application/json', authorization: admin };
    const first = await fetch(queue, { headers });
    if (!first.ok) throw new Error(`admin queue: ${first.status} ${await first.text()}`);
    await load({ url: queue, connections: CONNECTIONS, durationSeconds: 2, headers });
    const run = await withCpu(product.pid, 'GET /api/admin/withdrawals?status=pending', () =>
      load({ url: queue, connections: CONNECTIONS, durationSeconds: DURATION, headers }),
    );
    console.log(
      'admin queue',
      run.result,
      `CPU per request: API ${run.apiCpu} µs, PostgreSQL ${run.postgresCpu} µs`,
    );
    measured.push(run);
  } finally {
    await product.stop();
  }
  return measured;
}

// LARGE_REUSE=<database>: the reads again on a database an earlier run kept (LARGE_KEEP=1), nothing
// seeded, accrued or written to RESULTS.md: for trying a change against the same data. With it,
// LARGE_READS (e.g. '/api/activity,admin') measures only those reads.
if (process.env.LARGE_REUSE) {
  const reuseUrl = new URL(POSTGRES_ADMIN_URL);
  reuseUrl.pathname = `/${process.env.LARGE_REUSE}`;
  const reuse = new pg.Client({ connectionString: reuseUrl.toString() });
  await reuse.connect();
  const { rows } = await reuse.query<{ id: number; user_id: number }>(
    `select min(id) as id, user_id from api_tokens where kind = 'member' and secret_hash =
       encode(sha256(convert_to('large-bench-secret-' || lpad(user_id::text, 8, '0'), 'UTF8')), 'hex')
     group by user_id order by user_id`,
  );
  await reuse.end();
  await measureBaselines(reuseUrl.toString());
  await measureReads(reuseUrl.toString(), rows);
  process.exit(0);
}

const loadBefore = loadavg().map((value) => value.toFixed(1));
const name = `bench_large_${randomBytes(4).toString('hex')}`;
const adminClient = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
await adminClient.connect();
await adminClient.query(`CREATE DATABASE ${name}`);
const target = new URL(POSTGRES_ADMIN_URL);
target.pathname = `/${name}`;
const databaseUrl = target.toString();

const timings: Array<[string, number]> = [];
async function step<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await run();
  const ms = Date.now() - started;
  timings.push([label, ms]);
  console.log(`${label}: ${(ms / 1000).toFixed(1)} s`);
  return result;
}

// ---- 1. The seed ---------------------------------------------------------------------------------
{
  const database = await openDatabase({ driver: 'postgres', url: databaseUrl, poolSize: 2 });
  await migrateDatabase(database);
  await database.close();
}
const seedStarted = Date.now();
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const q = (text: string) => client.query(text);
// The seed is not the product's write path: triggers (the deferred per-posting balance check, the
// foreign keys) are off for this session only, and the ledger check proves the result at the end.
await q(`set session_replication_role = replica`);
await q(`set synchronous_commit = off`);
await q(`set maintenance_work_mem = '1GB'`);
await q(`set work_mem = '256MB'`);

// Secondary indexes of the big tables are dropped and built again after the load (faster than
// maintaining them row by row); their definitions come from the catalogue, so they are the migrations'.
const BIG_TABLES = ['ledger_entries', 'ledger_postings', 'user_plan_accruals', 'member_daily_earnings'];
const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
  `select i.indexname, i.indexdef from pg_indexes i
   where i.schemaname = 'public' and i.tablename = any($1)
     and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  [BIG_TABLES],
);

const ids = await q(`select
    (select id from ledger_accounts where user_id is null and kind = 'external') as external,
    (select id from ledger_accounts where user_id is null and kind = 'yield_expense') as yield`);
const { external, yield: yieldExpense } = ids.rows[0] as { external: number; yield: number };
const N = MEMBERS;
const NP = MEMBERS * PLANS;
// Ids laid out by arithmetic so that every table can be written by one INSERT … SELECT:
// members 1..N; plans (u-1)*PLANS+g; accounts cash 10000+3u, invested +1, withdrawal hold +2;
// entries: deposits u, investments N+plan, earnings N+NP+(plan-1)*DAYS+d, holds N+NP+NP*DAYS+u.
const cash = (u: string) => `(10000 + 3 * ${u})`;
const accrualEntry = (plan: string, d: string) => `(${N + NP} + (${plan} - 1) * ${DAYS} + ${d})`;
const holdEntry = (u: string) => `(${N + NP + NP * DAYS} + ${u})`;
/** A plan's daily earning in cents (the same every day: simple interest on the principal). */
const daily = (amount: string) => `(${amount} * ${APY_BPS} / 3650000)`;

await step('seed: drop secondary indexes', async () => {
  for (const index of indexes) await q(`drop index ${index.indexname}`);
});
await step('seed: members, plans, accounts', async () => {
  await q(`insert into plans (name, category, apy_bps, locked_apy_bps, duration_days, min_amount, max_amount, status, created_at, updated_at)
    values ('Large Growth', 'personal', ${APY_BPS}, ${APY_BPS + 100}, 182, 10000, 100000000, 'active', '${START}', '${START}')`);
  await q(`insert into users (id, username, email, password_hash, referral_code, email_verified_at, created_at, updated_at)
    select g, 'large' || g, 'large' || g || '@example.com', 'x', 'LARGE' || g, '${START}', '${START}', '${START}'
    from generate_series(1, ${N}) g`);
  await q(`select setval(pg_get_serial_sequence('users', 'id'), ${N})`);
  await q(`insert into ledger_accounts (id, user_id, kind, balance, created_at)
    select ${cash('u')} + k.o, u, k.kind, 0, '${START}'
    from generate_series(1, ${N}) u
    cross join (values (0, 'cash'), (1, 'invested'), (2, 'withdrawal_hold')) k(o, kind)
    where k.kind <> 'withdrawal_hold' or u % 10 = 0`);
  await q(`select setval(pg_get_serial_sequence('ledger_accounts', 'id'), ${10000 + 3 * N + 3})`);
  await q(`insert into user_plans (id, user_id, plan_id, name, category, apy_bps, locked_apy_bps, duration_days, amount, status,
      starts_at, ends_at, next_accrual_at, accrued_days, rate_days_bps, earned, created_at, updated_at)
    select (u - 1) * ${PLANS} + g, u, p.id, p.name, p.category, p.apy_bps, p.locked_apy_bps, p.duration_days, 100000 + g, 'active',
      '${START}'::timestamptz, '${START}'::timestamptz + interval '182 days',
      ${dayAt(String(DAYS + 1))}, ${DAYS}, ${DAYS * APY_BPS}, ${DAYS} * ${daily('(100000 + g)')},
      '${START}'::timestamptz, '${START}'::timestamptz
    from generate_series(1, ${N}) u cross join generate_series(1, ${PLANS}) g cross join plans p`);
  await q(`select setval(pg_get_serial_sequence('user_plans', 'id'), ${NP})`);
});
await step('seed: deposits and investments (entries, postings)', async () => {
  const invested = `(${PLANS} * 100000 + ${(PLANS * (PLANS + 1)) / 2})`;
  // The member's deposit as the product records one: a confirmed bank transfer (the row Activity and
  // the deposits list show) and its credit entry, referenced as the confirmation writes it.
  await q(`insert into deposits (id, user_id, amount, method, currency, status, reference, credited, confirmed_at,
      created_at, updated_at)
    select u, u, ${invested} + ${CASH_LEFT}, 'bank_transfer', 'USD', 'confirmed', 'LARGE-' || u, ${invested} + ${CASH_LEFT},
      '${START}', '${START}', '${START}'
    from generate_series(1, ${N}) u`);
  await q(`select setval(pg_get_serial_sequence('deposits', 'id'), ${N})`);
  await q(`insert into ledger_entries (id, kind, reference, user_id, metadata, cash_amount, cash_balance_after, created_at)
    select u, 'deposit', 'deposit:' || u || ':confirmed', u, jsonb_build_object('deposit_id', u),
      ${invested} + ${CASH_LEFT}, 0, '${START}'
    from generate_series(1, ${N}) u`);
  await q(`insert into ledger_postings (entry_id, account_id, amount)
    select u, a.account, case a.account when ${external} then -1 else 1 end * (${invested} + ${CASH_LEFT})
    from generate_series(1, ${N}) u cross join lateral (values (${external}), (${cash('u')})) a(account)`);
  await q(`insert into ledger_entries (id, kind, reference, user_id, metadata, cash_amount, cash_balance_after, created_at)
    select ${N} + up.id, 'investment', 'invest:' || up.id, up.user_id, jsonb_build_object('user_plan_id', up.id),
      -up.amount, 0, '${START}'
    from user_plans up`);
  await q(`insert into ledger_postings (entry_id, account_id, amount)
    select ${N} + up.id, ${cash('up.user_id')} + a.o, case a.o when 0 then -up.amount else up.amount end
    from user_plans up cross join (values (0), (1)) a(o)`);
});
await step(`seed: ${DAYS} days of earnings on every plan (entries, postings, accrual rows)`, async () => {
  await q(`insert into ledger_entries (id, kind, reference, user_id, metadata, cash_amount, cash_balance_after, created_at)
    select ${accrualEntry('up.id', 'd')}, 'earning', 'accrual:' || up.id || ':' || ('${START_DAY}'::date + d),
      up.user_id,
      jsonb_build_object('user_plan_id', up.id, 'plan_name', up.name, 'date', ('${START_DAY}'::date + d)::text, 'rate_bps', up.apy_bps),
      ${daily('up.amount')}, 0, ${dayAt('d')}
    from user_plans up cross join generate_series(1, ${DAYS}) d`);
  await q(`insert into ledger_postings (entry_id, account_id, amount)
    select ${accrualEntry('up.id', 'd')}, a.account, case a.account when ${yieldExpense} then -1 else 1 end * ${daily('up.amount')}
    from user_plans up cross join generate_series(1, ${DAYS}) d
    cross join lateral (values (${yieldExpense}), (${cash('up.user_id')})) a(account)`);
  await q(`insert into user_plan_accruals (user_plan_id, accrual_date, rate_bps, amount, entry_id)
    select up.id, '${START_DAY}'::date + d, up.apy_bps, ${daily('up.amount')}, ${accrualEntry('up.id', 'd')}
    from user_plans up cross join generate_series(1, ${DAYS}) d`);
  await q(`insert into member_daily_earnings (user_id, day, amount)
    select up.user_id, '${START_DAY}'::date + d, sum(${daily('up.amount')})
    from user_plans up cross join generate_series(1, ${DAYS}) d group by up.user_id, d`);
});
await step('seed: pending withdrawals (every tenth member)', async () => {
  await q(`insert into withdrawals (id, user_id, amount, method, destination, status, created_at, updated_at)
    select u / 10, u, ${WITHDRAWAL_CENTS}, 'crypto', 'bc1qlarge' || u, 'pending',
      '${START}'::timestamptz + (u || ' seconds')::interval, '${START}'::timestamptz + (u || ' seconds')::interval
    from generate_series(10, ${N}, 10) u`);
  await q(`select setval(pg_get_serial_sequence('withdrawals', 'id'), ${Math.floor(N / 10) + 1})`);
  await q(`insert into ledger_entries (id, kind, reference, user_id, metadata, cash_amount, cash_balance_after, created_at)
    select ${holdEntry('w.user_id')}, 'withdrawal_hold', 'withdrawal:' || w.id || ':hold', w.user_id,
      jsonb_build_object('withdrawal_id', w.id), -w.amount, 0, w.created_at
    from withdrawals w`);
  await q(`insert into ledger_postings (entry_id, account_id, amount)
    select ${holdEntry('w.user_id')}, ${cash('w.user_id')} + a.o, case a.o when 0 then -w.amount else w.amount end
    from withdrawals w cross join (values (0), (2)) a(o)`);
  await q(`select setval(pg_get_serial_sequence('ledger_entries', 'id'), ${N + NP + NP * DAYS + N + 1})`);
});
// Each cash entry's balance after (decision 158), before the indexes are built again (triggers are off).
await step('seed: cash balance after each entry', () => q(FILL_CASH_BALANCE_AFTER));
await step('seed: build the secondary indexes again', async () => {
  for (const index of indexes) await q(index.indexdef);
});
await step('seed: balances and running totals', async () => {
  await q(`update ledger_accounts a set balance = s.total
    from (select account_id, sum(amount) as total from ledger_postings group by account_id) s
    where s.account_id = a.id`);
  // The running totals per (member account, entry kind), from the same figures the postings hold.
  await q(`insert into ledger_account_totals (account_id, entry_kind, total, entries)
    select ${cash('u.id')}, 'deposit', p.total + ${CASH_LEFT}, 1
      from users u join (select user_id, sum(amount) as total from user_plans group by user_id) p on p.user_id = u.id
    union all
    select ${cash('user_id')}, 'investment', -sum(amount), count(*) from user_plans group by user_id
    union all
    select ${cash('user_id')} + 1, 'investment', sum(amount), count(*) from user_plans group by user_id
    union all
    select ${cash('user_id')}, 'earning', sum(earned), sum(accrued_days) from user_plans group by user_id
    union all
    select ${cash('user_id')}, 'withdrawal_hold', -sum(amount), count(*) from withdrawals group by user_id
    union all
    select ${cash('user_id')} + 2, 'withdrawal_hold', sum(amount), count(*) from withdrawals group by user_id`);
  // The admin queues' running totals (decision 126), which the withdrawals' trigger keeps in production.
  await q(`update admin_queue_totals t set pending_count = w.n, pending_amount = w.amount
    from (select count(*) as n, coalesce(sum(amount), 0) as amount from withdrawals where status = 'pending') w
    where t.queue = 'withdrawals'`);
  await q(`insert into member_list_totals (user_id, list, rows)
    select user_id, 'user_plans', count(*) from user_plans group by user_id`);
});
const sampledMembers = Array.from({ length: SAMPLED }, (_, i) => Math.floor((i * N) / SAMPLED) + 1);
await step('seed: sign-in tokens of the sampled members', async () => {
  await client.query(
    `insert into api_tokens (user_id, kind, secret_hash, idle_days, created_at, last_used_at, expires_at)
     select u, 'member', encode(sha256(convert_to('large-bench-secret-' || lpad(u::text, 8, '0'), 'UTF8')), 'hex'),
       30, now(), now(), now() + interval '30 days'
     from unnest($1::int[]) u`,
    [sampledMembers],
  );
});
await q(`set session_replication_role = origin`);
// A database that has served for a while has been vacuumed (hint bits set, the visibility map
// filled) and its pages written out; measured straight after the load, the reads also paid for the
// seed's 6 GB being flushed and every tuple's first visit (/api/me 8,751 against 15,260 requests/s
// on the same database an hour later).
await step('seed: vacuum and analyze', () => q('vacuum (analyze)'));
await step('seed: checkpoint', () => q('checkpoint'));
const seedMs = Date.now() - seedStarted;
const counts = (
  await q(`select (select count(*) from users) as members, (select count(*) from ledger_entries) as entries,
    (select count(*) from ledger_postings) as postings, (select count(*) from user_plans where status = 'active') as plans,
    (select count(*) from withdrawals where status = 'pending') as pending,
    pg_size_pretty(pg_database_size(current_database())) as size`)
).rows[0] as {
  members: string;
  entries: string;
  postings: string;
  plans: string;
  pending: string;
  size: string;
};
const { rows: tokenRows } = await client.query<{ id: number; user_id: number }>(
  `select id, user_id from api_tokens where user_id = any($1::int[]) order by id`,
  [sampledMembers],
);
await client.end();
console.log(`seeded in ${(seedMs / 1000).toFixed(0)} s:`, counts);

let baselines: Measured[];
let measured: Measured[];
let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
const accrual = { accruals: 0, ms: 0 };
/** The same run's accrual of the day before, with no plan reinvesting (only when COMPOUNDING > 0). */
const plainAccrual = { accruals: 0, ms: 0 };
let ledger: Awaited<ReturnType<typeof checkLedger>> | undefined;
const checked = { ms: 0 };
let reinvesting = 0;
/** A client of its own on the seeded database. */
async function adminClientFor(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}
// From here on the seeded database is dropped whatever fails (unless LARGE_KEEP=1).
try {
  // ---- 2. Reads under load -------------------------------------------------------------------------
  baselines = await measureBaselines(databaseUrl);
  measured = await measureReads(databaseUrl, tokenRows);

  // ---- 3. One day's accrual for every plan, then the ledger check -----------------------------------
  database = await openDatabase({ driver: 'postgres', url: databaseUrl, poolSize: 4 });
  /** The clock 30 s after 00:00 UTC of START_DAY + `days` days. */
  const clockAt = (days: number) => {
    const day = new Date(`${START_DAY}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + days);
    return new FixedClock(new Date(day.getTime() + 30_000));
  };
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'bench@example.com',
    clock: clockAt(DAYS + 1),
    log: { info: () => {}, warn: () => {}, error: () => {} } as never,
    logMessages: false,
  });
  /** One day's accrual at `days` days after the start, timed. */
  const timedAccrual = async (days: number, into: { accruals: number; ms: number }) => {
    const started = Date.now();
    const run = await runAccruals({ database: database!, mailer }, clockAt(days).now());
    into.accruals = run.accruals;
    into.ms = Date.now() - started;
    console.log(`accrual: ${run.accruals} plans in ${(into.ms / 1000).toFixed(1)} s`);
  };
  // The same hour's baseline: the next day's accrual with no plan reinvesting.
  if (COMPOUNDING > 0) await timedAccrual(DAYS + 1, plainAccrual);
  // Compounding on request (decision 192): a segment starting now for every COMPOUNDING-th plan, as
  // the switch writes it (not timed).
  if (COMPOUNDING > 0) {
    const compounding = await adminClientFor(databaseUrl);
    const inserted = await compounding.query(
      `insert into user_plan_compounding (user_plan_id, reinvest, base, growth, from_rate_days, from_earned, updated_at)
       select id, true, amount, 1000000000000000000, rate_days_bps, earned, now() from user_plans
       where id % ${COMPOUNDING} = 0`,
    );
    await compounding.query('analyze user_plan_compounding');
    await compounding.end();
    reinvesting = inserted.rowCount ?? 0;
    console.log(`compounding: ${reinvesting} plans reinvest their earnings`);
  }
  await timedAccrual(COMPOUNDING > 0 ? DAYS + 2 : DAYS + 1, accrual);
  const checkStarted = Date.now();
  ledger = await checkLedger(database.db);
  checked.ms = Date.now() - checkStarted;
  console.log(`ledger check: ${ledger.ok ? 'ok' : 'FAILED'} in ${(checked.ms / 1000).toFixed(1)} s`);
  if (!ledger.ok) console.log(JSON.stringify(ledger, null, 2).slice(0, 4000));
} finally {
  await database?.close();
  if (process.env.LARGE_KEEP === '1') console.log(`kept database ${name}`);
  else await adminClient.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminClient.end();
}

// ---- Results --------------------------------------------------------------------------------------
const loadAfter = loadavg().map((value) => value.toFixed(1));
const fmt = (n: number) => n.toLocaleString('en-US');
const bareRate = baselines[0]?.result.requestsPerSecond ?? 0;
const ofBare = (rate: number) => (bareRate ? (rate / bareRate).toFixed(2) : '–');
const rows = [
  ...baselines.map(
    ({ what, result, apiCpu, postgresCpu }) =>
      `| ${what} | ${fmt(result.requestsPerSecond)} | ${ofBare(result.requestsPerSecond)} | ${result.p99Ms} | ${result.non2xx} | ${apiCpu} | ${postgresCpu} | |`,
  ),
  ...measured.map(({ what, result, apiCpu, postgresCpu }) => {
    const ok = result.p99Ms < 20 && result.non2xx === 0;
    return `| ${what} | ${fmt(result.requestsPerSecond)} | ${ofBare(result.requestsPerSecond)} | ${result.p99Ms} | ${result.non2xx} | ${apiCpu} | ${postgresCpu} | < 20 ms ${ok ? 'met' : 'MISSED'} |`;
  }),
];
const accrualOk = accrual.ms < 60_000 && accrual.accruals === NP;
const plainOk = plainAccrual.ms < 60_000 && plainAccrual.accruals === NP;
writeSection(
  'large-data',
  `## Large data: ${fmt(Number(counts.members))} members, ${fmt(Number(counts.entries))} ledger entries (PostgreSQL)

Run ${new Date().toISOString().slice(0, 16)}Z (\`bench/large-data.ts\`) on the shared 2-core machine; load average before ${loadBefore.join(' / ')}, after ${loadAfter.join(' / ')}.

Seed: a fresh database, set-based SQL (generate_series, INSERT … SELECT), in **${(seedMs / 1000).toFixed(0)} s**: ${fmt(Number(counts.members))} members, each a deposit, ${PLANS} plans (${fmt(Number(counts.plans))} active plans) and ${DAYS} days of earnings on each, every tenth member a pending withdrawal (${fmt(Number(counts.pending))}); ${fmt(Number(counts.entries))} entries, ${fmt(Number(counts.postings))} postings, accrual rows, per-day aggregate, balances and running totals; ${counts.size} on disk. The seed's own session turns triggers off (no per-posting balance check, no foreign-key checks) and builds the secondary indexes after the load, then vacuums, analyzes and checkpoints, as a database that has served a while would be; the ledger check at the end proves the result.

| step | s |
|---|---:|
${timings.map(([label, ms]) => `| ${label.replace(/^seed: /, '')} | ${(ms / 1000).toFixed(1)} |`).join('\n')}

Reads: the product started as \`npm start\` starts it (compiled, defaults, \`LOG_LEVEL\` unset), \`DATABASE_URL\` on the seeded database; autocannon, ${CONNECTIONS} connections, ${DURATION} s after a 2 s warm-up; member reads as ${fmt(SAMPLED)} members spread over the ids in turn (each with ${PLANS} plans and ${1 + PLANS + PLANS * DAYS}+ entries), the queue as an admin (${fmt(Number(counts.pending))} pending).

The two baselines first, under the same load in the same run: they show this machine's speed at the time (decision 141). Their CPU column is the baseline process's.

| read | requests/s | of bare | p99 ms | non-2xx | CPU µs a request: API | PostgreSQL | target |
|---|---:|---:|---:|---:|---:|---:|---|
${rows.join('\n')}

| what | time | work | ledger check after | target |
|---|---:|---|---|---|
${plainAccrual.accruals ? `| one day's accrual, ${fmt(NP)} active plans, none reinvesting (\`runAccruals\`, the same run's baseline) | ${(plainAccrual.ms / 1000).toFixed(1)} s | ${fmt(plainAccrual.accruals)} plans credited | | < 60 s ${plainOk ? 'met' : 'MISSED'} |\n` : ''}| one day's accrual, ${fmt(NP)} active plans, ${fmt(reinvesting)} of them reinvesting (\`runAccruals\`) | ${(accrual.ms / 1000).toFixed(1)} s | ${fmt(accrual.accruals)} plans credited | ${ledger?.ok ? 'ok' : 'FAILED'} (${fmt(ledger?.entriesChecked ?? 0)} entries, ${(checked.ms / 1000).toFixed(0)} s) | < 60 s ${accrualOk ? 'met' : 'MISSED'} |`,
);
