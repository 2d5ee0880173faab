import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createTestApp } from '../../test/helpers';
import { createPlan, fundedMember, investIn } from '../../test/investing';

// PostgreSQL only (two connections at once; PGlite has one). An accrual row's plan is checked by the
// statement trigger, not a foreign key (decision 143). The check locks the plan FOR KEY SHARE, as a
// foreign key's check would, so that an accrual row and the delete of its plan never both commit:
// whichever comes second waits for the first. Each case below gives the waiting side a short
// lock_timeout and expects it to time out; both sides are rolled back, so nothing changes.

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
// The app's own pool on PostgreSQL (drizzle's node-postgres client), for two connections of its own.
const pool = (app.deps.database.db as unknown as { $client: pg.Pool }).$client;

/** A member's plan that has no accrual rows yet (nothing keeps it from being deleted on its own). */
async function freshPlan(): Promise<number> {
  const plan = await createPlan(app, { apyBps: 1200, durationDays: 30 });
  const member = await fundedMember(app, 1_000);
  return (await investIn(member, plan.id, 500)).id;
}

/** Runs `first` and `second` on two connections, each in a transaction that is rolled back. */
async function inTwoTransactions(
  first: (client: pg.PoolClient) => Promise<unknown>,
  second: (client: pg.PoolClient) => Promise<unknown>,
): Promise<unknown> {
  const a = await pool.connect();
  const b = await pool.connect();
  try {
    await a.query('begin');
    await b.query('begin');
    await first(a);
    await b.query(`set local lock_timeout = '300ms'`);
    return await second(b).then(
      () => 'went through',
      (error: { code?: string }) => error.code,
    );
  } finally {
    await b.query('rollback');
    await a.query('rollback');
    a.release();
    b.release();
  }
}

const insertAccrual = (client: pg.PoolClient, planId: number) =>
  client.query(
    `insert into user_plan_accruals (user_plan_id, accrual_date, rate_bps, amount, entry_id)
     values ($1, '2026-05-06', 1200, 0, null)`,
    [planId],
  );
const deletePlan = (client: pg.PoolClient, planId: number) =>
  client.query('delete from user_plans where id = $1', [planId]);

describe('an accrual row and the delete of its plan (two connections)', () => {
  it('a delete of the plan waits while another transaction has written an accrual row for it', async () => {
    const planId = await freshPlan();
    const outcome = await inTwoTransactions(
      (a) => insertAccrual(a, planId),
      (b) => deletePlan(b, planId),
    );
    // 55P03 lock_not_available: the delete waited for the accrual row's transaction.
    expect(outcome).toBe('55P03');
  });

  it('an accrual row waits while another transaction is deleting its plan', async () => {
    const planId = await freshPlan();
    const outcome = await inTwoTransactions(
      (a) => deletePlan(a, planId),
      (b) => insertAccrual(b, planId),
    );
    expect(outcome).toBe('55P03');
  });
});
