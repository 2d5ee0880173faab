import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { goals, notifications } from '@app/db';
import type { Goal, GoalListResponse, GoalResponse, NotificationListResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf, signIn } from '../../../test/accounts';
import type { Member } from '../../../test/money';
import { createPlan, fundedMember } from '../../../test/investing';
import { checkLedger } from '../../ledger/check';
import { runGoalTrackCheck } from './goal-track.job';

/** Goals that speak up (issue 38 item 5, decision 187): the projection on every read, and the notice. */

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

/** $100 to $10,000 a unit at 12%, as in goals.test.ts. */
const plan = await createPlan(app, {
  category: 'personal',
  apyBps: 1200,
  lockedApyBps: 1500,
  durationDays: 365,
  minAmountCents: 100_00,
  maxAmountCents: 10_000_00,
});

async function created(member: Member, body: Record<string, unknown>): Promise<Goal> {
  const response = await member.client.post(
    '/api/goals',
    { plan_id: plan.id, ...body },
    { token: member.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<GoalResponse>().goal;
}

async function detail(member: Member, id: number | string) {
  return member.client.get(`/api/goals/${id}`, { token: member.token });
}

const offTrackNotices = (userId: number) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'goal_off_track')));

// Saved 2026-03-02 with a $100 monthly unit (invested at once), target date 2027-03-01: $100 held 11
// whole months at 12% is $111; 11 more units (2026-04-02 … 2027-02-02) are $1,100 plus
// $100 × 12% × (11 × 10 ÷ 2) ÷ 12 = $55 of earnings. Projected: $1,266.
const SAVED = '2026-03-02T09:00:00Z';
const goalBody = { target_frequency: 'monthly', target_date: '2027-03-01' };

describe('the projection on GET /api/goals and GET /api/goals/:id', () => {
  it('is on track when the projected $1,266 reaches the target', async () => {
    clock.set(new Date(SAVED));
    const member = await fundedMember(app, 1000);
    const goal = await created(member, { name: 'Bike', target_amount: 1266, ...goalBody });
    expect(goal.projection).toEqual({
      track: 'on_track',
      projected_value: 1266,
      remaining_contributions: 11,
      suggested_contribution: null,
    });
    const list = await member.client.get('/api/goals', { token: member.token });
    expect(list.json<GoalListResponse>().data[0]?.projection.track).toBe('on_track');
    const one = await detail(member, goal.id);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<Goal>()).toEqual({ ...goal, projection: goal.projection });
  });

  it('is behind for a $5,000 target and suggests $423.30 a month', async () => {
    clock.set(new Date(SAVED));
    const member = await fundedMember(app, 1000);
    const goal = await created(member, { name: 'Car', target_amount: 5000, ...goalBody });
    // ($5,000 − $111 at the date) ÷ (11 + 12% × 55 ÷ 12) per dollar a month = 423.2900… → $423.30.
    expect(goal.projection).toEqual({
      track: 'behind',
      projected_value: 1266,
      remaining_contributions: 11,
      suggested_contribution: 423.3,
    });
    const paused = await member.client.post(`/api/goals/${goal.id}/pause`, {}, { token: member.token });
    expect(paused.statusCode).toBe(200);
    // Paused: $111 at the date. Resumed today, 12 units (the first at once, 11 held to the date):
    // ($5,000 − $111) ÷ (12 + 12% × 66 ÷ 12) per dollar a month = 386.176… → $386.18.
    const projection = (await detail(member, goal.id)).json<Goal>().projection;
    expect(projection).toMatchObject({ track: 'behind', projected_value: 111, remaining_contributions: 0 });
    expect(projection.suggested_contribution).toBe(386.18);
  });

  it('answers 404 for another member’s goal, 400 for a bad id, 401 without a session', async () => {
    clock.set(new Date(SAVED));
    const owner = await fundedMember(app, 200);
    const other = await fundedMember(app, 200);
    const goal = await created(owner, { name: 'Mine', target_amount: 1000 });
    const theirs = await detail(other, goal.id);
    expect(theirs.statusCode).toBe(404);
    expect(errorOf(theirs).message).toBe('Goal not found.');
    expect((await detail(owner, 'abc')).statusCode).toBe(400);
    expect((await detail(owner, 99_999_999)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/goals/${goal.id}` })).statusCode).toBe(401);
  });
});

describe('the on-track job', () => {
  it('tells the member of a goal behind once per period, and never of one on track', async () => {
    clock.set(new Date(SAVED));
    const member = await fundedMember(app, 1000);
    const behind = await created(member, { name: 'Boat', target_amount: 5000, ...goalBody });
    const onTrack = await created(member, { name: 'Bike', target_amount: 1000, ...goalBody });
    await runGoalTrackCheck(app.deps.database, clock.now(), 1);
    await runGoalTrackCheck(app.deps.database, clock.now(), 1);
    const first = await offTrackNotices(member.user.id);
    expect(first.map((row) => row.reference)).toEqual([`goal:${behind.id}:1:off-track`]);
    expect(first[0]?.messageKey).toBe('goal_off_track');
    expect(first[0]?.params).toEqual({
      goal: 'Boat',
      target: 5000_00,
      date: '2027-03-01',
      projected: 1266_00,
      suggested: 423_30,
    });
    const [checked] = await db.select().from(goals).where(eq(goals.id, onTrack.id));
    expect(checked?.trackCheckedPeriod).toBe(1);

    // A month on, the contribution job moves both goals to period 2: one more notice, then none.
    clock.set(new Date('2026-04-02T09:00:00Z'));
    const run = await app.inject({ method: 'POST', url: '/api/dev/clock', payload: {} });
    expect(run.json<{ jobs: string[] }>().jobs).toContain('goal-track');
    await runGoalTrackCheck(app.deps.database, clock.now());
    const second = await offTrackNotices(member.user.id);
    expect(second.map((row) => row.reference).sort()).toEqual([
      `goal:${behind.id}:1:off-track`,
      `goal:${behind.id}:2:off-track`,
    ]);

    // The bell shows it in the member's language, in the goals category.
    member.token = await signIn(member.client, member.email);
    const bell = await member.client.get('/api/notifications', {
      token: member.token,
      headers: { 'accept-language': 'es' },
    });
    const texts = bell.json<NotificationListResponse>().data.filter((row) => row.kind === 'goal_off_track');
    expect(texts.length).toBe(2);
    expect(texts[0]?.title).toMatch(/Goal behind schedule|Meta con retraso/);
  });

  it('passes the ledger check', async () => {
    const check = await checkLedger(db);
    expect(check.ok).toBe(true);
  });
});
