import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ledgerEntries, memberListTotals, userPlans } from '@app/db';
import { checkLedger } from '../../ledger/check';
import type {
  InvestResponse,
  UserPlanActionResponse,
  UserPlanDetail,
  UserPlanListResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf, signIn } from '../../../test/accounts';
import { balanceOf, signedInMember, type Member } from '../../../test/money';
import { createPlan, fundedMember, investIn } from '../../../test/investing';
import { runAccruals } from './accrual.service';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

const plansOf = async (member: Member) =>
  db.select().from(userPlans).where(eq(userPlans.userId, member.user.id));

const post = (member: Member, url: string, body?: unknown, headers?: Record<string, string>) =>
  member.client.post(url, body, { token: member.token, ...(headers ? { headers } : {}) });

describe('POST /api/invest', () => {
  it('moves the amount from the balance into a new plan, one ledger entry', async () => {
    const plan = await createPlan(app, { apyBps: 1200, durationDays: 182, minAmountCents: 5000_00 });
    const member = await fundedMember(app, 6000);
    const response = await post(member, '/api/invest', { plan_id: plan.id, amount: '5000.50' });
    expect(response.statusCode).toBe(201);
    const body = response.json<InvestResponse>();
    expect(body.message).toBe('Investment successful!');
    expect(body.plan).toMatchObject({
      plan_id: plan.id,
      name: plan.name,
      amount: 5000.5,
      status: 'active',
      rate_bps: 1200,
      change: '+12.00%',
      duration: '6 months',
      starts_at: clock.now().toISOString(),
      ends_at: new Date(clock.now().getTime() + 182 * 86_400_000).toISOString(),
      next_accrual_at: '2026-03-03T00:00:00.000Z',
      earned: 0,
    });
    expect((await balanceOf(member)).balance).toBe(999.5);
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `invest:${body.plan.id}`));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.kind).toBe('investment');
  });

  it('checks the amount against the plan’s limits with the spec’s messages, and changes nothing', async () => {
    const plan = await createPlan(app, { minAmountCents: 100_00, maxAmountCents: 50_000_00 });
    const member = await fundedMember(app, 100_000);
    const cases: [unknown, string][] = [
      ['abc', 'Please enter a valid amount.'],
      [-5, 'Please enter a valid amount.'],
      [0, 'Please enter a valid amount.'],
      [null, 'Please enter a valid amount.'],
      [99.99, 'Amount must be between 100 and 50000.'],
      [50_000.01, 'Amount must be between 100 and 50000.'],
    ];
    for (const [amount, message] of cases) {
      const response = await post(member, '/api/invest', { plan_id: plan.id, amount });
      expect(response.statusCode, String(amount)).toBe(400);
      expect(errorOf(response).errors?.amount).toEqual([message]);
    }
    const noAmount = await post(member, '/api/invest', { plan_id: plan.id });
    expect(noAmount.statusCode).toBe(400);
    expect(errorOf(noAmount).errors?.amount).toEqual(['Please enter a valid amount.']);
    // The limits themselves are inside.
    await investIn(member, plan.id, 100);
    await investIn(member, plan.id, 50_000);
    expect((await balanceOf(member)).balance).toBe(49_900);
    expect(await plansOf(member)).toHaveLength(2);
  });

  it('refuses an unknown or inactive plan, a missing plan_id, an unverified email and a short balance', async () => {
    const active = await createPlan(app);
    const inactive = await createPlan(app, { status: 'inactive' });
    const member = await fundedMember(app, 500);

    const unknown = await post(member, '/api/invest', { plan_id: 999_999, amount: 200 });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe('Plan not found.');

    const closed = await post(member, '/api/invest', { plan_id: inactive.id, amount: 200 });
    expect(closed.statusCode).toBe(422);
    expect(errorOf(closed).message).toBe('This plan is not open for investment.');

    const noPlan = await post(member, '/api/invest', { amount: 200 });
    expect(noPlan.statusCode).toBe(400);
    expect(errorOf(noPlan).errors?.plan_id).toEqual(['Choose a plan.']);

    const short = await post(member, '/api/invest', { plan_id: active.id, amount: 500.01 });
    expect(short.statusCode).toBe(422);
    expect(errorOf(short)).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance.' });

    const unverified = await signedInMember(app, { verified: false });
    const refused = await post(unverified, '/api/invest', { plan_id: active.id, amount: 200 });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).code).toBe('EMAIL_NOT_VERIFIED');

    expect((await balanceOf(member)).balance).toBe(500);
    expect(await plansOf(member)).toHaveLength(0);
    expect(await plansOf(unverified)).toHaveLength(0);
  });

  it('needs a signed-in member', async () => {
    const plan = await createPlan(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/invest',
      payload: { plan_id: plan.id, amount: 200 },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers a repeated Idempotency-Key with the stored answer and invests once', async () => {
    const plan = await createPlan(app);
    const member = await fundedMember(app, 1000);
    const headers = { 'idempotency-key': 'invest-once-1' };
    const first = await post(member, '/api/invest', { plan_id: plan.id, amount: 300 }, headers);
    const again = await post(member, '/api/invest', { plan_id: plan.id, amount: 300 }, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await post(member, '/api/invest', { plan_id: plan.id, amount: 301 }, headers);
    expect(other.statusCode).toBe(422);
    expect((await balanceOf(member)).balance).toBe(700);
    expect(await plansOf(member)).toHaveLength(1);
  });

  it('never lets two concurrent investments overdraw the balance', async () => {
    const plan = await createPlan(app);
    const member = await fundedMember(app, 1000);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => post(member, '/api/invest', { plan_id: plan.id, amount: 400 })),
    );
    const created = responses.filter((response) => response.statusCode === 201);
    expect(created).toHaveLength(2);
    expect(responses.filter((response) => response.statusCode === 422)).toHaveLength(2);
    expect((await balanceOf(member)).balance).toBe(200);
    expect(await plansOf(member)).toHaveLength(2);
    // The refused investments left the kept length of the member's plans as it was (decision 134).
    const listed = await member.client.get('/api/pp', { token: member.token });
    expect(listed.json<UserPlanListResponse>().meta).toEqual({ current_page: 1, total_pages: 1, total: 2 });
  });
});

