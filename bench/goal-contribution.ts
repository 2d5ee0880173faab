// Goal contribution benchmark (issue 14), written to bench/RESULTS.md under "Goals": the
// contribution job for 100,000 goals due on one day on PostgreSQL (25,000 members with 4 goals each;
// one member in ten without the cash, so their periods are skipped and they are told), set up in bulk
// SQL, one run timed, then the ledger check (which also proves every goal's running invested and
// earned totals), then a second run. Target: < 60 s.
import { sql } from 'drizzle-orm';
import type { Tx } from '@app/db';
import { runGoalContributions } from '../apps/api/src/modules/goals/goal-contributions.service';
import { loadAverages, timeJobRun } from './lib/job-run';
import { writeSection } from './lib/results';
import { postgresAvailable } from './lib/server';

const GOALS = Number(process.env.BENCH_GOALS ?? 100_000);
const GOALS_PER_MEMBER = 4;
/** Every POOR_EVERY-th member has no cash: their goals' periods are skipped. */
const POOR_EVERY = 10;

const MEMBERS = Math.ceil(GOALS / GOALS_PER_MEMBER);
const start = '2026-03-02T09:00:00Z';

/** 25,000 members with 4 monthly goals each, one in ten without cash, inserted in bulk. */
async function setup(tx: Tx): Promise<void> {
  await tx.execute(sql`insert into plans (name, category, description, apy_bps, locked_apy_bps, duration_days, min_amount, max_amount, status, created_at, updated_at)
      values ('Bench Growth', 'personal', '', 1200, 1500, 365, 10000, 1000000, 'active', ${start}, ${start})`);
  await tx.execute(sql`insert into users (username, email, password_hash, referral_code, email_verified_at, created_at, updated_at)
      select 'bench' || g, 'bench' || g || '@example.com', 'x', 'BENCH' || g, ${start}, ${start}, ${start}
      from generate_series(1, ${MEMBERS}) g`);
  await tx.execute(sql`insert into ledger_accounts (user_id, kind, balance, created_at)
      select null, 'external', 0, ${start}
      where not exists (select 1 from ledger_accounts where user_id is null and kind = 'external')`);
  await tx.execute(sql`insert into ledger_accounts (user_id, kind, balance, created_at)
      select u.id, k.kind, 0, ${start} from users u cross join (values ('cash'), ('invested')) k(kind)`);
  // $1,000 deposited by nine members in ten.
  await tx.execute(sql`insert into ledger_entries (kind, reference, user_id, metadata, cash_amount, cash_balance_after, created_at)
      select 'deposit', 'deposit:bench:' || u.id, u.id, '{}'::jsonb, 100000, 0, ${start}
      from users u where u.id % ${POOR_EVERY} <> 0`);
  // Both sides of each entry in one statement: the balance check runs per statement (decision 136).
  await tx.execute(sql`insert into ledger_postings (entry_id, account_id, amount)
      select e.id, a.id, 100000
      from ledger_entries e join ledger_accounts a on a.user_id = e.user_id and a.kind = 'cash'
      where e.kind = 'deposit'
      union all
      select e.id, (select id from ledger_accounts where user_id is null and kind = 'external'), -100000
      from ledger_entries e where e.kind = 'deposit'`);
  // Goals of $1,000 a month, due today, nothing invested yet (their first unit not counted here).
  await tx.execute(sql`insert into goals (user_id, plan_id, name, target_amount, target_frequency, unit_amount, status,
        next_period, next_due_on, anchor_on, anchor_period, created_at, updated_at)
      select u.id, p.id, 'Goal ' || g, 100000, 'monthly', 10000, 'active', 1, '2026-04-02', '2026-03-02', 0, ${start}, ${start}
      from users u cross join generate_series(1, ${GOALS_PER_MEMBER}) g cross join plans p
      order by u.id, g`);
}

const loadBefore = loadAverages();
if (!(await postgresAvailable())) {
  console.log('PostgreSQL is not available: goal contributions not measured.');
  process.exit(0);
}
// A second run the same minute finds nothing left to invest.
const result = await timeJobRun({
  name: 'goals',
  setup,
  at: new Date('2026-04-02T00:00:30Z'),
  job: runGoalContributions,
});
console.log('goal contribution', result);
const loadAfter = loadAverages();
const poorGoals = Math.floor(MEMBERS / POOR_EVERY) * GOALS_PER_MEMBER;
const ok =
  result.runMs < 60_000 &&
  result.ledgerOk &&
  result.run.invested === GOALS - poorGoals &&
  result.run.skipped === poorGoals &&
  result.again.invested + result.again.skipped === 0;
writeSection(
  'goal-contribution',
  `## Goals

Run ${new Date().toISOString().slice(0, 16)}Z on the shared 2-core machine; load average before the run ${loadBefore}, after ${loadAfter} (other engineers' builds and tests were running).

The contribution job (\`runGoalContributions\`) for ${GOALS.toLocaleString('en-US')} goals due on one day on PostgreSQL: ${MEMBERS.toLocaleString('en-US')} members with ${GOALS_PER_MEMBER} monthly goals of $100 a unit each, one member in ${POOR_EVERY} without cash (their periods skipped, recorded and notified), set up in bulk SQL (not timed), one run timed, then the ledger check (every invariant, and each goal's running invested and earned totals against the postings), then a second run.

| what | time | work | ledger check | second run | target |
|---|---:|---|---|---|---|
| one day's goal contributions, ${GOALS.toLocaleString('en-US')} due goals, PostgreSQL | ${(result.runMs / 1000).toFixed(1)} s | ${result.run.invested.toLocaleString('en-US')} units invested (user plans and entries), ${result.run.skipped.toLocaleString('en-US')} periods skipped and notified | ${result.ledgerOk ? 'ok' : 'FAILED'} (${(result.checkMs / 1000).toFixed(1)} s) | ${result.again.invested + result.again.skipped} goals moved | < 60 s ${ok ? 'met' : 'MISSED'} |

Set-up: ${(result.setupMs / 1000).toFixed(1)} s.`,
);
if (!ok) process.exit(1);
