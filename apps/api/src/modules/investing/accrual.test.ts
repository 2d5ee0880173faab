import { describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { ledgerEntries, openDatabase, type Database } from '@app/db';
import type { ActivityResponse, NotificationListResponse, UserPlanDetail } from '@app/shared';
import { buildApp } from '../../app';
import { createTestApp } from '../../../test/helpers';
import { TEST_DB } from '../../../test/db';
import { signIn } from '../../../test/accounts';
import { balanceOf, type Member } from '../../../test/money';
import { createPlan, fundedMember, investIn } from '../../../test/investing';
import { queryRows } from '../../ledger/sql';
import { runAccruals } from './accrual.service';
import { checkLedger } from '../../ledger/check';

/** The platform's yield_expense account: what the accrual has paid out, negative. */
async function yieldExpenseBalance(): Promise<number> {
  const [row] = await queryRows<{ balance: unknown }>(
    db,
    sql`select balance from ledger_accounts where user_id is null and kind = 'yield_expense'`,
  );
  return Number(row?.balance);
}

const { app, clock, config } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

/** Moves the pinned clock to `instant` and runs every job, as the scheduler would at that moment. */
async function runJobsAt(instant: string) {
  clock.set(new Date(instant));
  const response = await app.inject({ method: 'POST', url: '/api/dev/clock', payload: {} });
  expect(response.statusCode).toBe(200);
  expect(response.json<{ jobs: string[] }>().jobs).toContain('accrual');
}

async function detail(member: Member, id: number): Promise<UserPlanDetail> {
  const response = await member.client.get(`/api/pp/${id}`, { token: member.token });
  expect(response.statusCode).toBe(200);
  return response.json<UserPlanDetail>();
}

const cents = (major: number) => Math.round(major * 100);
const sumCents = (plan: UserPlanDetail) => plan.earnings.reduce((total, day) => total + cents(day.amount), 0);

describe('daily accrual', () => {
  it('credits one day at 00:00 UTC at the plan’s rate, once, dated that day', async () => {
    clock.set(new Date('2026-05-04T10:00:00Z'));
    const plan = await createPlan(app, { apyBps: 1200, durationDays: 30 });
    const member = await fundedMember(app, 12_000);
    const invested = await investIn(member, plan.id, 10_000);

    await runJobsAt('2026-05-04T23:59:59Z');
    expect((await detail(member, invested.id)).earnings).toEqual([]);

    await runJobsAt('2026-05-05T00:00:00Z');
    // $10,000 × 12% / 365 = 3.2876… → $3.29
    const after = await detail(member, invested.id);
    expect(after.earnings).toEqual([{ date: '2026-05-05', rate_bps: 1200, amount: 3.29, cumulative: 3.29 }]);
    expect(after).toMatchObject({
      earned: 3.29,
      accrued_days: 1,
      next_accrual_at: '2026-05-06T00:00:00.000Z',
    });
    expect(await balanceOf(member)).toMatchObject({ balance: 2003.29, total_earnings: 3.29 });

    const [entry] = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `accrual:${invested.id}:2026-05-05`));
    expect(entry).toMatchObject({ kind: 'earning', userId: member.user.id });
    expect(entry?.createdAt.toISOString()).toBe('2026-05-05T00:00:00.000Z');

    const activity = await member.client.get('/api/activity?type=earning', { token: member.token });
    expect(activity.json<ActivityResponse>().data).toEqual([
      expect.objectContaining({
        type: 'earning',
        date: '2026-05-05T00:00:00.000Z',
        amount: 3.29,
        description: `Earning: ${plan.name}`,
      }),
    ]);

    await runJobsAt('2026-05-05T06:00:00Z');
    expect((await detail(member, invested.id)).earnings).toHaveLength(1);
    expect((await balanceOf(member)).balance).toBe(2003.29);
  });

  it('counts the leap day 2028-02-29 as a day like any other', async () => {
    clock.set(new Date('2028-02-27T12:00:00Z'));
    const plan = await createPlan(app, { apyBps: 800, durationDays: null });
    const member = await fundedMember(app, 1000);
    const invested = await investIn(member, plan.id, 1000);

    await runJobsAt('2028-03-02T00:00:00Z');
    const after = await detail(member, invested.id);
    // $1,000 × 8% / 365 = 0.219… a day; cumulative 0.22, 0.44, 0.66, 0.88.
    expect(after.earnings).toEqual([
      { date: '2028-03-02', rate_bps: 800, amount: 0.22, cumulative: 0.88 },
      { date: '2028-03-01', rate_bps: 800, amount: 0.22, cumulative: 0.66 },
      { date: '2028-02-29', rate_bps: 800, amount: 0.22, cumulative: 0.44 },
      { date: '2028-02-28', rate_bps: 800, amount: 0.22, cumulative: 0.22 },
    ]);
    const leap = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `accrual:${invested.id}:2028-02-29`));
    expect(leap).toHaveLength(1);
  });

  it('catches up a missed week in one run, each day once, the sum exact to the cent', async () => {
    clock.set(new Date('2026-06-01T09:00:00Z'));
    const plan = await createPlan(app, { apyBps: 1200, durationDays: 90 });
    const member = await fundedMember(app, 10_000);
    const invested = await investIn(member, plan.id, 10_000);

    await runJobsAt('2026-06-08T09:00:00Z');
    await runJobsAt('2026-06-08T09:30:00Z');
    const after = await detail(member, invested.id);
    expect(after.earnings.map((day) => day.date)).toEqual([
      '2026-06-08',
      '2026-06-07',
      '2026-06-06',
      '2026-06-05',
      '2026-06-04',
      '2026-06-03',
      '2026-06-02',
    ]);
    // Each day is 3.28 or 3.29; the week is halfEven(1 000 000 × 1200 × 7 / 3 650 000) = 2301 cents.
    expect(after.earnings.map((day) => day.amount).reverse()).toEqual([
      3.29, 3.29, 3.28, 3.29, 3.29, 3.29, 3.28,
    ]);
    expect(sumCents(after)).toBe(2301);
    expect(after.earned).toBe(23.01);
    expect((await balanceOf(member)).total_earnings).toBe(23.01);
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.kind, 'earning'), like(ledgerEntries.reference, `accrual:${invested.id}:%`)),
      );
    expect(entries).toHaveLength(7);
  });

  it('earns the locked rate from the first accrual after the lock, and returns the principal at the end', async () => {
    clock.set(new Date('2026-07-01T09:00:00Z'));
    // $36,500: exactly $10.00 a day at 10% and $15.00 a day at 15%.
    const plan = await createPlan(app, { apyBps: 1000, lockedApyBps: 1500, durationDays: 30 });
    const member = await fundedMember(app, 36_500);
    const invested = await investIn(member, plan.id, 36_500);

    await runJobsAt('2026-07-10T12:00:00Z'); // 9 days at 10%
    // The 00:00 of 07-11 passes without a run; the lock comes after it, so that day keeps 10%.
    clock.set(new Date('2026-07-11T12:00:00Z'));
    const locked = await member.client.post(`/api/pp/${invested.id}/lock`, {}, { token: member.token });
    expect(locked.statusCode).toBe(200);

    await runJobsAt('2026-07-31T08:59:59Z'); // the last day (07-31 00:00) is credited, the term not over yet
    const before = await detail(member, invested.id);
    expect(before.status).toBe('locked');
    expect(before.earnings).toHaveLength(30);
    expect(before.earnings.find((day) => day.date === '2026-07-11')).toEqual({
      date: '2026-07-11',
      rate_bps: 1000,
      amount: 10,
      cumulative: 10 * 10,
    });
    expect(before.earnings.find((day) => day.date === '2026-07-12')).toEqual({
      date: '2026-07-12',
      rate_bps: 1500,
      amount: 15,
      cumulative: 10 * 10 + 15,
    });
    expect(before.earned).toBe(10 * 10 + 20 * 15);
    expect((await balanceOf(member)).balance).toBe(400);

    await runJobsAt('2026-07-31T09:00:00Z');
    // Thirty days after signing in, the session has ended (decision 216): the member signs in again.
    const back = { ...member, token: await signIn(member.client, member.email) };
    const done = await detail(back, invested.id);
    expect(done).toMatchObject({
      status: 'completed',
      closed_at: '2026-07-31T09:00:00.000Z',
      next_accrual_at: null,
      earned: 400,
    });
    expect(done.earnings).toHaveLength(30);
    expect(await balanceOf(back)).toMatchObject({ balance: 36_900, total_earnings: 400 });
    await runJobsAt('2026-08-15T00:00:00Z');
    expect((await balanceOf(back)).balance).toBe(36_900);

    const inbox = await back.client.get('/api/notifications', { token: back.token });
    const kinds = inbox.json<NotificationListResponse>().data.map((item) => item.kind);
    expect(kinds).toContain('plan_matured');
  });

  it('pays over a whole term exactly the rate times the days, to the cent, caught up in one run', async () => {
    clock.set(new Date('2026-09-01T17:45:00Z'));
    const plan = await createPlan(app, { apyBps: 1234, durationDays: 182 });
    const member = await fundedMember(app, 12_345.67);
    const invested = await investIn(member, plan.id, '12345.67');

    await runJobsAt('2027-06-01T00:00:00Z');
    // Nine months on, the old session has expired: sign in again.
    member.token = await signIn(member.client, member.email);
    const done = await detail(member, invested.id);
    // halfEven(1 234 567 × 1234 × 182 / 3 650 000) = 75 964 cents.
    expect(done.status).toBe('completed');
    expect(done.earnings).toHaveLength(182);
    expect(sumCents(done)).toBe(75_964);
    const lockCompleted = await member.client.post(
      `/api/pp/${invested.id}/lock`,
      {},
      { token: member.token },
    );
    expect(lockCompleted.statusCode).toBe(422);
    expect(lockCompleted.json<{ message: string }>().message).toBe('Only an active plan can be locked.');
    expect(done.earned).toBe(759.64);
    const me = await balanceOf(member);
    expect(cents(me.balance)).toBe(1_234_567 + 75_964);
    expect(me.total_earnings).toBe(759.64);
    const investedAccount = await queryRows<{ balance: unknown }>(
      db,
      sql`select balance from ledger_accounts where user_id = ${member.user.id} and kind = 'invested'`,
    );
    expect(Number(investedAccount[0]?.balance)).toBe(0);
  });
});

