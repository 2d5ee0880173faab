import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { checkLedger } from '../../ledger/check';
import type { PortfolioEarningsResponse, UserPlanDetail } from '@app/shared';
import { createTestApp, ApiClient } from '../../../test/helpers';
import { balanceOf } from '../../../test/money';
import { createPlan, fundedMember, investIn } from '../../../test/investing';
import { runAccruals } from '../investing/accrual.service';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const DAY = 86_400_000;

describe('GET /api/portfolio/earnings', () => {
  it('sums every plan’s earnings per day, with the running total, oldest first', async () => {
    const member = await fundedMember(app, 20_000);
    const flexible = await createPlan(app, { durationDays: null, apyBps: 900 });
    const fixed = await createPlan(app, { durationDays: 30, apyBps: 1500 });
    const a = await investIn(member, flexible.id, 5_000);
    clock.advance(2 * DAY);
    const b = await investIn(member, fixed.id, 8_000);
    clock.advance(5 * DAY);
    await runAccruals(app.deps, clock.now());

    const response = await member.client.get('/api/portfolio/earnings', { token: member.token });
    expect(response.statusCode).toBe(200);
    const body = response.json<PortfolioEarningsResponse>();

    // Each day's amount is the sum of both plans' accruals of that day.
    const perDay = new Map<string, number>();
    for (const id of [a.id, b.id]) {
      const detail = await member.client.get(`/api/pp/${id}`, { token: member.token });
      for (const earning of detail.json<UserPlanDetail>().earnings) {
        perDay.set(
          earning.date.slice(0, 10),
          (perDay.get(earning.date.slice(0, 10)) ?? 0) + Math.round(earning.amount * 100),
        );
      }
    }
    expect(body.data.map((day) => day.date)).toEqual([...perDay.keys()].sort());
    let running = 0;
    for (const day of body.data) {
      expect(Math.round(day.amount * 100)).toBe(perDay.get(day.date));
      running += Math.round(day.amount * 100);
      expect(Math.round(day.cumulative * 100)).toBe(running);
    }
    expect(body.data.length).toBe(7);
    expect(body.total).toBe((await balanceOf(member)).total_earnings);

    // The per-day aggregate is proven by the ledger check: a day moved behind its back is reported.
    const { db } = app.deps.database;
    const day = body.data[0]!.date;
    await db.execute(
      sql`update member_daily_earnings set amount = amount + 1 where user_id = ${member.user.id} and day = ${day}`,
    );
    const broken = await checkLedger(db);
    expect(broken.ok).toBe(false);
    expect(broken.mismatchedDailyEarnings).toEqual([
      expect.objectContaining({
        userId: member.user.id,
        day,
        cached: Math.round(body.data[0]!.amount * 100) + 1,
      }),
    ]);
    await db.execute(
      sql`update member_daily_earnings set amount = amount - 1 where user_id = ${member.user.id} and day = ${day}`,
    );
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('is empty for a member without plans, and shows nobody else’s earnings', async () => {
    const member = await fundedMember(app, 0);
    const response = await member.client.get('/api/portfolio/earnings', { token: member.token });
    expect(response.json()).toEqual({ data: [], total: 0 });
  });

  it('needs a session', async () => {
    expect((await new ApiClient(app).get('/api/portfolio/earnings')).statusCode).toBe(401);
  });
});
