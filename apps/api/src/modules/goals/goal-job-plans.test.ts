import { describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { goals } from '@app/db';
import { createTestApp } from '../../../test/helpers';
import { createPlan, fundedMember } from '../../../test/investing';
import { genericPlanOf } from '../../../test/plans';
import { reachedGoalsCompletion } from './goals.repository';
import { runGoalContributions } from './goal-contributions.service';
import { uncheckedGoalsClaim } from './goal-track.job';

/**
 * The goal jobs look at goals each minute: the goals whose target is reached and that are not
 * completed yet (through goals_reached_idx, migration 0064), and the goals whose period is not yet
 * checked for track (goals_track_idx). Neither reads every goal there is.
 */

const { app, clock } = await createTestApp();
const { db } = app.deps.database;

/** The plan of the job's own statement, planned as the product plans it (generically, decision 135). */
const planOf = (statement: SQL) => genericPlanOf(app.deps.database, () => statement, { asConfigured: true });

describe('the goal jobs on a large analysed goals table', () => {
  it('find reached goals through goals_reached_idx and complete them; claim track checks by key', async () => {
    const plan = await createPlan(app, { category: 'personal', minAmountCents: 100_00 });
    const member = await fundedMember(app, 0);
    const now = clock.now();
    const goal = (i: number) => ({
      userId: member.user.id,
      planId: plan.id,
      name: `Goal ${i}`,
      targetAmount: 500_00,
      unitAmount: 100_00,
      // Goals past (completed), paused, or running and not due for a while; none reached its target.
      status: (['completed', 'paused', 'active'] as const)[i % 3]!,
      nextDueOn: i % 3 === 2 ? '2027-01-01' : null,
      anchorOn: '2026-01-01',
      // Every other goal has a date whose period is checked already.
      targetDate: i % 2 === 0 ? '2028-01-01' : null,
      trackCheckedPeriod: 1,
      createdAt: now,
      updatedAt: now,
    });
    const rows = Array.from({ length: 20_000 }, (_, i) => goal(i));
    for (let i = 0; i < rows.length; i += 2_000) await db.insert(goals).values(rows.slice(i, i + 2_000));
    await db.execute(sql`analyze goals`);

    const completion = await planOf(reachedGoalsCompletion(now, 500));
    expect(completion).toContain('goals_reached_idx');
    expect(completion).not.toMatch(/Seq Scan on goals/);
    const trackClaim = await planOf(uncheckedGoalsClaim(5000));
    expect(trackClaim).toContain('goals_track_idx');
    expect(trackClaim).not.toMatch(/Seq Scan on goals/);

    // One paused goal whose earnings have reached its target (a test's stand-in for the accrual).
    const [reached] = await db
      .update(goals)
      .set({ earned: 500_00 })
      .where(eq(goals.name, 'Goal 1'))
      .returning({ id: goals.id });
    await runGoalContributions(app.deps, now);
    const [after] = await db.select({ status: goals.status }).from(goals).where(eq(goals.id, reached!.id));
    expect(after?.status).toBe('completed');
    // Mend the stand-in: its earnings have no accrual behind them (the ledger check after the file).
    await db.delete(goals).where(eq(goals.userId, member.user.id));
  });
});
