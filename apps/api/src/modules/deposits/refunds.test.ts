import { describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { auditLog, depositRefunds, deposits, ledgerEntries, notifications } from '@app/db';
import type {
  ActivityResponse,
  AdminRefundListResponse,
  AdminWithdrawalDetailResponse,
  CreateDepositResponse,
  Deposit,
  MemberRefundsResponse,
  NotificationListResponse,
} from '@app/shared';
import { checkLedger } from '../../ledger/check';
import { collectDueRefundDebts } from './refunds.service';
import { createTestApp } from '../../../test/helpers';
import { mailsTo } from '../../../test/accounts';
import { coinPaymentsIpn, nowPaymentsIpn, sendCoinPayments, sendNowPayments } from '../../../test/ipn';
import { balanceOf, signedInAdmin, signedInMember, type Member } from '../../../test/money';
import { expectBooksBalance } from '../../../test/ledger';

// Refunds and chargebacks of credited gateway deposits (issue 33, decision 155).
const lines: string[] = [];
const { app } = await createTestApp(
  { RATE_LIMIT_WRITES_PER_MINUTE: '100000', LOG_LEVEL: 'warn' },
  { logStream: { write: (line) => void lines.push(line) } },
);
const { db } = app.deps.database;

type Method = 'nowpayment' | 'coinpayment';
type Event = 'paid' | 'refund' | 'cancel';

/** Each gateway's own statuses: NOWPayments by name, CoinPayments by number (-2: refund or reversal). */
const STATUSES = {
  nowpayment: { paid: 'finished', refund: 'refunded', cancel: 'failed' },
  coinpayment: { paid: 100, refund: -2, cancel: -1 },
} as const;

async function notifyGateway(method: Method, depositId: number, dollars: number, event: Event) {
  const response =
    method === 'nowpayment'
      ? await sendNowPayments(app, nowPaymentsIpn(depositId, dollars, STATUSES.nowpayment[event]))
      : await sendCoinPayments(app, coinPaymentsIpn(app, depositId, dollars, STATUSES.coinpayment[event]));
  return response;
}

async function startDeposit(member: Member, method: Method, dollars: number) {
  const created = await member.client.post(
    '/api/deposit',
    { amount: dollars, payment_method: method, currency: 'btc' },
    { token: member.token },
  );
  expect(created.statusCode).toBe(201);
  return created.json<CreateDepositResponse>().deposit;
}

async function creditedDeposit(member: Member, method: Method, dollars: number) {
  const deposit = await startDeposit(member, method, dollars);
  const paid = await notifyGateway(method, deposit.id, dollars, 'paid');
  expect(paid.json<{ status: string }>().status).toBe('confirmed');
  return deposit;
}

async function withdraw(member: Member, dollars: number) {
  const response = await member.client.post(
    '/api/withdrawal',
    {
      amount: dollars,
      withdrawal_method: 'bank_transfer',
      destination: 'Example Bank, account 123456789012, routing 021000021',
    },
    { token: member.token },
  );
  expect(response.statusCode).toBe(201);
  return response.json<{ withdrawal: { id: number } }>().withdrawal;
}

const owedBy = async (member: Member) =>
  (await member.client.get('/api/deposits/refunds', { token: member.token })).json<MemberRefundsResponse>();

const depositRow = async (id: number) => (await db.select().from(deposits).where(eq(deposits.id, id)))[0];

const entriesOf = (depositId: number) =>
  db
    .select()
    .from(ledgerEntries)
    .where(like(ledgerEntries.reference, `deposit:${depositId}:%`));

const notificationsOf = async (member: Member) =>
  (await member.client.get('/api/notifications', { token: member.token })).json<NotificationListResponse>()
    .data;

describe.each([
  ['NOWPayments', 'nowpayment', 'refunded'],
  ['CoinPayments', 'coinpayment', '-2'],
] as const)('a %s refund after a credit', (_name, method, refundStatus) => {
  it('takes the whole amount back when the balance holds it, marks the deposit refunded and tells the member', async () => {
    const member = await signedInMember(app);
    const deposit = await creditedDeposit(member, method, 100);
    expect((await balanceOf(member)).balance).toBe(100);

    const refund = await notifyGateway(method, deposit.id, 100, 'refund');
    expect(refund.statusCode).toBe(200);
    expect(refund.json()).toEqual({ message: 'IPN processed.', status: 'refunded' });

    expect((await balanceOf(member)).balance).toBe(0);
    expect(await depositRow(deposit.id)).toMatchObject({
      status: 'refunded',
      gatewayStatus: refundStatus,
      credited: 10_000,
    });
    const mine = await member.client.get(`/api/deposits/${deposit.id}`, { token: member.token });
    expect(mine.json<Deposit>().status).toBe('refunded');
    expect(await owedBy(member)).toEqual({ amount_owed: 0, data: [] });

    const [told] = await notificationsOf(member);
    expect(told).toMatchObject({ kind: 'deposit_refunded', title: 'Deposit reversed' });
    expect(told?.body).toBe(
      `The payment gateway reversed your deposit ${deposit.reference} of $100.00 (a refund or a chargeback). $100.00 has been taken back from your balance.`,
    );
    expect((await mailsTo(app, member.email)).some((mail) => mail.subject === 'Deposit reversed')).toBe(true);

    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deposit.refunded'), eq(auditLog.subjectId, String(deposit.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: null,
      subjectType: 'deposit',
      after: { status: 'refunded', gateway_status: refundStatus, taken_back: 100, owed: 0 },
    });

    const activity = (
      await member.client.get('/api/activity', { token: member.token })
    ).json<ActivityResponse>().data;
    expect(activity.map(({ type, amount, status }) => ({ type, amount, status }))).toEqual([
      { type: 'deposit_refund', amount: -100, status: 'completed' },
      { type: 'deposit', amount: 100, status: 'refunded' },
    ]);
    expect(activity[0]?.description).toBe(`Taken back for reversed deposit ${deposit.reference}`);
    await expectBooksBalance(db, 'mismatchedRefunds');
  });

  it('takes back what the balance allows; the rest is a debt the member and the finance admin see', async () => {
    const member = await signedInMember(app);
    const other = await signedInMember(app);
    const deposit = await creditedDeposit(member, method, 100);
    const withdrawal = await withdraw(member, 70); // held: 30 stays in the balance

    expect((await notifyGateway(method, deposit.id, 100, 'refund')).json<{ status: string }>().status).toBe(
      'refunded',
    );
    expect((await balanceOf(member)).balance).toBe(0);
    const owed = await owedBy(member);
    expect(owed.amount_owed).toBe(70);
    expect(owed.data).toEqual([
      expect.objectContaining({
        deposit_id: deposit.id,
        reference: deposit.reference,
        payment_method: method,
        amount: 100,
        taken_back: 30,
        recovered: 0,
        outstanding: 70,
        settled_at: null,
      }),
    ]);
    const [told] = await notificationsOf(member);
    expect(told?.body).toContain(
      '$30.00 has been taken back from your balance; the remaining $70.00 is owed and will be taken from the next money that reaches your balance.',
    );

    // Another member sees none of it.
    expect(await owedBy(other)).toEqual({ amount_owed: 0, data: [] });
    expect((await other.client.get(`/api/deposits/${deposit.id}`, { token: other.token })).statusCode).toBe(
      404,
    );

    // The finance role sees the open refund, and the debt beside the member's withdrawal.
    const finance = await signedInAdmin(app, 'finance');
    const list = (
      await finance.client.get('/api/admin/refunds', { token: finance.token })
    ).json<AdminRefundListResponse>();
    expect(list.data).toContainEqual(
      expect.objectContaining({
        deposit_id: deposit.id,
        user: { id: member.user.id, username: member.user.username, email: member.email },
        gateway_status: refundStatus,
        taken_back: 30,
        outstanding: 70,
      }),
    );
    expect(list.totals.outstanding).toBeGreaterThanOrEqual(70);
    const detail = (
      await finance.client.get(`/api/admin/withdrawals/${withdrawal.id}`, { token: finance.token })
    ).json<AdminWithdrawalDetailResponse>();
    expect(detail.member).toMatchObject({ balance: 0, withdrawal_hold: 70, refund_debt: 70 });
    const support = await signedInAdmin(app, 'support');
    expect((await support.client.get('/api/admin/refunds', { token: support.token })).statusCode).toBe(403);
    expect((await member.client.get('/api/admin/refunds', { token: member.token })).statusCode).toBe(403);
    await expectBooksBalance(db, 'mismatchedRefunds');
  });

  it('moves nothing more on a repeated refund notification, nor on a late payment notification', async () => {
    const member = await signedInMember(app);
    const deposit = await creditedDeposit(member, method, 100);
    for (let i = 0; i < 3; i += 1) {
      const again = await notifyGateway(method, deposit.id, 100, 'refund');
      expect(again.statusCode).toBe(200);
      expect(again.json<{ status: string }>().status).toBe('refunded');
    }
    const late = await notifyGateway(method, deposit.id, 100, 'paid');
    expect(late.json<{ status: string }>().status).toBe('refunded');
    expect((await balanceOf(member)).balance).toBe(0);
    expect((await entriesOf(deposit.id)).map((entry) => entry.reference).sort()).toEqual([
      `deposit:${deposit.id}:paid:10000`,
      `deposit:${deposit.id}:refund:taken`,
    ]);
    const told = (await notificationsOf(member)).filter((item) => item.kind === 'deposit_refunded');
    expect(told).toHaveLength(1);
    await expectBooksBalance(db, 'mismatchedRefunds');
  });

  it('changes nothing for a deposit that was never credited, and logs it without personal data', async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, method, 100);
    expect((await notifyGateway(method, deposit.id, 100, 'cancel')).json<{ status: string }>().status).toBe(
      'failed',
    );
    const before = await depositRow(deposit.id);
    const toldBefore = await notificationsOf(member);
    lines.length = 0;

    const refund = await notifyGateway(method, deposit.id, 100, 'refund');
    expect(refund.statusCode).toBe(200);
    expect(refund.json<{ status: string }>().status).toBe('failed');
    expect(await depositRow(deposit.id)).toEqual(before);
    expect(await entriesOf(deposit.id)).toEqual([]);
    expect(await notificationsOf(member)).toEqual(toldBefore);
    expect(await owedBy(member)).toEqual({ amount_owed: 0, data: [] });
    const log = lines.join('');
    expect(log).toContain('refund notification for a deposit that was never credited');
    expect(log).toContain(`"deposit_id":${deposit.id}`);
    expect(log).not.toContain(member.email);
    expect(log).not.toContain(member.user.username);
    await expectBooksBalance(db, 'mismatchedRefunds');
  });

  it('changes nothing for a refund of a still-pending deposit: it stays pending, no one is told', async () => {
    const member = await signedInMember(app);
    const deposit = await startDeposit(member, method, 100);
    const before = await depositRow(deposit.id);
    const toldBefore = await notificationsOf(member);
    lines.length = 0;

    const refund = await notifyGateway(method, deposit.id, 100, 'refund');
    expect(refund.statusCode).toBe(200);
    expect(refund.json<{ status: string }>().status).toBe('pending');
    expect(await depositRow(deposit.id)).toEqual(before);
    expect(await entriesOf(deposit.id)).toEqual([]);
    expect(await notificationsOf(member)).toEqual(toldBefore);
    expect(lines.join('')).toContain('refund notification for a deposit that was never credited');
    await expectBooksBalance(db, 'mismatchedRefunds');
  });

  it('answers 404 for an unknown deposit, changes nothing and logs it without personal data', async () => {
    const entries = await db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
    lines.length = 0;
    const refund = await notifyGateway(method, 987_654, 100, 'refund');
    expect(refund.statusCode).toBe(404);
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries)).toEqual(entries);
    const log = lines.join('');
    expect(log).toContain('refund notification for an unknown deposit');
    expect(log).toContain('"deposit_id":987654');
    await expectBooksBalance(db, 'mismatchedRefunds');
  });
});

