import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { deposits, users } from '@app/db';
import type {
  ActivityResponse,
  ConvertPointsResponse,
  NotificationListResponse,
  ReferralInfoResponse,
} from '@app/shared';
import { ACTIVITY_MESSAGES, DATE_RANGE, INPUT_MESSAGES } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { createUser, errorOf } from '../../../test/accounts';
import {
  balanceOf,
  confirmPassword,
  depositThroughSandbox,
  referredMember,
  signedInMember,
  type Member,
} from '../../../test/money';
import { createPlan, fundedMember, investIn } from '../../../test/investing';
import { postEntry, transfer } from '../../ledger/ledger';
import { queryRows } from '../../ledger/sql';
import { listActivity } from './activity.repository';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

const activity = async (member: Member, query = '') => {
  const response = await member.client.get(`/api/activity${query}`, { token: member.token });
  expect(response.statusCode).toBe(200);
  return response.json<ActivityResponse>();
};

/** An earning as the investing issue will write it: yield_expense → cash, kind earning. */
async function creditEarning(userId: number, cents: number, reference: string) {
  await db.transaction((tx) =>
    postEntry(
      tx,
      {
        kind: 'earning',
        reference,
        userId,
        metadata: { plan_name: 'Starter' },
        postings: transfer({ platform: 'yield_expense' }, { userId, kind: 'cash' }, cents),
      },
      clock.now(),
    ),
  );
}

