import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Database, type Tx } from '@app/db';
import { checkLedger } from '../../apps/api/src/ledger/check';
import { createMailer, type Mailer } from '../../apps/api/src/integrations/mail/mailer';
import { FixedClock } from '../../apps/api/src/clock';
import { settleBulkLedger } from './ledger-setup';
import { POSTGRES_ADMIN_URL } from './server';

/** The machine's load averages (1, 5, 15 minutes), as RESULTS.md prints them. */
export function loadAverages(): string {
  return loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');
}

/** A mailer that writes to the outbox and logs nothing, for a job run in the bench's own process. */
export function silentMailer(clock: FixedClock): Mailer {
  return createMailer({
    smtpUrl: undefined,
    from: 'bench@example.com',
    clock,
    log: { info: () => {}, warn: () => {}, error: () => {} } as never,
    logMessages: false,
  });
}

export interface JobRun<R> {
  /** The bulk set-up, not part of the figure. */
  setupMs: number;
  /** The job's one timed run. */
  runMs: number;
  run: R;
  checkMs: number;
  ledgerOk: boolean;
  /** The job again, the same minute: it should find nothing left to do. */
  again: R;
}

/**
 * The harness of the set-based job benchmarks (goal contributions, loan collection, accrual): a fresh
 * PostgreSQL database of their own, migrated; `setup` inserts the bulk data in one transaction (each
 * entry's cash balance after is then filled by settleBulkLedger), `analyze`; the job run once at `at`,
 * timed; the ledger check (every invariant), timed; the job again; the database dropped.
 */
export async function timeJobRun<R>(options: {
  name: string;
  setup: (tx: Tx) => Promise<void>;
  at: Date;
  job: (deps: { database: Database; mailer: Mailer }, now: Date) => Promise<R>;
}): Promise<JobRun<R>> {
  const name = `bench_${options.name}_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ driver: 'postgres', url: POSTGRES_ADMIN_URL, poolSize: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 4 });
  try {
    await migrateDatabase(database);
    const { db } = database;
    const setupStarted = Date.now();
    await db.transaction(async (tx) => {
      await options.setup(tx);
      await settleBulkLedger(tx);
    });
    await db.execute(sql`analyze`);
    const setupMs = Date.now() - setupStarted;

    const clock = new FixedClock(options.at);
    const deps = { database, mailer: silentMailer(clock) };
    const started = Date.now();
    const run = await options.job(deps, clock.now());
    const runMs = Date.now() - started;
    const checkStarted = Date.now();
    const check = await checkLedger(db);
    const checkMs = Date.now() - checkStarted;
    if (!check.ok) console.error('ledger check failed', JSON.stringify(check).slice(0, 2000));
    const again = await options.job(deps, clock.now());
    return { setupMs, runMs, run, checkMs, ledgerOk: check.ok, again };
  } finally {
    await database.close();
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  }
}