describe('CoinPayments status -1 after 100', () => {
  it('takes the credited payment back like a refund', async () => {
    const member = await signedInMember(app);
    const deposit = await creditedDeposit(member, 'coinpayment', 60);
    const cancelled = await notifyGateway('coinpayment', deposit.id, 60, 'cancel');
    expect(cancelled.json<{ status: string }>().status).toBe('refunded');
    expect((await balanceOf(member)).balance).toBe(0);
    expect(await depositRow(deposit.id)).toMatchObject({ status: 'refunded', gatewayStatus: '-1' });
    await expectBooksBalance(db, 'mismatchedRefunds');
  });
});

describe('collecting what is owed', () => {
  it('takes it from the next deposit, then (the job) from money released later, through the ledger', async () => {
    const member = await signedInMember(app);
    const deposit = await creditedDeposit(member, 'nowpayment', 100);
    const withdrawal = await withdraw(member, 70);
    await notifyGateway('nowpayment', deposit.id, 100, 'refund');
    expect((await owedBy(member)).amount_owed).toBe(70);

    // The next deposit pays 50 of it in its own transaction.
    await creditedDeposit(member, 'nowpayment', 50);
    expect((await balanceOf(member)).balance).toBe(0);
    expect((await owedBy(member)).amount_owed).toBe(20);
    const [collected] = await notificationsOf(member);
    expect(collected).toMatchObject({ kind: 'deposit_refund_recovered', title: 'Amount owed collected' });
    expect(collected?.body).toBe(
      `$50.00 was taken from your balance towards what you owe for the reversed deposit ${deposit.reference}. $20.00 is still owed.`,
    );

    // The admin rejects the withdrawal: 70 comes back to the balance, and the job takes the 20.
    const admin = await signedInAdmin(app);
    const rejected = await admin.client.post(
      `/api/admin/withdrawals/${withdrawal.id}/reject`,
      { reason: 'Refunded deposit' },
      { token: admin.token },
    );
    expect(rejected.statusCode).toBe(200);
    expect((await balanceOf(member)).balance).toBe(70);
    const ran = await app.deps.jobs.runAll({ database: app.deps.database, clock: app.deps.clock });
    expect(ran).toContain('refund-debt-collection');
    expect((await balanceOf(member)).balance).toBe(50);
    expect(await owedBy(member)).toEqual({ amount_owed: 0, data: [] });
    const [row] = await db.select().from(depositRefunds).where(eq(depositRefunds.depositId, deposit.id));
    expect(row).toMatchObject({ amount: 10_000, takenBack: 3000, recovered: 7000, outstanding: 0 });
    expect(row?.settledAt).not.toBeNull();

    // Run again: nothing more moves.
    await app.deps.jobs.runAll({ database: app.deps.database, clock: app.deps.clock });
    expect((await balanceOf(member)).balance).toBe(50);
    expect((await entriesOf(deposit.id)).map((entry) => entry.reference).sort()).toEqual([
      `deposit:${deposit.id}:paid:10000`,
      `deposit:${deposit.id}:refund:debt`,
      `deposit:${deposit.id}:refund:recovered:5000`,
      `deposit:${deposit.id}:refund:recovered:7000`,
      `deposit:${deposit.id}:refund:taken`,
    ]);
    const activity = (
      await member.client.get('/api/activity?type=deposit_refund', { token: member.token })
    ).json<ActivityResponse>().data;
    expect(activity.map((item) => item.amount)).toEqual([-20, -50, -30]);

    const finance = await signedInAdmin(app, 'finance');
    const settled = (
      await finance.client.get('/api/admin/refunds?state=settled', { token: finance.token })
    ).json<AdminRefundListResponse>();
    expect(settled.data.map((item) => item.deposit_id)).toContain(deposit.id);
    const open = (
      await finance.client.get('/api/admin/refunds', { token: finance.token })
    ).json<AdminRefundListResponse>();
    expect(open.data.map((item) => item.deposit_id)).not.toContain(deposit.id);
    const recoveries = await db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, member.user.id), eq(notifications.kind, 'deposit_refund_recovered')),
      );
    expect(recoveries).toHaveLength(2);
    await expectBooksBalance(db, 'mismatchedRefunds');
  });

  it('the job pages through every member who owes, not only the first page', async () => {
    // Three members who owe $20 and hold $70 of cash (a rejected withdrawal came back).
    const admin = await signedInAdmin(app);
    const debtors: Member[] = [];
    for (let i = 0; i < 3; i += 1) {
      const member = await signedInMember(app);
      const deposit = await creditedDeposit(member, 'nowpayment', 100);
      const withdrawal = await withdraw(member, 70);
      await notifyGateway('nowpayment', deposit.id, 100, 'refund');
      await creditedDeposit(member, 'nowpayment', 50);
      const rejected = await admin.client.post(
        `/api/admin/withdrawals/${withdrawal.id}/reject`,
        { reason: 'Refunded deposit' },
        { token: admin.token },
      );
      expect(rejected.statusCode).toBe(200);
      expect((await owedBy(member)).amount_owed).toBe(20);
      debtors.push(member);
    }
    // Pages of two: the third member is on the second page.
    await collectDueRefundDebts({ ...app.deps, now: app.deps.clock.now() }, 2);
    for (const member of debtors) {
      expect((await owedBy(member)).amount_owed).toBe(0);
      expect((await balanceOf(member)).balance).toBe(50);
    }
    await expectBooksBalance(db, 'mismatchedRefunds');
  });
});