describe('GET /api/pp and /api/pp/:id', () => {
  it('pages the member’s own plans, newest first, 5 per page by default', async () => {
    const plan = await createPlan(app);
    const member = await fundedMember(app, 10_000);
    const other = await fundedMember(app, 1000);
    await investIn(other, plan.id, 100);
    const made = [];
    for (let i = 0; i < 7; i += 1) {
      made.push(await investIn(member, plan.id, 100 + i));
      clock.advance(1000);
    }
    const first = await member.client.get('/api/pp', { token: member.token });
    expect(first.statusCode).toBe(200);
    const page1 = first.json<UserPlanListResponse>();
    expect(page1.meta).toEqual({ current_page: 1, total_pages: 2, total: 7 });
    expect(page1.data.map((row) => row.amount)).toEqual([106, 105, 104, 103, 102]);
    const page2 = (
      await member.client.get('/api/pp?page=2', { token: member.token })
    ).json<UserPlanListResponse>();
    expect(page2.data.map((row) => row.amount)).toEqual([101, 100]);
    const bad = await member.client.get('/api/pp?page=0', { token: member.token });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors?.page).toBeDefined();

    const one = await member.client.get(`/api/pp/${made[0]!.id}`, { token: member.token });
    expect(one.statusCode).toBe(200);
    expect(one.json<UserPlanDetail>()).toMatchObject({ id: made[0]!.id, amount: 100, earnings: [] });
    const othersPlan = (
      await other.client.get('/api/pp', { token: other.token })
    ).json<UserPlanListResponse>().data[0]!;
    const hidden = await member.client.get(`/api/pp/${othersPlan.id}`, { token: member.token });
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).message).toBe('Plan not found.');
    expect((await member.client.get('/api/pp/abc', { token: member.token })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/pp' })).statusCode).toBe(401);
  });
});

