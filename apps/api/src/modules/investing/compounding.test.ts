import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userPlanCompounding, userPlans } from '@app/db';
import type {
  ActivityResponse,
  UserPlanActionResponse,
  UserPlanDetail,
  UserPlanListResponse,
} from '@app/shared';
import { checkLedger } from '../../ledger/check';
import { userBalance } from '../../ledger/ledger';
import { createTestApp } from '../../../test/helpers';
import { errorOf, signIn } from '../../../test/accounts';
import type { Member } from '../../../test/money';
import { createPlan, fundedMember, investIn } from '../../../test/investing';
import { runAccruals } from './accrual.service';

/** Compounding on request (decision 192): hand-worked cases, the switch's 404 and 400, the ledger. */

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

const switchOf = (member: Member, id: number | string, body: unknown) =>
  member.client.put(`/api/pp/${id}/compounding`, body, { token: member.token });

async function setReinvest(member: Member, id: number, reinvest: boolean): Promise<UserPlanActionResponse> {
  const response = await switchOf(member, id, { reinvest });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UserPlanActionResponse>();
}

/** Moves the clock and runs the accrual as the job does; a fresh sign-in (sessions expire). */
async function accrueAt(member: Member, instant: string) {
  clock.set(new Date(instant));
  await runAccruals({ database: app.deps.database, mailer: app.deps.mailer }, clock.now());
  member.token = await signIn(member.client, member.email);
}

