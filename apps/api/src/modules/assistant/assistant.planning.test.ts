import { describe, expect, it } from 'vitest';
import type { GoalResponse, PreviewPlansResponse, SuggestedPlan } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import { balanceOf, type Member } from '../../../test/money';
import { createPlan, fundedMember } from '../../../test/investing';
import { checkLedger } from '../../ledger/check';

/**
 * The assistant's goal planning (issue 34 Build 4, decision 161) through POST /api/ai/preview-plans
 * and /api/ai/save-goal, on both databases: the figures of issue 34 as regressions, every suggested
 * range running low to high and adding up to the target, and every bad amount or date answered with
 * a 400 that names the field and says what is wrong.
 */
const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
clock.set(new Date('2026-11-28T09:00:00Z'));

const starter = await createPlan(app, {
  name: 'Starter Planning',
  apyBps: 800,
  durationDays: 365,
  minAmountCents: 100_00,
  maxAmountCents: 5_000_00,
});
/** A plan that takes one $100 unit at a time and no more. */
const single = await createPlan(app, {
  name: 'Single Unit Planning',
  apyBps: 900,
  durationDays: 365,
  minAmountCents: 100_00,
  maxAmountCents: 100_00,
});
const prime = await createPlan(app, {
  name: 'Prime Planning',
  apyBps: 1500,
  durationDays: 365,
  minAmountCents: 10_000_00,
  maxAmountCents: 50_000_00,
});

const preview = async (member: Member, body: Record<string, unknown>) =>
  member.client.post('/api/ai/preview-plans', body, { token: member.token });
const plansFor = async (member: Member, body: Record<string, unknown>) => {
  const response = await preview(member, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PreviewPlansResponse>();
};
const ours = (body: PreviewPlansResponse) => {
  const ids = new Set([starter.id, single.id, prime.id]);
  return body.recommended_plans.filter((item) => ids.has(item.plan_id));
};

/** What every suggested plan must satisfy, whatever the catalogue holds. */
function expectConsistent(plans: SuggestedPlan[], target: number) {
  for (const item of plans) {
    expect(item.min_units).toBeGreaterThanOrEqual(1);
    expect(item.min_units).toBeLessThanOrEqual(item.max_units);
    expect(item.min_total).toBeLessThanOrEqual(item.max_total);
    expect(item.min_total).toBeCloseTo(item.min_units * item.min_amount * item.contributions, 2);
    expect(item.min_total).toBeGreaterThanOrEqual(target);
    expect(item.max_units * item.min_amount).toBeLessThanOrEqual(item.max_amount);
  }
}

describe('preview-plans: the figures of issue 34', () => {
  it('a $1,500 goal: the ranges run low to high (was "1 to 15 units, $50,000.00 to $1,500.00")', async () => {
    const member = await fundedMember(app, 20_000);
    const body = await plansFor(member, { target_amount: 1500, target_frequency: 'monthly' });
    expectConsistent(body.recommended_plans, 1500);
    const [first, second] = [starter, prime].map((plan) =>
      ours(body).find((item) => item.plan_id === plan.id),
    );
    // 13 monthly contributions in 12 months: 2 units of $100, $2,600 by then; at most 15 ($1,500 at once).
    expect(first).toMatchObject({ min_units: 2, max_units: 15, min_total: 2600, max_total: 19500 });
    expect(second).toMatchObject({ min_units: 1, max_units: 1, min_total: 130000, max_total: 130000 });
  });

  it('a $1,000,000,000 goal: no plan that cannot reach it, never a reversed range (was "$925,950,000.00 to $925,926,000.00")', async () => {
    const member = await fundedMember(app, 60_000);
    const body = await plansFor(member, { target_amount: 1_000_000_000, target_frequency: 'daily' });
    expectConsistent(body.recommended_plans, 1_000_000_000);
    expect(ours(body)).toEqual([]);
    if (body.recommended_plans.length === 0) {
      expect(body.message).toBe(
        'No plan can reach this target by that date. Try a later date, a smaller amount or a more frequent interval.',
      );
    }
  });

  it('$1,500 by 30 Sep 2027 at $100 a month is not offered (11 × $100 is $1,100); 2 units a month are', async () => {
    const member = await fundedMember(app, 1_000);
    const body = await plansFor(member, {
      target_amount: 1500,
      target_frequency: 'monthly',
      target_date: '2027-09-30',
    });
    expectConsistent(body.recommended_plans, 1500);
    expect(ours(body).map((item) => item.plan_id)).toEqual([starter.id]);
    expect(ours(body)[0]).toMatchObject({ contributions: 11, min_units: 2, min_total: 2200 });
  });

  it('saves the goal with the units it was offered: 2 × $100 now and each month', async () => {
    const member = await fundedMember(app, 1_000);
    const saved = await member.client.post(
      '/api/ai/save-goal',
      {
        name: 'Bike',
        target_amount: 1500,
        target_frequency: 'monthly',
        target_date: '2027-09-30',
        plan_id: starter.id,
        achieved_amount: 0,
        units: 2,
      },
      { token: member.token },
    );
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json<GoalResponse>().goal).toMatchObject({ unit_amount: 200, invested: 200 });
    expect((await balanceOf(member)).balance).toBe(800);
    const tooMany = await member.client.post(
      '/api/ai/save-goal',
      { name: 'Car', target_amount: 1500, plan_id: starter.id, units: 51 },
      { token: member.token },
    );
    expect(tooMany.statusCode).toBe(400);
    expect(errorOf(tooMany).errors?.units).toEqual([
      'That many units are more than this plan takes at once.',
    ]);
    expect((await balanceOf(member)).balance).toBe(800);
    expect((await checkLedger(app.deps.database.db)).ok).toBe(true);
  });
});

describe('preview-plans: every bad amount or date gets a clear answer', () => {
  const amounts: Array<[unknown, string]> = [
    ['abc', 'Please enter a target amount of at least 1.'],
    ['0', 'Please enter a target amount of at least 1.'],
    [0, 'Please enter a target amount of at least 1.'],
    [-5, 'Please enter a target amount of at least 1.'],
    ['0.50', 'Please enter a target amount of at least 1.'],
    ['10.999', 'Amount may have at most 2 decimals.'],
    ['99999999999999999', 'Amount is too large.'],
  ];
  it.each(amounts)('target_amount %j → 400: %s', async (amount, message) => {
    const member = await fundedMember(app, 0);
    const response = await preview(member, { target_amount: amount });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors?.target_amount).toEqual([message]);
  });

  const dates: Array<[string, string]> = [
    ['2026-11-28', 'The target date must be after today.'],
    ['2020-01-01', 'The target date must be after today.'],
    ['30/09/2027', 'Enter a date as YYYY-MM-DD.'],
    ['2027-02-30', 'Enter a date as YYYY-MM-DD.'],
    ['2090-01-01', 'The target date can be at most 50 years from today.'],
  ];
  it.each(dates)('target_date %j → 400: %s', async (date, message) => {
    const member = await fundedMember(app, 0);
    const response = await preview(member, { target_amount: 1500, target_date: date });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errors?.target_date).toEqual([message]);
  });
});
