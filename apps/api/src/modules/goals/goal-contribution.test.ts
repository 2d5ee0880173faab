import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { goals } from '@app/db';
import type { Goal, GoalResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import type { Member } from '../../../test/money';
import { createPlan, fundedMember } from '../../../test/investing';
import { checkLedger } from '../../ledger/check';

/** A goal's contribution per period, changed by its member (decision 191), following "Behind: add X". */

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

/** $100 to $10,000 a unit at 12%, as in goal-track.test.ts. */
const plan = await createPlan(app, {
  category: 'personal',
  apyBps: 1200,
  lockedApyBps: 1500,
  durationDays: 365,
  minAmountCents: 100_00,
  maxAmountCents: 10_000_00,
});

const SAVED = '2026-03-02T09:00:00Z';

async function created(member: Member, targetAmount: number): Promise<Goal> {
  const response = await member.client.post(
    '/api/goals',
    {
      plan_id: plan.id,
      name: 'Car',
      target_amount: targetAmount,
      target_frequency: 'monthly',
      target_date: '2027-03-01',
    },
    { token: member.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<GoalResponse>().goal;
}

const change = (member: Member, id: number | string, body: unknown) =>
  member.client.post(`/api/goals/${id}/contribution`, body, { token: member.token });

describe('POST /api/goals/:id/contribution', () => {
  it('takes the suggested contribution: the goal is on track at once, nothing invested moves', async () => {
    clock.set(new Date(SAVED));
    const member = await fundedMember(app, 1000);
    const goal = await created(member, 5000);
    // As goal-track.test.ts: behind, $423.30 a month reaches $5,000 by 2027-03-01.
    expect(goal.projection).toMatchObject({ track: 'behind', suggested_contribution: 423.3 });

    const oneCentShort = await change(member, goal.id, { amount: 423.29 });
    expect(oneCentShort.statusCode, oneCentShort.body).toBe(200);
    expect(oneCentShort.json<GoalResponse>().goal.projection.track).toBe('behind');

    const response = await change(member, goal.id, { amount: '423.30' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<GoalResponse>();
    expect(answer.message).toBe('Contribution changed.');
    expect(answer.goal).toMatchObject({
      unit_amount: 423.3,
      next_contribution_amount: 423.3,
      invested: 100,
      projection: { track: 'on_track', suggested_contribution: null },
    });
    expect(answer.goal.projection.projected_value).toBeGreaterThanOrEqual(5000);
    const [row] = await db.select().from(goals).where(eq(goals.id, goal.id));
    expect(row?.unitAmount).toBe(423_30);
  });

  it('refuses an amount the plan does not take, or not an amount, with the field and nothing changed', async () => {
    clock.set(new Date(SAVED));
    const member = await fundedMember(app, 1000);
    const goal = await created(member, 5000);
    for (const amount of [99.99, 10_000.01]) {
      const response = await change(member, goal.id, { amount });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).errors).toEqual({
        amount: ['The contribution must be between this plan’s minimum and maximum amounts.'],
      });
    }
    for (const body of [{ amount: 0 }, { amount: 'lots' }, {}, { amount: 1.005 }]) {
      const response = await change(member, goal.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).errors?.amount?.length).toBe(1);
    }
    const [row] = await db.select().from(goals).where(eq(goals.id, goal.id));
    expect(row?.unitAmount).toBe(100_00);
  });

  it('answers 404 for another member’s goal, 422 for a completed one, 401 without a session', async () => {
    clock.set(new Date(SAVED));
    const owner = await fundedMember(app, 1000);
    const other = await fundedMember(app, 1000);
    const goal = await created(owner, 5000);
    const theirs = await change(other, goal.id, { amount: 200 });
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs).message).toBe('Goal not found.');
    expect((await change(owner, 99_999_999, { amount: 200 })).statusCode).toBe(404);
    expect((await change(owner, 'abc', { amount: 200 })).statusCode).toBe(400);
    const [row] = await db.select().from(goals).where(eq(goals.id, goal.id));
    expect(row?.unitAmount).toBe(100_00);

    const done = await created(owner, 50);
    expect(done.status).toBe('completed');
    const late = await change(owner, done.id, { amount: 200 });
    expect(late.statusCode).toBe(422);
    expect(errorOf(late).message).toBe('A completed goal takes no more contributions.');
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/goals/${goal.id}/contribution`,
      payload: { amount: 200 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('passes the ledger check', async () => {
    const check = await checkLedger(db);
    expect(check.ok).toBe(true);
  });
});
