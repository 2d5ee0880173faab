// Loan collection benchmark (issue 13), written to bench/RESULTS.md under "Loans":
// the collection job for 100,000 instalments due on one day on PostgreSQL (25,000 members with 4
// loans each, every member able to pay), set up in bulk SQL, one run timed, then the ledger check
// (which also proves every loan account = −outstanding principal). Target: < 60 s.
import { sql } from 'drizzle-orm';
import type { Tx } from '@app/db';
import { loanSchedule, parseLoanChange } from '@app/shared';
import { runLoanCollection } from '../apps/api/src/modules/loans/loan-collection.service';
import { loadAverages, timeJobRun } from './lib/job-run';
import { writeSection } from './lib/results';
import { postgresAvailable } from './lib/server';

const INSTALMENTS = Number(process.env.BENCH_INSTALMENTS ?? 100_000);
const LOANS_PER_MEMBER = 4;

const MEMBERS = Math.ceil(INSTALMENTS / LOANS_PER_MEMBER);
const start = '2026-03-02T09:00:00Z';
// $1,000 at '12% monthly' over 3 months: every loan has the same schedule (the shared function's).
const schedule = loanSchedule(100_000, 3, parseLoanChange('12% monthly'), '2026-03-02');
if (!schedule) throw new Error('no schedule');
const profit = schedule.reduce((sum, row) => sum + row.interest, 0);
const rows = JSON.stringify(
  schedule.map((row) => ({
    number: row.number,
    due: row.dueDate,
    principal: row.principal,
    interest: row.interest,
  })),
);

/** 25,000 members with 4 loans of $1,000 each, disbursed, their schedules written, in bulk. */
async function setup(tx: Tx): Promise<void> {
  await tx.execute(sql`insert into loan_plans (name, description, category, change, duration, min_amount, max_amount, status, created_at, updated_at)
        values ('Bench Loan', '', 'personal', '12% monthly', 24, 10000, 1000000, 'active', ${start}, ${start})`);
  await tx.execute(sql`insert into users (username, email, password_hash, referral_code, email_verified_at, created_at, updated_at)
        select 'bench' || g, 'bench' || g || '@example.com', 'x', 'BENCH' || g, ${start}, ${start}, ${start}
        from generate_series(1, ${MEMBERS}) g`);
  await tx.execute(sql`insert into ledger_accounts (user_id, kind, balance, created_at)
        select u.id, k.kind, 0, ${start} from users u cross join (values ('cash'), ('loan')) k(kind)`);
  await tx.execute(sql`insert into loan_applications (user_id, plan_id, amount_requested, term, status, decided_at, created_at, updated_at)
        select u.id, p.id, 100000, 3, 'approved', ${start}, ${start}, ${start}
        from users u cross join generate_series(1, ${LOANS_PER_MEMBER}) g cross join loan_plans p order by u.id, g`);
  await tx.execute(sql`insert into loans (application_id, user_id, plan_id, plan_name, change, rate_bps, interval, term, principal, profit,
          status, disbursed_at, created_at, updated_at)
        select a.id, a.user_id, a.plan_id, 'Bench Loan', '12% monthly', 1200, 'monthly', 3, 100000, ${profit}, 'active', ${start}, ${start}, ${start}
        from loan_applications a order by a.id`);
  await tx.execute(sql`insert into loan_instalments (loan_id, number, user_id, due_date, principal, interest)
        select l.id, s.number, l.user_id, s.due::date, s.principal, s.interest
        from loans l cross join jsonb_to_recordset(${rows}::jsonb) as s(number int, due text, principal bigint, interest bigint)`);
  await tx.execute(sql`insert into ledger_entries (kind, reference, user_id, metadata, cash_amount, cash_balance_after, created_at)
        select 'loan_disbursement', 'loan:' || l.id || ':disburse', l.user_id, jsonb_build_object('loan_id', l.id),
          100000, 0, ${start}
        from loans l`);
  await tx.execute(sql`insert into ledger_postings (entry_id, account_id, amount)
        select e.id, a.id, case when a.kind = 'cash' then 100000 else -100000 end
        from ledger_entries e
        join ledger_accounts a on a.user_id = e.user_id and a.kind in ('cash', 'loan')
        where e.kind = 'loan_disbursement'`);
}

const loadBefore = loadAverages();
if (!(await postgresAvailable())) {
  console.log('PostgreSQL is not available: loan collection not measured.');
  process.exit(0);
}
// The first instalments fall due on 2026-04-02: one run just after 00:00 UTC collects all of them, and
// a second run the same minute finds nothing left to collect.
const result = await timeJobRun({
  name: 'loans',
  setup,
  at: new Date('2026-04-02T00:00:30Z'),
  job: runLoanCollection,
});
console.log('loan collection', result);
const loadAfter = loadAverages();
const ok =
  result.runMs < 60_000 &&
  result.ledgerOk &&
  result.run.payments === INSTALMENTS &&
  result.again.payments === 0;
writeSection(
  'loan-collection',
  `## Loans

Run ${new Date().toISOString().slice(0, 16)}Z on the shared 2-core machine; load average before the run ${loadBefore}, after ${loadAfter} (other engineers' builds and tests were running).

The collection job (\`runLoanCollection\`) for ${INSTALMENTS.toLocaleString('en-US')} instalments due on one day on PostgreSQL: ${MEMBERS.toLocaleString('en-US')} members with ${LOANS_PER_MEMBER} loans of $1,000 at '12% monthly' over 3 months each, set up in bulk SQL (not timed), one run timed, then the ledger check (every invariant, and each loan account = −outstanding principal), then a second run.

| what | time | work | ledger check | second run | target |
|---|---:|---|---|---|---|
| one day's loan collection, ${INSTALMENTS.toLocaleString('en-US')} due instalments, PostgreSQL | ${(result.runMs / 1000).toFixed(1)} s | ${result.run.payments.toLocaleString('en-US')} instalments collected ($${(result.run.collected / 100).toLocaleString('en-US')}) | ${result.ledgerOk ? 'ok' : 'FAILED'} (${(result.checkMs / 1000).toFixed(1)} s) | ${result.again.payments} collected | < 60 s ${ok ? 'met' : 'MISSED'} |

Set-up: ${(result.setupMs / 1000).toFixed(1)} s.`,
);
if (!ok) process.exit(1);
