import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { goals } from '@app/db';
import type { GoalResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { createPlan, fundedMember } from '../../../test/investing';
import { gate, someoneWaitsForALock } from '../../../test/locks';
import { runGoalContributions } from './goal-contributions.service';

// PostgreSQL only (vitest.config.ts): the accrual holds one goal while the contribution job runs, which
// needs two connections (PGlite has one). Decision 222: every writer locks goals in id order.

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

async function goalOf(planId: number): Promise<number> {
  const member = await fundedMember(app, 1000);
  const response = await member.client.post(
    '/api/goals',
    {
      plan_id: planId,
      name: 'Car',
      target_amount: 5000,
      target_frequency: 'monthly',
      target_date: '2027-03-01',
    },
    { token: member.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<GoalResponse>().goal.id;
}

describe('the goal contribution job beside another writer of goals', () => {
  it('locks the goals it chose in id order, so it waits holding none a lower-id writer will want next', async () => {
    clock.set(new Date('2026-03-02T09:00:00Z'));
    const plan = await createPlan(app, { durationDays: 365 });
    const older = await goalOf(plan.id);
    const newer = await goalOf(plan.id);
    expect(newer).toBeGreaterThan(older);
    // After downtime both are due, the newer one first.
    await db.update(goals).set({ nextDueOn: '2026-04-05' }).where(eq(goals.id, older));
    await db.update(goals).set({ nextDueOn: '2026-04-03' }).where(eq(goals.id, newer));
    clock.set(new Date('2026-04-06T09:00:00Z'));

    const steps = gate();
    // As the accrual does for a batch holding the older goal's plan: that goal locked.
    const holding = db.transaction(async (tx) => {
      await tx.select({ id: goals.id }).from(goals).where(eq(goals.id, older)).for('update');
      steps.open();
      await steps.released;
    });
    await steps.opened;
    const job = runGoalContributions(app.deps, clock.now());
    await someoneWaitsForALock(db);
    // The job waits for the older goal; the newer one must still be free (before, the job took it first
    // and a writer wanting both, in id order, deadlocked with it).
    const newerFree = await db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '500ms'`);
      return tx
        .select({ id: goals.id })
        .from(goals)
        .where(eq(goals.id, newer))
        .for('update')
        .then(
          () => true,
          () => false,
        );
    });
    steps.release();
    await holding;
    const run = await job;
    expect(newerFree).toBe(true);
    expect(run.invested).toBeGreaterThanOrEqual(2);
  });
});