describe('the ledger check', () => {
  it('finds a refund whose figures differ from its postings, and a debt account that differs from what is owed', async () => {
    const member = await signedInMember(app);
    const deposit = await creditedDeposit(member, 'nowpayment', 100);
    await withdraw(member, 70);
    await notifyGateway('nowpayment', deposit.id, 100, 'refund');
    const tamper = (delta: number) =>
      db
        .update(depositRefunds)
        .set({
          takenBack: sql`${depositRefunds.takenBack} + ${delta}`,
          outstanding: sql`${depositRefunds.outstanding} - ${delta}`,
        })
        .where(eq(depositRefunds.depositId, deposit.id));
    await tamper(100);
    const check = await checkLedger(db);
    expect(check.ok).toBe(false);
    expect(check.mismatchedRefunds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          userId: member.user.id,
          field: 'taken_back',
          expected: 3000,
          actual: 3100,
        }),
        expect.objectContaining({ userId: member.user.id, field: 'debt', expected: 6900, actual: 7000 }),
        expect.objectContaining({
          refundId: null,
          userId: member.user.id,
          field: 'debt_account',
          expected: -6900,
          actual: -7000,
        }),
      ]),
    );
    await tamper(-100);
    await expectBooksBalance(db, 'mismatchedRefunds');
  });
});
