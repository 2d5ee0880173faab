// Member reads as history grows (issue 11): every read a member page makes, for a member with a year of
// daily earnings on 40 plans (about 15,000 ledger entries, written by the real accrual job through
// POST /api/dev/clock) against a new member whose lists fill one page (so both answers carry as many rows), on the same server in the same run, on PGlite
// and on PostgreSQL. Target: each read of the long history at ≥ 0.9 of the new member's rate.
//
// The two members are measured in turn over BENCH_ROUNDS rounds (5 by default), the order swapped from
// one round to the next (new member first, then the long history first) so that the machine's drift
// within a round does not always favour the same member; each round's ratio divides the long history's rate by the fresh
// member's rate of the same round; the median is judged. A control row measures the new member against
// itself the same way: its spread is what the method reads when nothing differs (decision 145).
import { ApiSession } from '../e2e/support/api-session';
import { load, type LoadResult } from './lib/load';
import { writeSection } from './lib/results';
import { postgresAvailable, startProduct, type RunningServer } from './lib/server';
import { median } from './lib/median';

const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 20;
const PLANS = Number(process.env.BENCH_HISTORY_PLANS ?? 40);
const DAYS = Number(process.env.BENCH_HISTORY_DAYS ?? 365);
const TARGET = 0.9;
/** The read the control row measures for the new member against itself. */
const CONTROL_READ = '/api/activity';

/** The reads the member pages make (dashboard, activity, plans, withdrawals, deposits, the bell). */
const READS = [
  '/api/me',
  '/api/activity',
  '/api/activity?type=earning',
  '/api/activity?start_date=2020-01-01',
  '/api/pp',
  '/api/withdrawal/history',
  '/api/deposits',
  '/api/notifications',
  '/api/deposits/total',
];

interface Members {
  long: string;
  fresh: string;
  entries: number;
}

async function deposit(session: ApiSession, amount: number) {
  const created = await session.request<{ deposit: { id: number } }>('POST', '/api/deposit', {
    amount,
    payment_method: 'nowpayment',
  });
  await session.request('POST', `/api/sandbox/checkout/${created.deposit.id}/pay`);
}

/** A member with a year of history and a fresh member, both signed in after the clock has moved. */
async function members(server: RunningServer): Promise<Members> {
  const long = new ApiSession(server.url);
  const longAccount = await long.registerVerifiedMember('history');
  await long.signIn(longAccount.email, longAccount.password);
  await deposit(long, PLANS * 100 + 500);
  const plans = await long.request<{ id: number; name: string }[]>('GET', '/api/plans');
  const starter = plans.find((plan) => plan.name === 'Starter');
  if (!starter) throw new Error('the Starter plan was not seeded');
  for (let i = 0; i < PLANS; i += 1)
    await long.request('POST', '/api/invest', { plan_id: starter.id, amount: 100 });
  const started = Date.now();
  await long.request('POST', '/api/dev/clock', { advance_days: DAYS });
  console.log(`${DAYS} days of accrual for ${PLANS} plans: ${Date.now() - started} ms`);
  // Tokens expire after 30 idle days: sign in again at the new time.
  await long.signIn(longAccount.email, longAccount.password);
  const withdrawal = { amount: 50, withdrawal_method: 'crypto', destination: 'bench-wallet' };
  await long.request('POST', '/api/withdrawal', withdrawal);

  // The comparison member is new but has a full first page of every list (one deposit, five plans,
  // twelve days of earnings), so both answers carry the same rows and only history differs.
  const fresh = new ApiSession(server.url);
  const freshAccount = await fresh.registerVerifiedMember('fresh');
  await fresh.signIn(freshAccount.email, freshAccount.password);
  await deposit(fresh, 600);
  for (let i = 0; i < 5; i += 1)
    await fresh.request('POST', '/api/invest', { plan_id: starter.id, amount: 100 });
  await fresh.request('POST', '/api/withdrawal', withdrawal);
  await fresh.request('POST', '/api/dev/clock', { advance_days: 12 });
  await fresh.signIn(freshAccount.email, freshAccount.password);
  await long.signIn(longAccount.email, longAccount.password);
  const activity = await long.request<{ meta: { total: number } }>('GET', '/api/activity');
  return { long: long.authorization(), fresh: fresh.authorization(), entries: activity.meta.total };
}

