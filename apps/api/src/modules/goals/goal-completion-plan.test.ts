import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { goals } from '@app/db';
import { createTestApp } from '../../../test/helpers';
import { createPlan, fundedMember } from '../../../test/investing';
import { queryRows } from '../../ledger/sql';
import { reachedGoalsCompletion } from './goals.repository';
import { runGoalContributions } from './goal-contributions.service';

/**
 * The contribution job looks each minute for goals whose target is reached and that are not completed
 * yet: through goals_reached_idx (migration 0064), not by reading every goal there is.
 */

const { app, clock } = await createTestApp();
const { db } = app.deps.database;

describe('completing reached goals', () => {
  it('finds them through goals_reached_idx on a large analysed goals table, and completes them', async () => {
    const plan = await createPlan(app, { category: 'personal', minAmountCents: 100_00 });
    const member = await fundedMember(app, 0);
    const now = clock.now();
    const goal = (i: number) => ({
      userId: member.user.id,
      planId: plan.id,
      name: `Goal ${i}`,
      targetAmount: 500_00,
      unitAmount: 100_00,
      // Most goals are past (completed) or still short of their target; none is due.
      status: i % 3 === 0 ? ('completed' as const) : ('paused' as const),
      anchorOn: '2026-01-01',
      createdAt: now,
      updatedAt: now,
    });
    const rows = Array.from({ length: 20_000 }, (_, i) => goal(i));
    for (let i = 0; i < rows.length; i += 2_000) await db.insert(goals).values(rows.slice(i, i + 2_000));
    await db.execute(sql`analyze goals`);

    // The job's own statement, planned as the product plans it (generically, decision 135).
    const queryPlan = (
      await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain ${reachedGoalsCompletion(now, 500)}`)
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(queryPlan).toContain('goals_reached_idx');
    expect(queryPlan).not.toMatch(/Seq Scan on goals/);

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
