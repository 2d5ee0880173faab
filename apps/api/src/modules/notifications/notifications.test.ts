import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { notifications, users } from '@app/db';
import {
  ADMIN_QUEUES,
  NOTIFICATION_CATEGORIES,
  QUEUE_REJECT_REASONS,
  UNREAD_COUNT_CAP,
  type NotificationListResponse,
  type NotificationReadResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { mailsTo } from '../../../test/accounts';
import { genericPlanOf, readThrough } from '../../../test/plans';
import { depositThroughSandbox, signedInAdmin, signedInMember, type Member } from '../../../test/money';
import { queryRows, wholeNumbers } from '../../ledger/sql';
import { memberPagesQuery } from '../../lib/paging';
import { unreadCountQuery } from './notifications.repository';
import { rejectionReasonIn } from './notification-texts-reasons';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

/** Intl separates an amount from its currency with a no-break space: compared as a space. */
const spaced = (text: string | undefined) => text?.replace(/\u00a0/gu, ' ');

async function bell(member: Member, query = '') {
  const response = await member.client.get(`/api/notifications${query}`, { token: member.token });
  return { status: response.statusCode, body: response.json<NotificationListResponse>() };
}

describe('notifications in the reader’s language (decision 162)', () => {
  it('stores a key and its parameters and renders a confirmed deposit in en, es and ar when read', async () => {
    const member = await signedInMember(app);
    const deposit = await depositThroughSandbox(member, '1234.50');
    const reference = deposit.deposit.reference;

    const [row] = await db.select().from(notifications).where(eq(notifications.userId, member.user.id));
    expect(row).toMatchObject({
      messageKey: 'deposit_confirmed',
      params: { reference, amount: 123_450 },
    });

    const english = (await bell(member, '?lang=en')).body.data[0];
    expect(english).toMatchObject({
      title: 'Deposit confirmed',
      body: `Your deposit ${reference} of $1,234.50 has been credited to your balance.`,
    });
    const spanish = (await bell(member, '?lang=es')).body.data[0];
    expect(spanish?.title).toBe('Depósito confirmado');
    expect(spaced(spanish?.body)).toBe(`Tu depósito ${reference} de 1234,50 US$ se ha abonado a tu saldo.`);
    const arabic = (await bell(member, '?lang=ar')).body.data[0];
    expect(arabic?.title).toBe('تم تأكيد الإيداع');
    expect(arabic?.body).toContain(reference);
    expect(arabic?.body).toContain('1,234.50');
    expect(arabic?.body?.replace(reference, '')).not.toMatch(/[A-Za-z]{3,}/u);
  });

  it('uses the member’s saved language without ?lang=, and mails in it', async () => {
    const member = await signedInMember(app);
    await db.update(users).set({ language: 'es' }).where(eq(users.id, member.user.id));
    await depositThroughSandbox(member, 50);

    expect((await bell(member)).body.data[0]?.title).toBe('Depósito confirmado');
    // An unknown language falls back to the saved one, and a region tag to its language.
    expect((await bell(member, '?lang=fr')).body.data[0]?.title).toBe('Depósito confirmado');
    expect((await bell(member, '?lang=ar-EG')).body.data[0]?.title).toBe('تم تأكيد الإيداع');
    const mails = await mailsTo(app, member.email);
    expect(
      mails.some(
        (mail) => mail.subject === 'Depósito confirmado' && spaced(mail.text)?.includes('50,00 US$'),
      ),
    ).toBe(true);
  });

  it("says a rejection's chosen reason in the reader's language, and the operator's words as written", async () => {
    const member = await signedInMember(app);
    await db.update(users).set({ language: 'es' }).where(eq(users.id, member.user.id));
    const opened = await member.client.post(
      '/api/deposit',
      { amount: 80, payment_method: 'bank_transfer' },
      { token: member.token },
    );
    expect(opened.statusCode).toBe(201);
    const { id } = opened.json<{ deposit: { id: number } }>().deposit;
    const admin = await signedInAdmin(app);
    const rejected = await admin.client.post(
      `/api/admin/deposits/${id}/reject`,
      { reason_code: 'funds_not_received', reason: 'No transfer with this reference arrived.' },
      { token: admin.token },
    );
    expect(rejected.statusCode).toBe(200);

    // The operator's full stop is the sentence's own, not doubled; in Arabic the words are isolated
    // (U+2068 … U+2069), so that English keeps its order inside the right-to-left sentence.
    const words = 'No transfer with this reference arrived';
    expect((await bell(member, '?lang=en')).body.data[0]?.body).toContain(
      `: Funds not received — ${words}. Nothing was taken`,
    );
    expect((await bell(member)).body.data[0]?.body).toContain(`: Fondos no recibidos — ${words}. No se ha`);
    expect((await bell(member, '?lang=ar')).body.data[0]?.body).toContain(
      `: \u2068لم تصل الأموال — ${words}\u2069. لم يُخصم`,
    );
    const mails = await mailsTo(app, member.email);
    expect(mails.some((mail) => mail.text?.includes(`Fondos no recibidos — ${words}. No se ha`))).toBe(true);
  });

  it('knows every chosen reason of every queue in Spanish and Arabic, and leaves other text alone', () => {
    for (const queue of ADMIN_QUEUES) {
      for (const [code, label] of Object.entries(QUEUE_REJECT_REASONS[queue])) {
        if (code === 'other') continue;
        for (const language of ['es', 'ar'] as const) {
          const said = rejectionReasonIn(language, queue, `${label} — Call us.`);
          expect(said, `${language} ${queue} ${code}`).not.toContain(label);
          expect(said.endsWith(' — Call us.')).toBe(true);
        }
      }
    }
    expect(rejectionReasonIn('es', 'withdrawals', 'Please call us: Unusual activity on the account')).toBe(
      'Please call us: Unusual activity on the account',
    );
    expect(rejectionReasonIn('es', 'deposits', 'Unusual activity on the account — x')).toBe(
      'Unusual activity on the account — x',
    );
    expect(rejectionReasonIn('en', 'deposits', 'Funds not received — x')).toBe('Funds not received — x');
  });

  it('shows a row stored before keys (no key) with its own text, whatever the language', async () => {
    const member = await signedInMember(app);
    await db.insert(notifications).values({
      userId: member.user.id,
      kind: 'deposit_confirmed',
      title: 'Deposit confirmed',
      body: 'Your deposit DEP-OLD of $1000.00 has been credited to your balance.',
      reference: `legacy:${member.user.id}`,
      createdAt: clock.now(),
    });
    const item = (await bell(member, '?lang=ar')).body.data[0];
    expect(item).toMatchObject({
      title: 'Deposit confirmed',
      body: 'Your deposit DEP-OLD of $1000.00 has been credited to your balance.',
    });
  });

  it('refuses a language longer than a language tag with a field error, and lists nothing', async () => {
    const member = await signedInMember(app);
    const { status, body } = await bell(member, `?lang=${'x'.repeat(40)}`);
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('lang');
  });

  it('does not show one member’s notifications to another, and marking another’s read is a 404', async () => {
    const owner = await signedInMember(app);
    await depositThroughSandbox(owner, 20);
    const other = await signedInMember(app);
    expect((await bell(other, '?lang=es')).body.data).toEqual([]);
    const [row] = await db.select().from(notifications).where(eq(notifications.userId, owner.user.id));
    const marked = await other.client.post(`/api/notifications/${row?.id}/read`, {}, { token: other.token });
    expect(marked.statusCode).toBe(404);
  });
});

/** `count` unread notifications of `member`, a minute apart, in one statement: a member who never reads. */
async function unreadMany(member: Member, count: number, kind = 'deposit_confirmed'): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into notifications (user_id, kind, title, body, reference, created_at)
        select ${member.user.id}, ${kind}, 'Deposit confirmed', 'Your deposit was credited.',
          'bulk:' || ${member.user.id} || ':' || ${kind} || ':' || g,
          timestamptz '2026-01-01T00:00:00Z' + g * interval '1 minute'
        from generate_series(1, ${count}) g
        returning id`,
  );
  return rows.map((row) => Number(row.id));
}

describe('the unread count is counted up to UNREAD_COUNT_CAP (decision 219)', () => {
  it('answers the cap for 150 unread, the exact number below it, 0 after marking all read', async () => {
    const member = await signedInMember(app);
    const [first] = await unreadMany(member, 150);
    const { status, body } = await bell(member);
    expect(status).toBe(200);
    expect(body.unread_count).toBe(UNREAD_COUNT_CAP);
    // The page still lists them (its total counted as the member lists count).
    expect(body.data).toHaveLength(20);

    // 149 unread: still the cap.
    const read = await member.client.post(`/api/notifications/${first}/read`, {}, { token: member.token });
    expect(read.json<NotificationReadResponse>().unread_count).toBe(UNREAD_COUNT_CAP);

    const all = await member.client.post('/api/notifications/read-all', {}, { token: member.token });
    expect(all.json<NotificationReadResponse>().unread_count).toBe(0);
    await unreadMany(member, UNREAD_COUNT_CAP - 1, 'withdrawal_approved');
    expect((await bell(member)).body.unread_count).toBe(UNREAD_COUNT_CAP - 1);

    // Another member's unread are not counted.
    expect((await bell(await signedInMember(app))).body.unread_count).toBe(0);
  });

  it('reads at most the cap’s rows, with or without categories turned off', async () => {
    const member = await signedInMember(app);
    // Money first, goals after: a member who hid money has 150 unread deposits in front of the goals.
    await unreadMany(member, 150, 'goal_completed');
    await unreadMany(member, 150);
    const withoutMoney = NOTIFICATION_CATEGORIES.filter((category) => category !== 'money');
    for (const shown of [NOTIFICATION_CATEGORIES, withoutMoney]) {
      const plan = await genericPlanOf(
        app.deps.database,
        (tx) => unreadCountQuery(tx, member.user.id, shown),
        { analyze: true },
      );
      const read = readThrough(plan, 'notifications_unread_category_idx');
      expect(read.length, plan).toBeGreaterThan(0);
      // Never the member's 300: the count stops at the cap, whichever categories give the rows, and
      // no hidden row is fetched to be thrown away.
      expect(
        read.reduce((sum, rows) => sum + rows, 0),
        plan,
      ).toBeLessThanOrEqual(UNREAD_COUNT_CAP + 1);
      expect(plan).not.toContain('Rows Removed by Filter');
    }
    expect((await bell(member)).body.unread_count).toBe(UNREAD_COUNT_CAP);
  });

  it('reads the first page of a long bell through the member’s index in order, never sorting the history', async () => {
    const member = await signedInMember(app);
    await unreadMany(member, 300);
    const plan = await genericPlanOf(
      app.deps.database,
      (tx) =>
        memberPagesQuery(tx, notifications, {
          userIds: wholeNumbers([member.user.id]),
          limits: wholeNumbers([20]),
          offsets: wholeNumbers([0]),
          caps: wholeNumbers([220]),
        }),
      { analyze: true },
    );
    const read = readThrough(plan, 'notifications_user_order_idx');
    expect(read.length, plan).toBeGreaterThan(0);
    // The page's 20 (and the count's at most 220), never the 300 sorted.
    expect(Math.max(...read), plan).toBeLessThanOrEqual(220);
    expect(plan).not.toMatch(/Sort Key: \w+\.created_at DESC/);
    const first = (await bell(member)).body;
    expect(first.data).toHaveLength(20);
    expect(first.meta.total).toBe(220);
  });
});