async function measure(server: RunningServer, path: string, authorization: string): Promise<LoadResult> {
  const options = {
    url: `${server.url}${path}`,
    connections: CONNECTIONS,
    headers: { accept: 'application/json', authorization },
  };
  await load({ ...options, durationSeconds: 1 });
  const result = await load({ ...options, durationSeconds: DURATION });
  if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers from ${path}`);
  return result;
}

const drivers: Array<'pglite' | 'postgres'> = ['pglite'];
if (await postgresAvailable()) drivers.push('postgres');
else console.warn('PostgreSQL not reachable: measuring PGlite only.');

const rows: string[] = [];
const setup: string[] = [];
let failed = false;
for (const driver of drivers) {
  // SEED_DEMO=1 seeds the plan catalogue; the product runs with its defaults otherwise.
  const server = await startProduct(driver, { SEED_DEMO: '1' });
  try {
    const started = Date.now();
    const who = await members(server);
    setup.push(
      `${driver}: ${who.entries} activity rows, set up in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    const judged: Array<{ path: string; label: string; long: string; control: boolean }> = [
      ...READS.map((path) => ({ path, label: `\`${path}\``, long: who.long, control: false })),
      // The control: the new member against itself, the same read and rounds (expected 1.00).
      {
        path: CONTROL_READ,
        label: `control: \`${CONTROL_READ}\`, new member against itself`,
        long: who.fresh,
        control: true,
      },
    ];
    for (const { path, label, long, control } of judged) {
      const longRuns: LoadResult[] = [];
      const freshRuns: LoadResult[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        // Even rounds measure the new member first, odd rounds the long history first.
        if (round % 2 === 0) {
          freshRuns.push(await measure(server, path, who.fresh));
          longRuns.push(await measure(server, path, long));
        } else {
          longRuns.push(await measure(server, path, long));
          freshRuns.push(await measure(server, path, who.fresh));
        }
      }
      const ratios = longRuns.map(
        (run, index) => run.requestsPerSecond / (freshRuns[index]?.requestsPerSecond ?? 1),
      );
      const ratio = median(ratios);
      const ok = ratio >= TARGET;
      if (!control) failed ||= !ok;
      const rps = (runs: LoadResult[]) => runs.map((run) => run.requestsPerSecond).join(', ');
      const verdict = control
        ? `spread ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`
        : ok
          ? 'met'
          : 'MISSED';
      rows.push(
        `| ${driver} | ${label} | ${rps(freshRuns)} | ${rps(longRuns)} | ${median(longRuns.map((run) => run.p99Ms))} | ${ratios.map((r) => r.toFixed(2)).join(', ')} (median **${ratio.toFixed(2)}**) | ${verdict} |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await server.stop();
  }
}

writeSection(
  'history',
  `## Member reads as history grows

Run ${new Date().toISOString().slice(0, 16)}Z. On each database, one product process started as \`npm start\` starts it (defaults; demo catalogue seeded) holds two members: a **long history** (a deposit, ${PLANS} Starter plans, ${DAYS} days of daily earnings credited by the real accrual job through \`POST /api/dev/clock\`, a pending withdrawal) and a **new** member with a full first page of every list (a deposit, 5 Starter plans, a pending withdrawal, then 12 days of earnings). Each read is measured for both in turn over ${ROUNDS} rounds, the new member first in the odd-numbered rounds and the long history first in the others: autocannon, ${CONNECTIONS} connections, ${DURATION} s after a 1 s warm-up; the ratio divides the long history's rate by the fresh member's of the same round, and the median of the rounds is judged. Target: ≥ ${TARGET} (a read's cost does not grow with history; decisions 038 and 039). The control row measures the new member against itself in the same way: the spread of its rounds is what this method reads when nothing differs (decision 145).

Set-up: ${setup.join('; ')}.

| database | read | new member, requests/s | long history, requests/s | long p99 ms | ratio (rounds) | target ≥ ${TARGET} |
|---|---|---:|---:|---:|---:|---|
${rows.join('\n')}`,
);
if (failed) process.exitCode = 1;