describe('GET /api/activity', () => {
  it('lists every movement of the cash newest first with the balance after it, and a deposit not credited with its status', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 100);
    // A deposit asked for and never paid: listed as pending, with no amount.
    const pending = await member.client.post(
      '/api/deposit',
      { amount: 40, payment_method: 'nowpayment' },
      { token: member.token },
    );
    expect(pending.statusCode).toBe(201);
    clock.advance(86_400_000);
    // A day after the sign-in: the withdrawal needs the password again (decision 230).
    await confirmPassword(member);
    const withdrawal = await member.client.post(
      '/api/withdrawal',
      { amount: 30, withdrawal_method: 'crypto', destination: 'wallet' },
      { token: member.token },
    );
    expect(withdrawal.statusCode).toBe(201);
    clock.advance(86_400_000);
    await creditEarning(member.user.id, 125, `earning:test:${member.user.id}`);

    const all = await activity(member);
    expect(all.data.map((item) => [item.type, item.amount, item.balance_after, item.status])).toEqual([
      ['earning', 1.25, 71.25, 'completed'],
      ['withdrawal', -30, 70, 'pending'],
      ['deposit', 100, 100, 'confirmed'],
      ['deposit', null, null, 'pending'],
    ]);
    expect(all.data.map((item) => item.description)).toEqual([
      'Earning: Starter',
      'Withdrawal to crypto wallet',
      expect.stringMatching(/^Deposit via NOWPayments \(.+\)$/),
      expect.stringMatching(/^Deposit via NOWPayments \(.+\)$/),
    ]);
    expect(all.meta).toEqual({ current_page: 1, total_pages: 1, total: 4 });
    // The rows add up to the balance the dashboard shows.
    const me = await balanceOf(member);
    expect(me.balance).toBe(71.25);
    expect(all.data.reduce((sum, item) => sum + Math.round((item.amount ?? 0) * 100), 0)).toBe(7125);
    expect(me.total_earnings).toBe(1.25);

    const deposits = await activity(member, '?type=deposit');
    expect(deposits.data.map((item) => [item.type, item.status])).toEqual([
      ['deposit', 'confirmed'],
      ['deposit', 'pending'],
    ]);
    expect((await activity(member, '?type=withdrawal')).meta.total).toBe(1);
    const day = clock.now().toISOString().slice(0, 10);
    const today = await activity(member, `?start_date=${day}&end_date=${day}`);
    expect(today.data.map((item) => item.type)).toEqual(['earning']);
    const paged = await activity(member, '?per_page=3&page=2');
    expect(paged.data).toHaveLength(1);
    expect(paged.meta).toEqual({ current_page: 2, total_pages: 2, total: 4 });
    // Empty filters from a form mean no filter.
    expect((await activity(member, '?type=&start_date=&end_date=')).meta.total).toBe(4);
    // The widest range a filter takes (decision 153): everything.
    const { earliest, latest } = DATE_RANGE;
    expect((await activity(member, `?start_date=${earliest}&end_date=${latest}`)).meta.total).toBe(4);
  });

  it('pages a long history without repeats or gaps; counts exactly without dates, and at most ten pages ahead with them', async () => {
    const member = await signedInMember(app);
    // 25 earnings at one instant (as the daily accrual writes them) and one deposit.
    await depositThroughSandbox(member, 50);
    clock.advance(1000);
    for (let index = 0; index < 25; index += 1)
      await creditEarning(member.user.id, 100 + index, `earning:paging:${member.user.id}:${index}`);

    const seen: string[] = [];
    for (let page = 1; page <= 7; page += 1) {
      const list = await activity(member, `?per_page=4&page=${page}`);
      expect(list.meta).toEqual({ current_page: page, total_pages: 7, total: 26 });
      seen.push(...list.data.map((item) => item.id));
    }
    expect(new Set(seen).size).toBe(26);
    // A page past the end is empty and still knows the list's length.
    const past = await activity(member, '?per_page=4&page=9');
    expect(past.data).toEqual([]);
    expect(past.meta).toEqual({ current_page: 9, total_pages: 7, total: 26 });
    const last = await activity(member, '?per_page=4&page=7');
    expect(last.data.at(-1)).toMatchObject({ type: 'deposit', amount: 50, balance_after: 50 });

    const day = clock.now().toISOString().slice(0, 10);
    const dated = await activity(member, `?per_page=2&start_date=${day}`);
    // Counted up to ten pages past page 1 (2 + 2 × 10 rows), not the whole history.
    expect(dated.meta).toEqual({ current_page: 1, total_pages: 11, total: 22 });
    const earningsOnly = await activity(member, '?type=earning&per_page=10&page=3');
    expect(earningsOnly.meta).toEqual({ current_page: 3, total_pages: 3, total: 25 });
    expect(earningsOnly.data).toHaveLength(5);
  });

  it('answers each of many pages asked for at once exactly as when asked alone', async () => {
    // Members with different histories: n earnings each, one with none at all.
    const members: Member[] = [];
    for (let n = 0; n < 6; n += 1) {
      const member = await signedInMember(app);
      if (n > 0) await depositThroughSandbox(member, 10 * n);
      clock.advance(1000);
      for (let index = 0; index < n * 2; index += 1)
        await creditEarning(member.user.id, 7 * n + index, `earning:batch:${member.user.id}:${index}`);
      members.push(member);
    }
    const day = clock.now().toISOString().slice(0, 10);
    const queries = [
      '',
      '?per_page=3',
      '?per_page=3&page=2',
      '?per_page=3&page=9',
      '?type=earning&per_page=4',
      '?type=deposit',
      `?start_date=${day}&per_page=2`,
      `?end_date=${day}&per_page=5&page=2`,
    ];
    const requests = members.flatMap((member) => queries.map((query) => ({ member, query })));
    const alone: ActivityResponse[] = [];
    for (const { member, query } of requests) alone.push(await activity(member, query));
    // The same requests again, twice over, all in flight together.
    const together = await Promise.all(
      [...requests, ...requests].map(({ member, query }) => activity(member, query)),
    );
    expect(together).toEqual([...alone, ...alone]);
    // What was compared is not empty: the members' pages differ from one another.
    expect(new Set(alone.map((answer) => JSON.stringify(answer))).size).toBeGreaterThan(30);
    expect(alone[queries.length * 5]?.meta.total).toBe(11);
  });

  it('writes each instant as JavaScript writes it (UTC, milliseconds cut), whatever the session time zone', async () => {
    const member = await signedInMember(app);
    const pending = await member.client.post(
      '/api/deposit',
      { amount: 100, payment_method: 'nowpayment' },
      { token: member.token },
    );
    expect(pending.statusCode).toBe(201);
    // The ledger refuses changes: the earning is written at its instant (a year before 1000).
    await db.transaction((tx) =>
      postEntry(
        tx,
        {
          kind: 'earning',
          reference: `earning:iso:${member.user.id}`,
          userId: member.user.id,
          metadata: { plan_name: 'Starter' },
          postings: transfer({ platform: 'yield_expense' }, { userId: member.user.id, kind: 'cash' }, 40),
        },
        new Date('0999-12-31T23:59:59.000Z'),
      ),
    );
    // An instant with microseconds, as PostgreSQL keeps them: the list shows what a Date would.
    await db.execute(
      sql`update deposits set created_at = '2026-03-04 05:06:07.891999+00' where user_id = ${member.user.id}`,
    );
    // What the list showed before the database wrote the text: the driver's text of the instant,
    // parsed into a Date and written back with toISOString.
    const stored = await queryRows<{ type: string; at: string }>(
      db,
      sql`select 'deposit' as type, created_at::text as at from deposits where user_id = ${member.user.id}
          union all
          select 'earning', created_at::text from ledger_entries where reference = ${`earning:iso:${member.user.id}`}`,
    );
    const expected = stored.map((row) => [row.type, new Date(row.at).toISOString()]);
    expect(expected).toEqual([
      ['deposit', '2026-03-04T05:06:07.891Z'],
      ['earning', '0999-12-31T23:59:59.000Z'],
    ]);
    const shown = (await activity(member)).data.map((item) => [item.type, item.date]);
    expect(shown).toEqual(expected);
    const exported = await member.client.get('/api/activity/export', { token: member.token });
    expect(exported.body).toContain(`\r\n${expected[0]?.[1]},deposit,`);
    expect(exported.body).toContain(`\r\n${expected[1]?.[1]},earning,`);
    // A connection in another time zone writes the same text.
    const elsewhere = await db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Asia/Kolkata'`);
      return listActivity(tx, {
        userId: member.user.id,
        type: undefined,
        from: undefined,
        until: undefined,
        limit: 10,
        offset: 0,
      });
    });
    expect(elsewhere.rows.map((row) => [row.type, row.date])).toEqual(expected);
  });

  it('names the plan of an investment from the member’s plan, and an earning by the name it was credited under', async () => {
    const plan = await createPlan(app, { name: 'Harbour Fund' });
    const member = await fundedMember(app, 500);
    const position = await investIn(member, plan.id, 200);
    clock.advance(86_400_000);
    // An earning carries the plan's name of its day: a later rename of the catalogue does not rewrite it.
    await db.transaction((tx) =>
      postEntry(
        tx,
        {
          kind: 'earning',
          reference: `earning:named:${position.id}`,
          userId: member.user.id,
          metadata: { user_plan_id: position.id, plan_name: 'Harbour Fund (2025)' },
          postings: transfer({ platform: 'yield_expense' }, { userId: member.user.id, kind: 'cash' }, 66),
        },
        clock.now(),
      ),
    );
    const page = await activity(member);
    expect(page.data.slice(0, 2).map((item) => [item.type, item.description])).toEqual([
      ['earning', 'Earning: Harbour Fund (2025)'],
      ['investment', 'Invested in Harbour Fund'],
    ]);
  });

  it('says of a pending bank transfer whether an admin has matched it to the bank statement (it can no longer be cancelled)', async () => {
    const member = await signedInMember(app);
    const asked = await member.client.post(
      '/api/deposit',
      { amount: 60, payment_method: 'bank_transfer' },
      { token: member.token },
    );
    expect(asked.statusCode).toBe(201);
    const id = asked.json<{ deposit: { id: number } }>().deposit.id;
    const [row] = (await activity(member, '?type=deposit')).data;
    expect(row).toMatchObject({ id: `deposit:${id}`, status: 'pending' });
    expect(row?.detail.matched).toBeUndefined();

    // A first admin confirms it against the bank's statement; a second is still to credit it.
    const { user: admin } = await createUser(app, { role: 'admin', adminRole: 'finance' });
    await db.update(deposits).set({ firstApprovedBy: admin.id }).where(eq(deposits.id, id));
    const [matched] = (await activity(member, '?type=deposit')).data;
    expect(matched).toMatchObject({ status: 'pending', detail: { method: 'bank_transfer', matched: true } });
  });

  it('shows only the member’s own movements', async () => {
    const member = await signedInMember(app);
    const other = await signedInMember(app);
    await depositThroughSandbox(other, 10);
    expect((await activity(member)).data).toEqual([]);
  });

  it.each([
    ['?type=bonus', ACTIVITY_MESSAGES.invalidType],
    ['?start_date=2026-13-01', 'Enter a date as YYYY-MM-DD.'],
    ['?start_date=0000-01-01', INPUT_MESSAGES.dateOutOfRange],
    ['?end_date=9999-12-31', INPUT_MESSAGES.dateOutOfRange],
    ['?start_date=2026-03-02&end_date=2026-03-01', 'The end date must be on or after the start date.'],
    ['?page=0', undefined],
    ['?per_page=1000', undefined],
  ])('refuses %s with 400', async (query, message) => {
    const member = await signedInMember(app);
    const response = await member.client.get(`/api/activity${query}`, { token: member.token });
    expect(response.statusCode).toBe(400);
    if (message) expect(errorOf(response).message).toBe(message);
  });
});

