import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { checkLedger } from '../../ledger/check';
import { queryRows } from '../../ledger/sql';
import { EARNINGS_CHART_DAYS, type PortfolioEarningsResponse, type UserPlanDetail } from '@app/shared';
import { createTestApp, ApiClient } from '../../../test/helpers';
import { signIn } from '../../../test/accounts';
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

  it('reads only the latest days of a member with more than a year of earnings, each with the total since the first', async () => {
    const member = await fundedMember(app, 20_000);
    const flexible = await createPlan(app, { durationDays: null, apyBps: 1200 });
    const position = await investIn(member, flexible.id, 10_000);
    clock.advance(400 * DAY);
    await runAccruals(app.deps, clock.now());
    // A year on, the member signs in again (a session ends after at most 90 days, decision 216).
    member.token = await signIn(member.client, member.email);
    const { db } = app.deps.database;
    const accrued = await queryRows<{ day: string; amount: unknown }>(
      db,
      sql`select accrual_date::text as day, amount from user_plan_accruals
          where user_plan_id = ${position.id} order by accrual_date`,
    );
    expect(accrued).toHaveLength(400);
    let running = 0;
    const totalTo = new Map(accrued.map((row) => [row.day, (running += Number(row.amount))]));

    // The portfolio: the latest EARNINGS_CHART_DAYS days, oldest first, each with the sum of every
    // day up to it (the 34 days not listed included), and the total of all 400.
    const answer = await member.client.get('/api/portfolio/earnings', { token: member.token });
    expect(answer.statusCode, answer.body).toBe(200);
    const portfolio = answer.json<PortfolioEarningsResponse>();
    expect(portfolio.data).toHaveLength(EARNINGS_CHART_DAYS);
    expect(portfolio.data.map((day) => day.date)).toEqual([...totalTo.keys()].slice(-EARNINGS_CHART_DAYS));
    for (const day of portfolio.data) expect(Math.round(day.cumulative * 100)).toBe(totalTo.get(day.date));
    expect(Math.round(portfolio.total * 100)).toBe(running);
    expect(portfolio.total).toBe((await balanceOf(member)).total_earnings);

    // The plan: the same days newest first, with the plan's running total.
    const detail = (
      await member.client.get(`/api/pp/${position.id}`, { token: member.token })
    ).json<UserPlanDetail>();
    expect(detail.earnings).toHaveLength(EARNINGS_CHART_DAYS);
    expect(detail.earnings[0]!.date.slice(0, 10)).toBe([...totalTo.keys()].at(-1));
    for (const day of detail.earnings)
      expect(Math.round(day.cumulative * 100)).toBe(totalTo.get(day.date.slice(0, 10)));
    expect(detail.earned).toBe(portfolio.total);
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