describe('the accrual workers', () => {
  it('shares the members out (two workers on PostgreSQL): every plan credited each day once, the books balanced', async () => {
    clock.set(new Date('2027-03-01T08:00:00Z'));
    const plan = await createPlan(app, { apyBps: 1000, durationDays: 90 });
    // Members of both workers (odd and even ids), several plans each, batches of two: many batches,
    // a member's plans in more than one of them.
    const members = await Promise.all(Array.from({ length: 5 }, () => fundedMember(app, 3000)));
    expect(new Set(members.map((member) => member.user.id % 2)).size).toBe(2);
    const made = [];
    for (const member of members)
      for (let i = 0; i < 3; i += 1) made.push({ member, plan: await investIn(member, plan.id, 730) });
    clock.set(new Date('2027-03-04T01:00:00Z'));
    const platformBefore = await yieldExpenseBalance();
    const run = await runAccruals({ database: app.deps.database, mailer: app.deps.mailer }, clock.now(), 2);
    expect(run.accruals).toBeGreaterThanOrEqual(made.length * 3);
    // 730.00 at 10% a day: 73 000 × 1000 / 3 650 000 = 20 cents; three days, 60.
    for (const { member, plan: userPlan } of made) {
      const after = await detail(member, userPlan.id);
      expect(after.earnings.map((day) => day.date)).toEqual(['2027-03-04', '2027-03-03', '2027-03-02']);
      expect(sumCents(after)).toBe(60);
    }
    for (const member of members)
      expect(cents((await balanceOf(member)).balance)).toBe(300_000 - 3 * 73_000 + 3 * 60);
    // The platform account moved by what every member received (this run's batches only).
    expect(platformBefore - (await yieldExpenseBalance())).toBeGreaterThanOrEqual(made.length * 60);
    const check = await checkLedger(db);
    expect(check.unbalancedEntries).toEqual([]);
    expect(check.mismatchedAccounts).toEqual([]);
    expect(check.ok).toBe(true);
  });
});