describe('referral rewards and points', () => {
  it('rewards the referrer once, on the friend’s first confirmed deposit, with min(5000, whole dollars)', async () => {
    const referrer = await signedInMember(app);
    const friend = await referredMember(app, referrer.user.referralCode);
    const bigFriend = await referredMember(app, referrer.user.referralCode);
    await depositThroughSandbox(friend, '123.99');
    await depositThroughSandbox(friend, 500);
    await depositThroughSandbox(bigFriend, 6000);
    const info = (
      await referrer.client.get('/api/referrals', { token: referrer.token })
    ).json<ReferralInfoResponse>();
    expect(info.points_earned).toBe(123 + 5000);
    expect(info.loyalty_points).toBe(5123);
    expect(info.referral_link).toBe(`http://localhost:3000/signup?ref=${referrer.user.referralCode}`);
    // Newest first (decision 225): both joined at the test clock's instant, so the later id leads.
    expect(info.referred_users.map((row) => row.id)).toEqual([bigFriend.user.id, friend.user.id]);
    expect(info.referred_users[1]?.email).toMatch(/^f\*\*\*@example\.com$/);
    const notes = (
      await referrer.client.get('/api/notifications', { token: referrer.token })
    ).json<NotificationListResponse>();
    expect(notes.data.filter((note) => note.kind === 'referral_reward')).toHaveLength(2);
    // The friends themselves earned nothing.
    expect((await balanceOf(friend)).loyalty_points).toBe(0);
  });

  it('never rewards a self-referral', async () => {
    const member = await signedInMember(app);
    await db.update(users).set({ referredById: member.user.id }).where(eq(users.id, member.user.id));
    await depositThroughSandbox(member, 100);
    expect((await balanceOf(member)).loyalty_points).toBe(0);
  });

  it('converts all points to balance (100 points = $1.00) and shows it in Activity; under 10 points is refused', async () => {
    const referrer = await signedInMember(app);
    const friend = await referredMember(app, referrer.user.referralCode);
    await depositThroughSandbox(friend, 250);
    const converted = await referrer.client.post('/api/convert-points', undefined, { token: referrer.token });
    expect(converted.statusCode).toBe(200);
    expect(converted.json<ConvertPointsResponse>()).toMatchObject({
      converted_points: 250,
      amount: 2.5,
      loyalty_points: 0,
      balance: 2.5,
    });
    expect(await balanceOf(referrer)).toMatchObject({ balance: 2.5, loyalty_points: 0 });
    const items = await activity(referrer, '?type=points_conversion');
    expect(items.data).toMatchObject([
      { type: 'points_conversion', amount: 2.5, points: 250, description: 'Loyalty points redeemed' },
    ]);
    const again = await referrer.client.post('/api/convert-points', undefined, { token: referrer.token });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).message).toBe('You need at least 10 loyalty points to redeem.');
    expect((await balanceOf(referrer)).balance).toBe(2.5);
  });
});

describe('notifications', () => {
  it('marks one or all read, and another member’s notification is a 404', async () => {
    const member = await signedInMember(app);
    const other = await signedInMember(app);
    await depositThroughSandbox(member, 10);
    await depositThroughSandbox(member, 20);
    const list = (
      await member.client.get('/api/notifications', { token: member.token })
    ).json<NotificationListResponse>();
    expect(list.unread_count).toBe(2);
    const first = list.data[0]!;
    expect(
      (await other.client.post(`/api/notifications/${first.id}/read`, {}, { token: other.token })).statusCode,
    ).toBe(404);
    const read = await member.client.post(`/api/notifications/${first.id}/read`, {}, { token: member.token });
    expect(read.json()).toEqual({ message: 'Notification marked as read.', unread_count: 1 });
    const all = await member.client.post('/api/notifications/read-all', {}, { token: member.token });
    expect(all.json<{ unread_count: number }>().unread_count).toBe(0);
    const after = (
      await member.client.get('/api/notifications', { token: member.token })
    ).json<NotificationListResponse>();
    expect(after.data.every((note) => note.read_at !== null)).toBe(true);
  });
});
