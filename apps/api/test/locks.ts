import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { Database, DbOrTx, Tx } from '@app/db';
import { queryRows } from '../src/ledger/sql';

/** Two connections at once (PostgreSQL only): what a test needs to watch one wait for another. */

/** Waits until `count` connections of this database wait for a row lock (requests queued behind one). */
export async function someoneWaitsForALock(db: DbOrTx, count = 1): Promise<void> {
  for (let tries = 0; tries < 400; tries += 1) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((row?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} connection(s) ever waited for a lock`);
}

/** A gate a transaction holds open: `opened` resolves once it holds its locks, `release()` lets it go on. */
export function gate(): {
  opened: Promise<void>;
  open: () => void;
  released: Promise<void>;
  release: () => void;
} {
  let open!: () => void;
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return { opened, open, released, release };
}

/** `promise`'s value, or 'still waiting' after `ms` milliseconds. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still waiting'> {
  return Promise.race([
    promise,
    new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms)),
  ]);
}

/**
 * A transaction that takes `hold`'s locks, opens `steps`, waits for `steps.release()`, runs `then`
 * (the batch's next statements) and rolls back: it changes nothing. With a 5 s lock timeout, so a
 * wait that would never end fails instead. Answers how it ended: 'rolled back', or the database's
 * error code (a deadlock's 40P01, a lock timeout's 55P03).
 */
export function holdLocks(
  db: Database['db'],
  steps: ReturnType<typeof gate>,
  hold: (tx: Tx) => Promise<unknown>,
  then?: (tx: Tx) => Promise<unknown>,
): Promise<string> {
  return db
    .transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '5s'`);
      await hold(tx);
      steps.open();
      await steps.released;
      await then?.(tx);
      tx.rollback();
    })
    .then(
      () => 'committed',
      (error: { code?: string; cause?: { code?: string } }) =>
        error instanceof TransactionRollbackError
          ? 'rolled back'
          : (error.cause?.code ?? error.code ?? 'error'),
    );
}
