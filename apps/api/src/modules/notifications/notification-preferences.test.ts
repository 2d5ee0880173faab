import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { notificationPreferences, notifications } from '@app/db';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_KINDS,
  notificationCategory,
  type NotificationListResponse,
  type NotificationPreferencesResponse,
  type NotificationPreferencesSaved,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { PASSWORD, errorOf, mailsTo } from '../../../test/accounts';
import { genericPlanOf, readThrough } from '../../../test/plans';
import { depositThroughSandbox, signedInMember, type Member } from '../../../test/money';
import { queryRows } from '../../ledger/sql';
import { shownPageQuery } from './notifications.repository';

/** Issue 36 item 4 (decision 178): what a member chooses to receive, per category and channel. */
const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

async function choices(member: Member) {
  const response = await member.client.get('/api/notification-preferences', { token: member.token });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationPreferencesResponse>().data;
}

const save = (member: Member, preferences: unknown) =>
  member.client.put('/api/notification-preferences', { preferences }, { token: member.token });

async function bell(member: Member) {
  const response = await member.client.get('/api/notifications?lang=en', { token: member.token });
  return response.json<NotificationListResponse>();
}

const WITHOUT_MONEY = NOTIFICATION_CATEGORIES.filter((category) => category !== 'money');

/** The plan of a 20-row bell page from `offset` with money hidden, and the rows each category branch read. */
async function pagePlanWithoutMoney(member: Member, offset: number) {
  const plan = await genericPlanOf(
    app.deps.database,
    (tx) => shownPageQuery(tx, member.user.id, WITHOUT_MONEY, offset, 20),
    { analyze: true },
  );
  return { plan, read: readThrough(plan, 'notifications_category_idx') };
}

const depositMails = async (member: Member) =>
  (await mailsTo(app, member.email)).filter((mail) => mail.subject === 'Deposit confirmed');