describe('the kept length of a member’s plans (member_list_totals, decision 134)', () => {
  it('is the page count of /api/pp, and the ledger check catches one that differs from the plans', async () => {
    const plan = await createPlan(app);
    const member = await fundedMember(app, 5000);
    for (let i = 0; i < 12; i += 1) await investIn(member, plan.id, 100);
    const meta = async (page: number) =>
      (await member.client.get(`/api/pp?page=${page}`, { token: member.token })).json<UserPlanListResponse>()
        .meta;
    // Twelve plans are three pages of five, whichever page is asked for.
    expect(await meta(1)).toEqual({ current_page: 1, total_pages: 3, total: 12 });
    expect(await meta(3)).toEqual({ current_page: 3, total_pages: 3, total: 12 });
    expect((await checkLedger(db)).mismatchedListTotals).toEqual([]);

    await db
      .update(memberListTotals)
      .set({ rows: 11 })
      .where(and(eq(memberListTotals.userId, member.user.id), eq(memberListTotals.list, 'user_plans')));
    const check = await checkLedger(db);
    expect(check.ok).toBe(false);
    expect(check.mismatchedListTotals).toContainEqual({
      userId: member.user.id,
      list: 'user_plans',
      cached: 11,
      rows: 12,
    });
    await db
      .update(memberListTotals)
      .set({ rows: 12 })
      .where(and(eq(memberListTotals.userId, member.user.id), eq(memberListTotals.list, 'user_plans')));
    expect((await checkLedger(db)).ok).toBe(true);
  });
});

describe('POST /api/pp/:id/lock', () => {
  it('locks an active plan once and for all; not another member’s, not twice, not a flexible one', async () => {
    const fixed = await createPlan(app, { apyBps: 1000, lockedApyBps: 1400, durationDays: 90 });
    const flexible = await createPlan(app, { durationDays: null });
    const member = await fundedMember(app, 2000);
    const other = await fundedMember(app, 0);
    const mine = await investIn(member, fixed.id, 1000);
    const flex = await investIn(member, flexible.id, 500);

    const stranger = await post(other, `/api/pp/${mine.id}/lock`);
    expect(stranger.statusCode).toBe(404);

    const locked = await post(member, `/api/pp/${mine.id}/lock`);
    expect(locked.statusCode).toBe(200);
    expect(locked.json<UserPlanActionResponse>()).toMatchObject({
      message: 'Plan locked.',
      plan: { status: 'locked', rate_bps: 1400, change: '+14.00%', locked_at: clock.now().toISOString() },
    });
    const twice = await post(member, `/api/pp/${mine.id}/lock`);
    expect(twice.statusCode).toBe(422);
    expect(errorOf(twice).message).toBe('Only an active plan can be locked.');

    const flexLock = await post(member, `/api/pp/${flex.id}/lock`);
    expect(flexLock.statusCode).toBe(422);
    expect(errorOf(flexLock).message).toBe(
      'A flexible plan cannot be locked; you can withdraw it at any time instead.',
    );

    expect((await post(member, '/api/pp/0/lock')).statusCode).toBe(400);
    expect((await post(member, '/api/pp/424242/lock')).statusCode).toBe(404);
    const after = (
      await member.client.get(`/api/pp/${flex.id}`, { token: member.token })
    ).json<UserPlanDetail>();
    expect(after.status).toBe('active');
  });
});

describe('a fixed term that is over before the maturity job has completed it', () => {
  it('cannot be locked (409) nor switched to reinvest (422): no accrual is left, nothing changes', async () => {
    clock.set(new Date('2026-05-01T10:00:00Z'));
    const fixed = await createPlan(app, { apyBps: 1000, lockedApyBps: 1400, durationDays: 30 });
    const member = await fundedMember(app, 1000);
    const held = await investIn(member, fixed.id, 500);
    // Ended 2026-05-31 10:00; the job that completes it has not run yet.
    clock.set(new Date('2026-05-31T10:00:30Z'));
    member.token = await signIn(member.client, member.email);
    const lock = await post(member, `/api/pp/${held.id}/lock`);
    expect(lock.statusCode).toBe(409);
    expect(errorOf(lock).message).toBe('This plan has already ended.');
    const reinvest = await member.client.put(
      `/api/pp/${held.id}/compounding`,
      { reinvest: true },
      { token: member.token },
    );
    expect(reinvest.statusCode).toBe(422);
    expect(errorOf(reinvest).message).toBe('This plan has ended; its earnings can no longer be reinvested.');
    const detail = (
      await member.client.get(`/api/pp/${held.id}`, { token: member.token })
    ).json<UserPlanDetail>();
    expect(detail).toMatchObject({ status: 'active', rate_bps: 1000, change: '+10.00%', locked_at: null });
    expect(detail.reinvest).toBe(false);
  });
});

