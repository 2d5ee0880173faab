import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { planRateChanges, plans, type PlanRow } from '@app/db';
import { PLAN_RATE_HISTORY_LIMIT, type PlanRateHistory } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf } from '../../../test/accounts';
import { createPlan } from '../../../test/investing';
import { putSettings } from '../settings/settings.service';
import { insertChange } from './plan-rates.repository';
import { rateNoticeDays, recordRateChange, renewalRates } from './plan-rates';

const { app } = await createTestApp();
const { db } = app.deps.database;

const at = (iso: string) => new Date(iso);

/** Changes the plan's rates at `now` as the back office does: the row and its change, in one transaction. */
async function changeRates(plan: PlanRow, apyBps: number, lockedApyBps: number, now: Date) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(plans).where(eq(plans.id, plan.id)).for('update');
    const [after] = await tx
      .update(plans)
      .set({ apyBps, lockedApyBps, updatedAt: now })
      .where(eq(plans.id, plan.id))
      .returning();
    return recordRateChange(tx, { before: before!, after: after!, changedBy: null, now });
  });
}

describe('renewalRates (decision 193)', () => {
  it('gives a plan without a change its current rates, and 404 for a plan that does not exist', async () => {
    const plan = await createPlan(app, { apyBps: 700, lockedApyBps: 900 });
    expect(await renewalRates(db, plan.id, at('2031-06-01T00:00:00Z'))).toEqual({
      apyBps: 700,
      lockedApyBps: 900,
    });
    await expect(renewalRates(db, 2_000_000_000, at('2031-06-01T00:00:00Z'))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('keeps the old rates for renewals until renewals_from, the new ones from that instant on', async () => {
    await putSettings(db, { rate_notice_days: 30 }, app.deps.clock.now());
    expect(await rateNoticeDays(db)).toBe(30);
    const plan = await createPlan(app, { apyBps: 1200, lockedApyBps: 1500 });
    // 1 January 2030 + 30 days = 31 January 2030, 00:00 UTC.
    const change = await changeRates(plan, 1000, 1300, at('2030-01-01T00:00:00Z'));
    expect(change?.renewalsFrom).toEqual(at('2030-01-31T00:00:00Z'));
    const rates = (iso: string) => renewalRates(db, plan.id, at(iso));
    expect(await rates('2030-01-01T00:00:00Z')).toEqual({ apyBps: 1200, lockedApyBps: 1500 });
    expect(await rates('2030-01-30T23:59:59.999Z')).toEqual({ apyBps: 1200, lockedApyBps: 1500 });
    expect(await rates('2030-01-31T00:00:00Z')).toEqual({ apyBps: 1000, lockedApyBps: 1300 });
    expect(await rates('2030-06-01T00:00:00Z')).toEqual({ apyBps: 1000, lockedApyBps: 1300 });
  });

  it('takes two changes in a row each at its own date, in the order they were made', async () => {
    await putSettings(db, { rate_notice_days: 30 }, app.deps.clock.now());
    const plan = await createPlan(app, { apyBps: 1200, lockedApyBps: 1500 });
    // First: 1 Jan → renewals from 31 Jan. Second: 10 Jan → renewals from 9 Feb.
    await changeRates(plan, 1000, 1300, at('2030-01-01T00:00:00Z'));
    const second = await changeRates(plan, 900, 1100, at('2030-01-10T12:00:00Z'));
    expect(second?.renewalsFrom).toEqual(at('2030-02-09T12:00:00Z'));
    const rates = (iso: string) => renewalRates(db, plan.id, at(iso));
    // Both ahead: the rates before the earliest.
    expect(await rates('2030-01-20T00:00:00Z')).toEqual({ apyBps: 1200, lockedApyBps: 1500 });
    expect(await rates('2030-01-31T00:00:00Z')).toEqual({ apyBps: 1000, lockedApyBps: 1300 });
    expect(await rates('2030-02-09T11:59:59.999Z')).toEqual({ apyBps: 1000, lockedApyBps: 1300 });
    expect(await rates('2030-02-09T12:00:00Z')).toEqual({ apyBps: 900, lockedApyBps: 1100 });

    // The notice shortened to none: a third change may not reach renewals before the second does.
    await putSettings(db, { rate_notice_days: 0 }, app.deps.clock.now());
    const third = await changeRates(plan, 800, 1000, at('2030-01-15T00:00:00Z'));
    expect(third?.renewalsFrom).toEqual(at('2030-02-09T12:00:00Z'));
    expect(await rates('2030-02-01T00:00:00Z')).toEqual({ apyBps: 1000, lockedApyBps: 1300 });
    // Same renewals_from: the later change wins.
    expect(await rates('2030-02-09T12:00:00Z')).toEqual({ apyBps: 800, lockedApyBps: 1000 });
    // With no notice at all, a change reaches renewals at the instant it is made.
    const fourth = await changeRates(plan, 850, 1000, at('2030-03-01T00:00:00Z'));
    expect(fourth?.renewalsFrom).toEqual(at('2030-03-01T00:00:00Z'));
    expect(await rates('2030-03-01T00:00:00Z')).toEqual({ apyBps: 850, lockedApyBps: 1000 });
    await putSettings(db, { rate_notice_days: 30 }, app.deps.clock.now());
  });

  it('records nothing when no rate changes', async () => {
    const plan = await createPlan(app, { apyBps: 1200, lockedApyBps: 1500 });
    expect(await changeRates(plan, 1200, 1500, at('2030-01-01T00:00:00Z'))).toBeNull();
    expect(await db.select().from(planRateChanges).where(eq(planRateChanges.planId, plan.id))).toEqual([]);
  });
});

describe('GET /api/plans/:id/rates', () => {
  const history = (id: number | string) => app.inject({ method: 'GET', url: `/api/plans/${id}/rates` });

  it('gives the creation rates, then each change, oldest first, cacheable, without signing in', async () => {
    await putSettings(db, { rate_notice_days: 30 }, app.deps.clock.now());
    const plan = await createPlan(app, { apyBps: 1200, lockedApyBps: 1500 });
    const unchanged = await history(plan.id);
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.headers['cache-control']).toBe('public, max-age=60');
    expect(unchanged.json()).toEqual([
      {
        date: plan.createdAt.toISOString(),
        apy_bps: 1200,
        locked_apy_bps: 1500,
        renewals_from: null,
      },
    ]);
    await changeRates(plan, 1000, 1300, at('2030-01-01T00:00:00Z'));
    await changeRates(plan, 1100, 1300, at('2030-02-01T00:00:00Z'));
    expect((await history(plan.id)).json()).toEqual([
      { date: plan.createdAt.toISOString(), apy_bps: 1200, locked_apy_bps: 1500, renewals_from: null },
      {
        date: '2030-01-01T00:00:00.000Z',
        apy_bps: 1000,
        locked_apy_bps: 1300,
        renewals_from: '2030-01-31T00:00:00.000Z',
      },
      {
        date: '2030-02-01T00:00:00.000Z',
        apy_bps: 1100,
        locked_apy_bps: 1300,
        renewals_from: '2030-03-03T00:00:00.000Z',
      },
    ]);
  });

  it('gives the latest points only, however many changes a plan has had', async () => {
    const plan = await createPlan(app, { apyBps: 100, lockedApyBps: 100 });
    const start = at('2030-01-01T00:00:00Z').getTime();
    for (let index = 1; index <= PLAN_RATE_HISTORY_LIMIT + 5; index += 1) {
      const changedAt = new Date(start + index * 86_400_000);
      await insertChange(db, {
        planId: plan.id,
        apyBpsBefore: 100 + index - 1,
        apyBpsAfter: 100 + index,
        lockedApyBpsBefore: 100 + index - 1,
        lockedApyBpsAfter: 100 + index,
        changedAt,
        renewalsFrom: changedAt,
        changedBy: null,
      });
    }
    const points = (await history(plan.id)).json<PlanRateHistory>();
    expect(points).toHaveLength(PLAN_RATE_HISTORY_LIMIT);
    expect(points.at(-1)?.apy_bps).toBe(100 + PLAN_RATE_HISTORY_LIMIT + 5);
    expect(points[0]?.apy_bps).toBe(106);
  });

  it('refuses a malformed id with 400 and a field error, and answers 404 for an unknown plan', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '12345678901']) {
      const response = await history(id);
      expect(response.statusCode, id).toBe(400);
      expect(Object.keys(errorOf(response).errors ?? {})).toEqual(['id']);
    }
    const unknown = await history(2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toEqual({ message: 'Plan not found.', code: 'NOT_FOUND' });
  });
});