describe('two app instances on one database', () => {
  async function secondDatabase(): Promise<{ database: Database; close(): Promise<void> }> {
    if (TEST_DB === 'pglite') return { database: app.deps.database, close: async () => {} };
    const [row] = await queryRows<{ name: string }>(db, sql`select current_database() as name`);
    const url = new URL(process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    url.pathname = `/${row!.name}`;
    const database = await openDatabase({ driver: 'postgres', url: url.toString(), poolSize: 5 });
    return { database, close: () => database.close() };
  }

  it('credit each day once when both run the job at the same moment', async () => {
    clock.set(new Date('2027-01-10T08:00:00Z'));
    const plan = await createPlan(app, { apyBps: 1500, durationDays: 60 });
    const members = await Promise.all(Array.from({ length: 6 }, () => fundedMember(app, 5000)));
    const made = [];
    for (const member of members) made.push({ member, plan: await investIn(member, plan.id, 4321.09) });

    const second = await secondDatabase();
    const other = await buildApp({ config, database: second.database, clock, appKey: app.deps.appKey });
    await other.ready();
    try {
      clock.set(new Date('2027-01-15T03:00:00Z'));
      // Through the job registry (advisory lock) on both instances at once…
      await Promise.all([
        app.deps.jobs.runAll({ database: app.deps.database, clock }),
        other.deps.jobs.runAll({ database: other.deps.database, clock }),
      ]);
      clock.set(new Date('2027-01-20T03:00:00Z'));
      // …and the accrual itself at once, without the lock: the row locks and references still hold.
      await Promise.all([
        runAccruals({ database: app.deps.database, mailer: app.deps.mailer }, clock.now(), 2),
        runAccruals({ database: other.deps.database, mailer: other.deps.mailer }, clock.now(), 2),
        runAccruals({ database: app.deps.database, mailer: app.deps.mailer }, clock.now(), 3),
      ]);
    } finally {
      await other.close();
      await second.close();
    }
    // 4321.09 × 15% / 365 a day: 10 days = halfEven(432 109 × 1500 × 10 / 3 650 000) = 1776 cents.
    for (const { member, plan: userPlan } of made) {
      const after = await detail(member, userPlan.id);
      expect(after.earnings).toHaveLength(10);
      expect(new Set(after.earnings.map((day) => day.date)).size).toBe(10);
      expect(sumCents(after)).toBe(1776);
      expect(cents((await balanceOf(member)).balance)).toBe(500_000 - 432_109 + 1776);
    }
  });
});