describe('a fixed term between its last accrual and its end time (the same day)', () => {
  it('cannot be locked (409) nor switched to reinvest (422); a day earlier it can, and earns the locked rate', async () => {
    clock.set(new Date('2026-05-01T10:00:00Z'));
    const fixed = await createPlan(app, { apyBps: 1000, lockedApyBps: 1400, durationDays: 30 });
    const member = await fundedMember(app, 1000);
    const late = await investIn(member, fixed.id, 500);
    const early = await investIn(member, fixed.id, 500);
    // The night of 30 May is still ahead: a lock now earns the locked rate for that one day.
    clock.set(new Date('2026-05-30T05:00:00Z'));
    await runAccruals(app.deps, clock.now());
    member.token = await signIn(member.client, member.email);
    expect((await post(member, `/api/pp/${early.id}/lock`)).statusCode).toBe(200);
    // 31 May 00:00 paid the last day; the term ends at 10:00 and the plan is still active until then.
    clock.set(new Date('2026-05-31T05:00:00Z'));
    await runAccruals(app.deps, clock.now());
    const lock = await post(member, `/api/pp/${late.id}/lock`);
    expect(lock.statusCode).toBe(409);
    expect(errorOf(lock).message).toBe(
      'This plan has had its last day of earnings; locking it now would not change them.',
    );
    const reinvest = await member.client.put(
      `/api/pp/${late.id}/compounding`,
      { reinvest: true },
      { token: member.token },
    );
    expect(reinvest.statusCode).toBe(422);
    expect(errorOf(reinvest).message).toBe(
      'This plan has had its last day of earnings; none are left to reinvest.',
    );

    clock.set(new Date('2026-05-31T10:00:30Z'));
    await runAccruals(app.deps, clock.now());
    const [lateAfter, earlyAfter] = await Promise.all(
      [late, early].map(async (plan) =>
        (await member.client.get(`/api/pp/${plan.id}`, { token: member.token })).json<UserPlanDetail>(),
      ),
    );
    // 500 × 10% × 30 / 365 = 4.11: the rate it earned, and the rate it shows.
    expect(lateAfter).toMatchObject({ status: 'completed', rate_bps: 1000, earned: 4.11, locked_at: null });
    expect(lateAfter?.reinvest).toBe(false);
    // 29 days at 10% and the last at 14%: 500 × (0.10 × 29 + 0.14) / 365 = 4.16.
    expect(earlyAfter).toMatchObject({ status: 'completed', rate_bps: 1400, earned: 4.16 });
  });
});

describe('POST /api/pp/:id/withdraw', () => {
  it('ends a flexible plan with the days due credited first, and refuses anything else', async () => {
    clock.set(new Date('2026-04-10T15:00:00Z'));
    const flexible = await createPlan(app, { apyBps: 800, durationDays: null });
    const fixed = await createPlan(app, { durationDays: 30 });
    const member = await fundedMember(app, 20_000);
    const other = await fundedMember(app, 0);
    const flex = await investIn(member, flexible.id, 10_000);
    const term = await investIn(member, fixed.id, 1000);

    expect((await post(other, `/api/pp/${flex.id}/withdraw`)).statusCode).toBe(404);
    const notFlexible = await post(member, `/api/pp/${term.id}/withdraw`);
    expect(notFlexible.statusCode).toBe(422);
    expect(errorOf(notFlexible).message).toBe(
      'Only an active flexible plan can be withdrawn before its end.',
    );

    // Two 00:00 UTC boundaries pass without the job running: the withdrawal credits them itself.
    clock.set(new Date('2026-04-12T08:00:00Z'));
    const done = await post(member, `/api/pp/${flex.id}/withdraw`);
    expect(done.statusCode).toBe(200);
    // $10,000 × 8% × 2 / 365 = 4.3835… → $4.38
    expect(done.json<UserPlanActionResponse>().plan).toMatchObject({
      status: 'completed',
      earned: 4.38,
      accrued_days: 2,
      next_accrual_at: null,
      goal_id: null,
      closed_at: '2026-04-12T08:00:00.000Z',
    });
    const me = await balanceOf(member);
    expect(me.balance).toBe(20_000 - 1000 + 4.38);
    expect(me.total_earnings).toBe(4.38);
    const again = await post(member, `/api/pp/${flex.id}/withdraw`);
    expect(again.statusCode).toBe(422);
    expect((await balanceOf(member)).balance).toBe(me.balance);
  });
});