describe('notification choices', () => {
  it('starts with every channel on, security locked on', async () => {
    const member = await signedInMember(app);
    expect(await choices(member)).toEqual([
      { category: 'money', in_app: true, email: true, locked: false },
      { category: 'security', in_app: true, email: true, locked: true },
      { category: 'product_news', in_app: true, email: true, locked: false },
      { category: 'goals', in_app: true, email: true, locked: false },
      { category: 'loans', in_app: true, email: true, locked: false },
    ]);
  });

  it('money mail off: a confirmed deposit is in the bell but not mailed; on again, the next one is mailed', async () => {
    const member = await signedInMember(app);
    const saved = await save(member, [{ category: 'money', in_app: true, email: false }]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<NotificationPreferencesSaved>()).toMatchObject({
      message: 'Notification choices saved.',
      data: expect.arrayContaining([{ category: 'money', in_app: true, email: false, locked: false }]),
    });
    await depositThroughSandbox(member, 40);
    expect((await bell(member)).data.map((row) => row.title)).toContain('Deposit confirmed');
    expect(await depositMails(member)).toHaveLength(0);

    await save(member, [{ category: 'money', in_app: true, email: true }]);
    await depositThroughSandbox(member, 41);
    expect(await depositMails(member)).toHaveLength(1);
  });

  it('money in the app off: the bell and its unread count leave deposits out, and show them again when turned on', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 25);
    expect((await bell(member)).unread_count).toBe(1);

    await save(member, [{ category: 'money', in_app: false, email: true }]);
    const hidden = await bell(member);
    expect(hidden.data).toEqual([]);
    expect(hidden.unread_count).toBe(0);
    expect(hidden.meta.total).toBe(0);
    // The mail still goes: only the app's channel was turned off.
    await depositThroughSandbox(member, 26);
    expect(await depositMails(member)).toHaveLength(2);

    await save(member, [{ category: 'money', in_app: true, email: true }]);
    const shown = await bell(member);
    expect(shown.data).toHaveLength(2);
    expect(shown.unread_count).toBe(2);
  });

  it('with a category hidden, the bell counts at most ten pages ahead, as every member list does (decision 039)', async () => {
    const member = await signedInMember(app);
    const at = new Date('2026-01-01T00:00:00Z');
    await db.insert(notifications).values(
      Array.from({ length: 260 }, (_, i) => ({
        userId: member.user.id,
        kind: i % 2 === 0 ? 'goal_completed' : 'deposit_confirmed',
        title: 'x',
        body: 'x',
        reference: `test:bell-cap:${member.user.id}:${i}`,
        createdAt: new Date(at.getTime() + i * 1000),
      })),
    );
    await save(member, [{ category: 'money', in_app: false, email: true }]);
    const first = await bell(member);
    // 130 goal notifications shown; 20 a page, counted up to 11 pages (220): all 130 here.
    expect(first.meta.total).toBe(130);
    expect(first.data.every((row) => row.kind === 'goal_completed')).toBe(true);
    await save(member, [
      { category: 'goals', in_app: false, email: true },
      { category: 'money', in_app: true, email: true },
    ]);
    // 130 deposits shown now, and the count stops where the shared lists stop.
    const response = await member.client.get('/api/notifications?lang=en&per_page=10', {
      token: member.token,
    });
    expect(response.json<NotificationListResponse>().meta.total).toBe(110);
  });

  it('with money hidden, a page reads the shown categories’ newest rows, never the hidden history (decision 221)', async () => {
    const member = await signedInMember(app);
    await db.execute(
      sql`insert into notifications (user_id, kind, title, body, reference, created_at)
          select ${member.user.id}, 'deposit_confirmed', 'x', 'x', 'test:hidden:' || ${member.user.id} || ':' || g,
            timestamptz '2026-01-02T00:00:00Z' + g * interval '1 minute'
          from generate_series(1, 400) g`,
    );
    await db.insert(notifications).values(
      ['goal_completed', 'loan_approved', 'security_notice'].map((kind, i) => ({
        userId: member.user.id,
        kind,
        title: kind,
        body: 'x',
        reference: `test:shown:${member.user.id}:${kind}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    await save(member, [{ category: 'money', in_app: false, email: true }]);
    const shown = await bell(member);
    expect(shown.data.map((row) => row.kind)).toEqual(['security_notice', 'loan_approved', 'goal_completed']);
    expect(shown.meta.total).toBe(3);
    expect(shown.unread_count).toBe(3);

    const { plan, read } = await pagePlanWithoutMoney(member, 0);
    // One branch a shown category, each through the category index: 3 rows in all, never the 400.
    expect(read, plan).toHaveLength(WITHOUT_MONEY.length);
    expect(read.reduce((sum, rows) => sum + rows, 0)).toBe(3);
  });

  it('with money hidden, later pages keep the bell’s order across categories, ties included', async () => {
    const member = await signedInMember(app);
    // 60 each of goals, loans and security, every instant shared by one row of each, behind 200 hidden.
    const kinds = ['goal_completed', 'loan_approved', 'security_notice'];
    await db.execute(
      sql`insert into notifications (user_id, kind, title, body, reference, created_at)
          select ${member.user.id}::int, k.kind, k.kind, 'x', 'test:ties:' || ${member.user.id} || ':' || k.kind || ':' || g,
            timestamptz '2026-01-01T00:00:00Z' + g * interval '1 minute'
          from generate_series(1, 60) g
          cross join unnest(${`{${kinds.join(',')}}`}::text[]) as k(kind)
          union all
          select ${member.user.id}::int, 'deposit_confirmed', 'x', 'x', 'test:ties-hidden:' || ${member.user.id} || ':' || g,
            timestamptz '2026-01-01T00:00:00Z' + g * interval '10 seconds'
          from generate_series(1, 200) g`,
    );
    await save(member, [{ category: 'money', in_app: false, email: true }]);
    const expected = await queryRows<{ id: number }>(
      db,
      sql`select id from notifications where user_id = ${member.user.id} and kind <> 'deposit_confirmed'
          order by created_at desc, id desc`,
    );
    const pageOf = async (page: number) => {
      const response = await member.client.get(`/api/notifications?lang=en&page=${page}&per_page=20`, {
        token: member.token,
      });
      expect(response.statusCode).toBe(200);
      return response.json<NotificationListResponse>();
    };
    const pages = [await pageOf(1), await pageOf(2), await pageOf(3), await pageOf(9), await pageOf(10)];
    const ids = (from: number, to: number) => expected.slice(from, to).map((row) => Number(row.id));
    expect(pages.map((page) => page.data.map((row) => row.id))).toEqual([
      ids(0, 20),
      ids(20, 40),
      ids(40, 60),
      ids(160, 180),
      [],
    ]);
    expect(pages.map((page) => page.meta.total)).toEqual([180, 180, 180, 180, 180]);

    const { plan, read } = await pagePlanWithoutMoney(member, 20);
    // Page 2: each shown category's branch reads its index backwards, in the bell's order, and stops at
    // the page's end (40 of its 60); none sorts, none reads the hidden 200.
    expect(read, plan).toHaveLength(WITHOUT_MONEY.length);
    for (const rows of read) expect(rows).toBeLessThanOrEqual(40);
    expect(plan.match(/Index Scan Backward using notifications_category_idx/g), plan).toHaveLength(
      WITHOUT_MONEY.length,
    );
    expect(plan).not.toContain('Sort Method');
  });

  it('the database’s notification_category() files every kind as @app/shared does', async () => {
    const rows = await queryRows<{ kind: string; category: string }>(
      db,
      sql`select k as kind, notification_category(k) as category
          from unnest(${`{${NOTIFICATION_KINDS.join(',')}}`}::text[]) k`,
    );
    expect(rows).toHaveLength(NOTIFICATION_KINDS.length);
    for (const row of rows)
      expect([row.kind, row.category]).toEqual([row.kind, notificationCategory(row.kind)]);
    // Every category has a kind, so the comparison covers each branch of the function.
    expect(new Set(rows.map((row) => row.category))).toEqual(new Set(NOTIFICATION_CATEGORIES));
  });

  it('security mails always go, whatever the member turned off', async () => {
    const member = await signedInMember(app);
    const offEverything = ['money', 'product_news', 'goals', 'loans'].map((category) => ({
      category,
      in_app: false,
      email: false,
    }));
    expect((await save(member, offEverything)).statusCode).toBe(200);
    const changed = await member.client.post(
      '/api/change-password',
      {
        old_password: PASSWORD,
        new_password: 'a new password 1',
        new_password_confirmation: 'a new password 1',
      },
      { token: member.token },
    );
    expect(changed.statusCode).toBe(200);
    expect((await mailsTo(app, member.email)).map((mail) => mail.subject)).toContain(
      'Your password was changed',
    );
  });

  it('refuses to turn security off (400 with a field error), and the database refuses it too', async () => {
    const member = await signedInMember(app);
    const refused = await save(member, [
      { category: 'goals', in_app: false, email: false },
      { category: 'security', in_app: true, email: false },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).errors).toEqual({
      'preferences.1.email': ['Security notifications cannot be turned off.'],
    });
    // Nothing saved, not even the valid goals choice.
    expect((await choices(member)).find((row) => row.category === 'goals')).toMatchObject({ in_app: true });
    await expect(
      db.execute(
        sql`insert into notification_preferences (user_id, category, in_app, email, updated_at)
            values (${member.user.id}, 'security', true, false, now())`,
      ),
    ).rejects.toThrow();
  });

  it.each([
    ['an unknown category', [{ category: 'marketing', in_app: true, email: true }]],
    [
      'a category twice',
      [
        { category: 'goals', in_app: false, email: true },
        { category: 'goals', in_app: true, email: true },
      ],
    ],
    ['no category', []],
    ['a channel that is not true or false', [{ category: 'loans', in_app: 'no', email: true }]],
    ['not a list', { category: 'loans' }],
  ])('refuses %s with a 400 and a message, and changes nothing', async (_label, preferences) => {
    const member = await signedInMember(app);
    const response = await save(member, preferences);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBeTruthy();
    const rows = await db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, member.user.id));
    expect(rows).toEqual([]);
  });

  it('is each member’s own: one member’s choices change nothing for another; signed out is a 401', async () => {
    const member = await signedInMember(app);
    const other = await signedInMember(app);
    await save(member, [{ category: 'loans', in_app: false, email: false }]);
    expect((await choices(other)).find((row) => row.category === 'loans')).toMatchObject({
      in_app: true,
      email: true,
    });
    expect((await member.client.get('/api/notification-preferences')).statusCode).toBe(401);
    expect((await member.client.put('/api/notification-preferences', { preferences: [] })).statusCode).toBe(
      401,
    );
  });
});