async function detail(member: Member, id: number): Promise<UserPlanDetail> {
  const response = await member.client.get(`/api/pp/${id}`, { token: member.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UserPlanDetail>();
}

describe('compounding (hand-worked)', () => {
  it('a year of daily compounding at 10% APR is the APY formula to the cent, then matures', async () => {
    clock.set(new Date('2026-01-01T10:00:00Z'));
    const plan = await createPlan(app, { apyBps: 1000, lockedApyBps: 1200, durationDays: 365 });
    const member = await fundedMember(app, 10_000);
    const held = await investIn(member, plan.id, 10_000);
    // Off by default; the APY beside the APR: (1 + 0.10/365)^365 − 1 = 10.5155…% → 1052 bps.
    expect(held).toMatchObject({ reinvest: false, rate_bps: 1000, compounded_apy_bps: 1052 });
    // Projected at maturity: $10,000 + 10% = $11,000 paid out; $11,051.56 reinvested (below).
    expect(held.projection).toEqual({
      days: 365,
      at_maturity: true,
      paid_out: 11_000,
      reinvested: 11_051.56,
    });
    const on = await setReinvest(member, held.id, true);
    expect(on.plan.reinvest).toBe(true);
    expect(on.message).toBe('Earnings will be reinvested from the next daily accrual.');

    // 365 accrual days: 2026-01-02 … 2027-01-01 00:00 UTC (the term ends 2027-01-01 10:00).
    await accrueAt(member, '2027-01-01T09:00:00Z');
    // 1 000 000 cents × (1 + 1000 / 3 650 000)^365 = 1 105 155.78… → 1 105 156 cents.
    const grown = await detail(member, held.id);
    expect(grown).toMatchObject({
      amount: 11_051.56,
      earned: 1051.56,
      reinvested: 1051.56,
      accrued_days: 365,
    });
    expect(grown.earnings).toHaveLength(365);
    expect(await userBalance(db, member.user.id, 'cash')).toBe(0);
    expect(await userBalance(db, member.user.id, 'invested')).toBe(1_105_156);
    expect((await checkLedger(db)).ok).toBe(true);

    // Activity shows each day's earning and its reinvestment (an entry the member sees).
    const activity = await member.client.get('/api/activity?type=reinvestment&per_page=2', {
      token: member.token,
    });
    expect(activity.statusCode, activity.body).toBe(200);
    const rows = activity.json<ActivityResponse>();
    expect(rows.meta.total).toBe(365);
    expect(rows.data[0]).toMatchObject({
      type: 'reinvestment',
      description: `Earning reinvested: ${plan.name}`,
    });

    // Maturity returns the compounded principal.
    await accrueAt(member, '2027-01-01T11:00:00Z');
    expect(await userBalance(db, member.user.id, 'cash')).toBe(1_105_156);
    expect(await userBalance(db, member.user.id, 'invested')).toBe(0);
    expect((await detail(member, held.id)).status).toBe('completed');
    expect((await checkLedger(db)).ok).toBe(true);
    // 365 accrual days one after another: minutes on PostgreSQL on a loaded shared machine.
  }, 400_000);

  it('36.5% APR (0.1% a day): two days reinvested, then paid out on the grown principal', async () => {
    clock.set(new Date('2026-03-01T10:00:00Z'));
    const plan = await createPlan(app, { apyBps: 3650, lockedApyBps: 4000, durationDays: 30 });
    const member = await fundedMember(app, 10_000);
    const held = await investIn(member, plan.id, 10_000);
    await setReinvest(member, held.id, true);
    // Day 1: $10,000 × 0.1% = $10.00 → $10,010.00; day 2: $10,010 × 0.1% = $10.01 → $10,020.01.
    await accrueAt(member, '2026-03-03T01:00:00Z');
    expect(await detail(member, held.id)).toMatchObject({
      amount: 10_020.01,
      earned: 20.01,
      reinvested: 20.01,
    });
    const off = await setReinvest(member, held.id, false);
    expect(off.plan).toMatchObject({ reinvest: false, amount: 10_020.01 });
    // Day 3, paid out: $10,020.01 × 0.1% = $10.02001 → $10.02, to the balance; the principal stays.
    await accrueAt(member, '2026-03-04T01:00:00Z');
    const after = await detail(member, held.id);
    expect(after).toMatchObject({ amount: 10_020.01, earned: 30.03, reinvested: 20.01 });
    expect(after.earnings.map((day) => day.amount)).toEqual([10.02, 10.01, 10]);
    expect(await userBalance(db, member.user.id, 'cash')).toBe(1002);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('switching to the current value changes nothing; the days due are credited before a switch', async () => {
    clock.set(new Date('2026-04-01T10:00:00Z'));
    const plan = await createPlan(app, { apyBps: 3650, lockedApyBps: 4000, durationDays: 30 });
    const member = await fundedMember(app, 10_000);
    const held = await investIn(member, plan.id, 10_000);
    const again = await setReinvest(member, held.id, false);
    expect(again.plan.reinvest).toBe(false);
    expect(
      await db.select().from(userPlanCompounding).where(eq(userPlanCompounding.userPlanId, held.id)),
    ).toEqual([]);
    // Two days due and not yet credited: paid out (the old choice) before reinvesting starts.
    clock.set(new Date('2026-04-03T08:00:00Z'));
    member.token = await signIn(member.client, member.email);
    const on = await setReinvest(member, held.id, true);
    expect(on.plan).toMatchObject({ amount: 10_000, earned: 20, accrued_days: 2, reinvest: true });
    expect(await userBalance(db, member.user.id, 'cash')).toBe(2000);
  });
});

describe('PUT /api/pp/:id/compounding: bad input', () => {
  it('another member’s plan, an unknown or ten-digit id: 404, nothing changed', async () => {
    clock.set(new Date('2026-05-01T10:00:00Z'));
    const plan = await createPlan(app, { durationDays: 30 });
    const owner = await fundedMember(app, 1000);
    const other = await fundedMember(app, 0);
    const held = await investIn(owner, plan.id, 500);
    for (const id of [held.id, 999_999, 1_999_999_999]) {
      const response = await switchOf(other, id, { reinvest: true });
      expect(response.statusCode, String(id)).toBe(404);
      expect(errorOf(response).message).toBe('Plan not found.');
    }
    expect(
      await db.select().from(userPlanCompounding).where(eq(userPlanCompounding.userPlanId, held.id)),
    ).toEqual([]);
    const list = await owner.client.get('/api/pp', { token: owner.token });
    expect(list.json<UserPlanListResponse>().data[0]).toMatchObject({ id: held.id, reinvest: false });
  });

  it('a body that is not a boolean: 400 with the field’s error; an ended plan or a bad id: 4xx', async () => {
    clock.set(new Date('2026-05-01T10:00:00Z'));
    const flexible = await createPlan(app, { durationDays: null });
    const member = await fundedMember(app, 1000);
    const held = await investIn(member, flexible.id, 500);
    for (const body of [{ reinvest: 'yes' }, { reinvest: 1 }, {}, { reinvest: null }]) {
      const response = await switchOf(member, held.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).errors?.reinvest).toEqual([
        'Choose whether to reinvest earnings (true or false).',
      ]);
    }
    const badId = await switchOf(member, 'abc', { reinvest: true });
    expect(badId.statusCode).toBe(400);
    const withdrawn = await member.client.post(`/api/pp/${held.id}/withdraw`, {}, { token: member.token });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const ended = await switchOf(member, held.id, { reinvest: true });
    expect(ended.statusCode).toBe(422);
    expect(errorOf(ended).message).toBe('This plan has ended; its earnings can no longer be reinvested.');
    const [row] = await db.select().from(userPlans).where(eq(userPlans.id, held.id));
    expect(row?.status).toBe('completed');
    expect(
      await db.select().from(userPlanCompounding).where(eq(userPlanCompounding.userPlanId, held.id)),
    ).toEqual([]);
  });
});

describe('the switch as the lists show it', () => {
  it('lists asked for at the same time each show their own positions’ switches', async () => {
    clock.set(new Date('2026-06-01T10:00:00Z'));
    const plan = await createPlan(app, { apyBps: 1000, durationDays: 365 });
    const ana = await fundedMember(app, 2000);
    const bob = await fundedMember(app, 2000);
    const anaFirst = await investIn(ana, plan.id, 500);
    const anaSecond = await investIn(ana, plan.id, 700);
    const bobOnly = await investIn(bob, plan.id, 900);
    await setReinvest(ana, anaSecond.id, true);
    await setReinvest(bob, bobOnly.id, true);
    await setReinvest(bob, bobOnly.id, false);
    // Read together: the lists and a detail leave in one turn of the event loop.
    const [anaList, bobList, anaAgain, anaDetail] = await Promise.all([
      ana.client.get('/api/pp', { token: ana.token }),
      bob.client.get('/api/pp', { token: bob.token }),
      ana.client.get('/api/pp', { token: ana.token }),
      ana.client.get(`/api/pp/${anaSecond.id}`, { token: ana.token }),
    ]);
    const switches = (response: typeof anaList) =>
      response.json<UserPlanListResponse>().data.map((item) => [item.id, item.reinvest]);
    expect(switches(anaList)).toEqual([
      [anaSecond.id, true],
      [anaFirst.id, false],
    ]);
    expect(switches(anaAgain)).toEqual(switches(anaList));
    expect(switches(bobList)).toEqual([[bobOnly.id, false]]);
    expect(anaDetail.json<UserPlanDetail>()).toMatchObject({ id: anaSecond.id, reinvest: true });
  });
});
