import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, deposits, ledgerEntries, notifications, settings } from '@app/db';
import type {
  AdminDepositDetailResponse,
  AdminDepositListResponse,
  AdminLoanApplicationActionResponse,
  AdminLoanApplicationDetailResponse,
  AdminLoanApplicationListResponse,
  AdminWithdrawalActionResponse,
  AdminWithdrawalDetailResponse,
  AdminWithdrawalListResponse,
  CreateDepositResponse,
  CreateWithdrawalResponse,
  LedgerCheckResponse,
  WithdrawalHistoryResponse,
} from '@app/shared';
import { CANCEL_MESSAGES, DATE_RANGE, QUEUE_MESSAGES } from '@app/shared';
import { createTestApp } from '../../../../test/helpers';
import { errorOf } from '../../../../test/accounts';
import {
  balanceOf,
  depositThroughSandbox,
  signedInAdmin,
  signedInMember,
  statementLine,
  type Member,
} from '../../../../test/money';
import { applyFor, createLoanPlan } from '../../../../test/loans';
import { signInAdminAs } from '../../../../test/admin';
import { expectBooksBalance } from '../../../../test/ledger';
import { genericPlanOf } from '../../../../test/plans';
import { bankConfirmedSinceQuery } from '../../deposits/deposits.repository';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const admin = await signedInAdmin(app);
const secondAdmin = await signedInAdmin(app);

async function bankDeposit(member: Member, amount: number): Promise<CreateDepositResponse> {
  const response = await member.client.post(
    '/api/deposit',
    { amount, payment_method: 'bank_transfer' },
    { token: member.token },
  );
  expect(response.statusCode).toBe(201);
  return response.json<CreateDepositResponse>();
}

async function withdraw(member: Member, amount: number): Promise<CreateWithdrawalResponse> {
  const response = await member.client.post(
    '/api/withdrawal',
    { amount, withdrawal_method: 'crypto', destination: 'bc1qexampleaddress' },
    { token: member.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreateWithdrawalResponse>();
}

const get = <T>(url: string, who: Member = admin) =>
  who.client.get(url, { token: who.token }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  });

async function auditOf(subjectType: string, id: number, action: string) {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectType, subjectType),
        eq(auditLog.subjectId, String(id)),
        eq(auditLog.action, action),
      ),
    );
}

describe('queue lists: filters, order, ages and totals', () => {
  it('filters the bank deposits queue by member, amount range, dates and status, oldest first', async () => {
    const before = await get<AdminDepositListResponse>(
      '/api/admin/deposits?status=pending&method=bank_transfer',
    );
    const alice = await signedInMember(app);
    const bob = await signedInMember(app);
    const first = await bankDeposit(alice, 100);
    clock.advance(60_000);
    const second = await bankDeposit(alice, 250.5);
    clock.advance(60_000);
    await bankDeposit(bob, 300);

    const mine = await get<AdminDepositListResponse>(
      `/api/admin/deposits?status=pending&method=bank_transfer&q=${encodeURIComponent(alice.email.toUpperCase())}`,
    );
    expect(mine.data.map((row) => row.id)).toEqual([first.deposit.id, second.deposit.id]);
    expect(mine.data[0]?.age_seconds).toBe(120);
    expect(mine.data[1]?.age_seconds).toBe(60);
    expect(mine.meta).toEqual({ current_page: 1, total_pages: 1, total: 2 });
    // The queue's totals come from the running totals, whatever the filter.
    expect(mine.totals.pending_count).toBe(before.totals.pending_count + 3);
    expect(mine.totals.pending_amount).toBeCloseTo(before.totals.pending_amount + 650.5, 2);
    // The queue's default view (every pending bank transfer) is as long as its running totals say.
    const whole = await get<AdminDepositListResponse>(
      '/api/admin/deposits?status=pending&method=bank_transfer',
    );
    expect(whole.meta.total).toBe(before.meta.total + 3);
    expect(whole.meta.total).toBe(whole.totals.pending_count);
    expect(whole.meta.total_pages).toBe(Math.max(1, Math.ceil(whole.meta.total / 20)));
    // The oldest pending item of the whole queue: alice's first, unless one was already waiting.
    expect(mine.totals.oldest_pending_at).toBe(
      before.totals.oldest_pending_at ?? new Date(clock.now().getTime() - 120_000).toISOString(),
    );

    const byId = await get<AdminDepositListResponse>(`/api/admin/deposits?status=pending&q=${alice.user.id}`);
    expect(byId.data).toHaveLength(2);
    const byRange = await get<AdminDepositListResponse>(
      `/api/admin/deposits?q=${alice.user.username}&min_amount=200&max_amount=260`,
    );
    expect(byRange.data.map((row) => row.id)).toEqual([second.deposit.id]);
    const today = clock.now().toISOString().slice(0, 10);
    const byDate = await get<AdminDepositListResponse>(
      `/api/admin/deposits?q=${alice.user.id}&from=${today}&to=${today}`,
    );
    expect(byDate.data).toHaveLength(2);
    const otherDay = await get<AdminDepositListResponse>(
      `/api/admin/deposits?q=${alice.user.id}&from=2001-01-01&to=2001-01-02`,
    );
    expect(otherDay.data).toEqual([]);
    const confirmedOnly = await get<AdminDepositListResponse>(
      `/api/admin/deposits?q=${alice.user.id}&status=confirmed`,
    );
    expect(confirmedOnly.data).toEqual([]);
    // The reference a member quotes on the transfer finds its deposit, in any case.
    const quoted = second.deposit.reference.toLowerCase();
    const byReference = await get<AdminDepositListResponse>(`/api/admin/deposits?status=pending&q=${quoted}`);
    expect(byReference.data.map((row) => row.id)).toEqual([second.deposit.id]);
    const nobody = await get<AdminDepositListResponse>('/api/admin/deposits?q=nobody-at-all@example.com');
    expect(nobody.data).toEqual([]);
    expect(nobody.meta.total).toBe(0);
  });

  it('answers admins who open the pending queue at once as if each were alone, and reads after each asked (decision 144)', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 500);
    for (let index = 0; index < 5; index += 1) await withdraw(member, 10 + index);
    const urls = [1, 2, 3, 1].map((page) => `/api/admin/withdrawals?status=pending&per_page=2&page=${page}`);
    const requests = [admin, secondAdmin].flatMap((who) => urls.map((url) => ({ who, url })));
    // The last day a filter takes (decision 153) is a filter like any other.
    const untilTheEnd = await get<AdminWithdrawalListResponse>(
      `/api/admin/withdrawals?status=pending&q=${member.user.id}&to=${DATE_RANGE.latest}`,
    );
    expect(untilTheEnd.data).toHaveLength(5);
    const alone: AdminWithdrawalListResponse[] = [];
    for (const { who, url } of requests) alone.push(await get<AdminWithdrawalListResponse>(url, who));
    const together = await Promise.all(
      [...requests, ...requests].map(({ who, url }) => get<AdminWithdrawalListResponse>(url, who)),
    );
    expect(together).toEqual([...alone, ...alone]);
    expect(alone[0]?.data).toHaveLength(2);
    expect(alone[1]?.data.map((row) => row.id)).not.toEqual(alone[0]?.data.map((row) => row.id));
    // A withdrawal made after one read is in the next, however many read at once.
    const before = alone[0]?.totals.pending_count ?? 0;
    await withdraw(member, 20);
    const after = await Promise.all(urls.map((url) => get<AdminWithdrawalListResponse>(url)));
    for (const answer of after) expect(answer.totals.pending_count).toBe(before + 1);
  });

  it('sorts by amount or by time, either way, on request', async () => {
    const member = await signedInMember(app);
    const small = await bankDeposit(member, 120);
    clock.advance(60_000);
    const large = await bankDeposit(member, 900);
    clock.advance(60_000);
    const middle = await bankDeposit(member, 450);
    const ids = async (sort: string) =>
      (
        await get<AdminDepositListResponse>(
          `/api/admin/deposits?status=pending&q=${member.user.id}&sort=${sort}`,
        )
      ).data.map((row) => row.id);
    const [s, l, m] = [small.deposit.id, large.deposit.id, middle.deposit.id];
    expect(await ids('-amount')).toEqual([l, m, s]);
    expect(await ids('amount')).toEqual([s, m, l]);
    expect(await ids('-created_at')).toEqual([m, l, s]);
    expect(await ids('created_at')).toEqual([s, l, m]);
    // Without a sort, pending is oldest first.
    expect(await ids('')).toEqual([s, l, m]);
  });

  it('answers 400 with field errors for bad filters', async () => {
    const bad = await admin.client.get('/api/admin/withdrawals?min_amount=abc&from=2026-02-30&per_page=500', {
      token: admin.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors).toMatchObject({
      min_amount: [QUEUE_MESSAGES.invalidAmount],
      from: [QUEUE_MESSAGES.invalidDate],
    });
    const ranges = await admin.client.get(
      '/api/admin/loan-applications?min_amount=50&max_amount=10&from=2026-03-02&to=2026-03-01',
      { token: admin.token },
    );
    expect(ranges.statusCode).toBe(400);
    expect(errorOf(ranges).errors).toMatchObject({
      max_amount: [QUEUE_MESSAGES.maxBelowMin],
      to: [QUEUE_MESSAGES.toBeforeFrom],
    });
    const status = await admin.client.get('/api/admin/deposits?status=paid', { token: admin.token });
    expect(status.statusCode).toBe(400);
    expect(errorOf(status).errors?.status).toBeDefined();
    const sort = await admin.client.get('/api/admin/withdrawals?sort=member', { token: admin.token });
    expect(sort.statusCode).toBe(400);
    expect(errorOf(sort).errors).toMatchObject({ sort: [QUEUE_MESSAGES.invalidSort] });
  });

  it('refuses members (403) and strangers (401)', async () => {
    const member = await signedInMember(app);
    for (const url of ['/api/admin/deposits', '/api/admin/withdrawals/1', '/api/admin/loan-applications']) {
      expect((await member.client.get(url, { token: member.token })).statusCode).toBe(403);
      expect((await member.client.get(url)).statusCode).toBe(401);
    }
  });
});

describe('queue item detail', () => {
  it('shows the item with the member’s summary from the running totals, and 404 for an unknown id', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 500);
    const { withdrawal } = await withdraw(member, 120);
    const detail = await get<AdminWithdrawalDetailResponse>(`/api/admin/withdrawals/${withdrawal.id}`);
    expect(detail.withdrawal).toMatchObject({ id: withdrawal.id, amount: 120, status: 'pending' });
    expect(detail.withdrawal.destination_full).toBe('bc1qexampleaddress');
    expect(detail.member).toMatchObject({
      id: member.user.id,
      email: member.email,
      status: 'active',
      balance: 380,
      withdrawal_hold: 120,
      total_deposit: 500,
      total_withdrawn: 0,
    });
    expect(detail.decision).toBeNull();
    expect(detail.four_eyes_threshold).toBe(10_000);

    const deposit = await bankDeposit(member, 75);
    const depositDetail = await get<AdminDepositDetailResponse>(`/api/admin/deposits/${deposit.deposit.id}`);
    expect(depositDetail.member.balance).toBe(380);

    for (const url of [
      '/api/admin/withdrawals/999999',
      '/api/admin/deposits/999999',
      '/api/admin/loan-applications/999999',
    ]) {
      const missing = await admin.client.get(url, { token: admin.token });
      expect(missing.statusCode).toBe(404);
    }
    expect((await admin.client.get('/api/admin/deposits/abc', { token: admin.token })).statusCode).toBe(400);
  });
});

describe('decisions', () => {
  it('approves a bank deposit: the balance changes, audited with before and after', async () => {
    const member = await signedInMember(app);
    const { deposit } = await bankDeposit(member, 640);
    const response = await admin.client.post(
      `/api/admin/deposits/${deposit.id}/confirm`,
      statementLine(deposit),
      { token: admin.token },
    );
    expect(response.statusCode).toBe(200);
    expect((await balanceOf(member)).balance).toBe(640);
    const [audit] = await auditOf('deposit', deposit.id, 'deposit.confirmed');
    expect(audit?.actorId).toBe(admin.user.id);
    expect(audit?.before).toMatchObject({ status: 'pending', credited: 0 });
    expect(audit?.after).toMatchObject({ status: 'confirmed', credited: 64_000, amount: 640 });
    const detail = await get<AdminDepositDetailResponse>(`/api/admin/deposits/${deposit.id}`);
    expect(detail.decision).toMatchObject({ action: 'deposit.confirmed', by: { id: admin.user.id } });
    await expectBooksBalance(db, 'mismatchedQueueTotals');
  });

  it('rejects with a reason from the list plus free text, which the member reads', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 300);
    const { withdrawal } = await withdraw(member, 200);
    const invalid = await admin.client.post(
      `/api/admin/withdrawals/${withdrawal.id}/reject`,
      { reason_code: 'because', reason: '' },
      { token: admin.token },
    );
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).errors).toMatchObject({
      reason_code: [QUEUE_MESSAGES.invalidReasonCode],
      reason: [QUEUE_MESSAGES.reasonRequired],
    });
    expect((await balanceOf(member)).balance).toBe(100);

    const response = await admin.client.post(
      `/api/admin/withdrawals/${withdrawal.id}/reject`,
      { reason_code: 'destination_invalid', reason: 'The address belongs to another network.' },
      { token: admin.token },
    );
    expect(response.statusCode).toBe(200);
    const reason = 'Destination details are not valid — The address belongs to another network.';
    expect(response.json<AdminWithdrawalActionResponse>().withdrawal).toMatchObject({
      status: 'rejected',
      reason,
    });
    expect((await balanceOf(member)).balance).toBe(300);
    const history = await get<WithdrawalHistoryResponse>('/api/withdrawal/history', member);
    expect(history.data[0]).toMatchObject({ id: withdrawal.id, status: 'rejected', reason });
    const [note] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.reference, `withdrawal:${withdrawal.id}:rejected`));
    expect(note?.body).toContain(reason);
    const [audit] = await auditOf('withdrawal', withdrawal.id, 'withdrawal.rejected');
    expect(audit?.before).toMatchObject({ status: 'pending', reason: null });
    expect(audit?.after).toMatchObject({ status: 'rejected', reason, reason_code: 'destination_invalid' });
    expect(audit).toMatchObject({ actorRole: 'superadmin', reason });
    await expectBooksBalance(db, 'mismatchedQueueTotals');
  });

  it('rejects a loan application with a reason and answers its detail', async () => {
    const member = await signedInMember(app);
    const plan = await createLoanPlan(app);
    const application = await applyFor(member, plan.id, 500, 6);
    const list = await get<AdminLoanApplicationListResponse>(
      `/api/admin/loan-applications?status=pending&q=${member.user.id}`,
    );
    expect(list.data.map((row) => row.id)).toEqual([application.id]);
    const response = await admin.client.post(
      `/api/admin/loan-applications/${application.id}/reject`,
      { reason_code: 'affordability', reason: 'Income too low for this term.' },
      { token: admin.token },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminLoanApplicationActionResponse>().application.reason).toBe(
      'Repayments would not be affordable — Income too low for this term.',
    );
    const detail = await get<AdminLoanApplicationDetailResponse>(
      `/api/admin/loan-applications/${application.id}`,
    );
    expect(detail.decision).toMatchObject({ action: 'loan_application.rejected', by: { id: admin.user.id } });
    const again = await secondAdmin.client.post(
      `/api/admin/loan-applications/${application.id}/approve`,
      {},
      { token: secondAdmin.token },
    );
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toContain(`rejected by ${admin.user.username}`);
  });

  it('lets one of two admins racing on a withdrawal decide; the other gets 409 naming the decider', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 100);
    const { withdrawal } = await withdraw(member, 40);
    const [one, two] = await Promise.all([
      admin.client.post(`/api/admin/withdrawals/${withdrawal.id}/approve`, {}, { token: admin.token }),
      secondAdmin.client.post(
        `/api/admin/withdrawals/${withdrawal.id}/reject`,
        { reason: 'Duplicate request.' },
        { token: secondAdmin.token },
      ),
    ]);
    const statuses = [one.statusCode, two.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const [winner, loser, winnerAdmin, verb] =
      one.statusCode === 200 ? [one, two, admin, 'approved'] : [two, one, secondAdmin, 'rejected'];
    expect(winner.statusCode).toBe(200);
    expect(errorOf(loser)).toMatchObject({ code: 'CONFLICT' });
    expect(errorOf(loser).message).toBe(
      `This withdrawal is no longer pending. It was ${verb} by ${winnerAdmin.user.username}.`,
    );
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, member.user.id));
    // The deposit, the hold and exactly one decision.
    expect(entries.filter((entry) => entry.kind.startsWith('withdrawal_')).map((e) => e.kind)).toHaveLength(
      2,
    );
    await expectBooksBalance(db, 'mismatchedQueueTotals');
  });
});

describe('four eyes', () => {
  it('needs a second, different admin above the threshold before paying', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 20_000);
    const { withdrawal } = await withdraw(member, 15_000);

    const first = await admin.client.post(
      `/api/admin/withdrawals/${withdrawal.id}/approve`,
      {},
      { token: admin.token },
    );
    expect(first.statusCode).toBe(200);
    const firstBody = first.json<AdminWithdrawalActionResponse>();
    expect(firstBody.message).toBe(QUEUE_MESSAGES.firstApprovalRecorded);
    expect(firstBody.withdrawal).toMatchObject({
      status: 'pending',
      awaiting_second_approval: true,
      first_approval: { by: { id: admin.user.id, username: admin.user.username } },
    });
    const paidEntries = () =>
      db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.reference, `withdrawal:${withdrawal.id}:paid`));
    expect(await paidEntries()).toEqual([]);

    const same = await admin.client.post(
      `/api/admin/withdrawals/${withdrawal.id}/approve`,
      {},
      { token: admin.token },
    );
    expect(same.statusCode).toBe(422);
    expect(errorOf(same).message).toBe(QUEUE_MESSAGES.sameAdmin);
    expect(await paidEntries()).toEqual([]);

    const listed = await get<AdminWithdrawalListResponse>(
      `/api/admin/withdrawals?status=pending&q=${member.user.id}`,
    );
    expect(listed.data[0]).toMatchObject({ id: withdrawal.id, awaiting_second_approval: true });

    const second = await secondAdmin.client.post(
      `/api/admin/withdrawals/${withdrawal.id}/approve`,
      {},
      { token: secondAdmin.token },
    );
    expect(second.statusCode).toBe(200);
    expect(second.json<AdminWithdrawalActionResponse>().withdrawal).toMatchObject({
      status: 'approved',
      awaiting_second_approval: false,
    });
    expect(await paidEntries()).toHaveLength(1);
    const [firstAudit] = await auditOf('withdrawal', withdrawal.id, 'withdrawal.first_approval');
    expect(firstAudit?.actorId).toBe(admin.user.id);
    expect(firstAudit?.before).toMatchObject({ status: 'pending', first_approved_by: null });
    expect(firstAudit?.after).toMatchObject({ status: 'pending', first_approved_by: admin.user.id });
    const [paidAudit] = await auditOf('withdrawal', withdrawal.id, 'withdrawal.approved');
    expect(paidAudit?.actorId).toBe(secondAdmin.user.id);
    expect(paidAudit?.after).toMatchObject({ status: 'approved', decided_by: secondAdmin.user.id });
    await expectBooksBalance(db, 'mismatchedQueueTotals');
  });

  it('reads the threshold from the settings: at or below it one approval pays', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 20_000);
    const atThreshold = await withdraw(member, 10_000);
    const paid = await admin.client.post(
      `/api/admin/withdrawals/${atThreshold.withdrawal.id}/approve`,
      {},
      { token: admin.token },
    );
    expect(paid.json<AdminWithdrawalActionResponse>().withdrawal.status).toBe('approved');

    await db
      .insert(settings)
      .values({ key: 'withdrawal_four_eyes_threshold', value: 100, updatedAt: clock.now() })
      .onConflictDoUpdate({ target: settings.key, set: { value: 100 } });
    try {
      const above = await withdraw(member, 150);
      const firstOnly = await admin.client.post(
        `/api/admin/withdrawals/${above.withdrawal.id}/approve`,
        {},
        { token: admin.token },
      );
      expect(firstOnly.json<AdminWithdrawalActionResponse>().withdrawal.awaiting_second_approval).toBe(true);
      const detail = await get<AdminWithdrawalDetailResponse>(
        `/api/admin/withdrawals/${above.withdrawal.id}`,
      );
      expect(detail.four_eyes_threshold).toBe(100);
      // A first approval does not stop a rejection.
      const rejected = await secondAdmin.client.post(
        `/api/admin/withdrawals/${above.withdrawal.id}/reject`,
        { reason_code: 'unusual_activity', reason: 'Checking with the member.' },
        { token: secondAdmin.token },
      );
      expect(rejected.statusCode).toBe(200);
    } finally {
      await db.delete(settings).where(eq(settings.key, 'withdrawal_four_eyes_threshold'));
    }
    await expectBooksBalance(db, 'mismatchedQueueTotals');
  });
});

describe('four eyes on bank transfers (decision 235)', () => {
  /** Each admin names the transfer's statement line: one bank reference per transfer. */
  const confirm = (who: Member, deposit: { id: number; amount: number }) =>
    who.client.post(
      `/api/admin/deposits/${deposit.id}/confirm`,
      statementLine(deposit, `STMT-${deposit.id}`),
      { token: who.token },
    );

  it('needs a second, different admin above the threshold before the transfer is credited', async () => {
    const member = await signedInMember(app);
    const { deposit } = await bankDeposit(member, 15_000);
    const before = await get<AdminDepositDetailResponse>(`/api/admin/deposits/${deposit.id}`);
    expect(before).toMatchObject({
      four_eyes_threshold: 10_000,
      confirmed_last_day: 0,
      needs_second_approval: true,
    });

    const first = await confirm(admin, deposit);
    expect(first.statusCode).toBe(200);
    const firstBody = first.json<{ message: string; deposit: AdminDepositDetailResponse['deposit'] }>();
    expect(firstBody.message).toBe(QUEUE_MESSAGES.firstConfirmationRecorded);
    expect(firstBody.deposit).toMatchObject({
      status: 'pending',
      credited_amount: 0,
      awaiting_second_approval: true,
      first_approval: { by: { id: admin.user.id, username: admin.user.username } },
    });
    expect(await balanceOf(member)).toMatchObject({ balance: 0, total_deposit: 0 });

    const same = await confirm(admin, deposit);
    expect(same.statusCode).toBe(422);
    expect(errorOf(same).message).toBe(QUEUE_MESSAGES.sameAdmin);
    expect(await balanceOf(member)).toMatchObject({ balance: 0 });
    const listed = await get<AdminDepositListResponse>(
      `/api/admin/deposits?method=bank_transfer&status=pending&q=${member.user.id}`,
    );
    expect(listed.data[0]).toMatchObject({ id: deposit.id, awaiting_second_approval: true });
    const waiting = await get<AdminDepositDetailResponse>(`/api/admin/deposits/${deposit.id}`);
    expect(waiting.needs_second_approval).toBe(false);

    const second = await confirm(secondAdmin, deposit);
    expect(second.statusCode).toBe(200);
    expect(second.json<{ deposit: { status: string } }>().deposit.status).toBe('confirmed');
    expect(await balanceOf(member)).toMatchObject({ balance: 15_000, total_deposit: 15_000 });
    const [firstAudit] = await auditOf('deposit', deposit.id, 'deposit.first_approval');
    expect(firstAudit?.actorId).toBe(admin.user.id);
    expect(firstAudit?.after).toMatchObject({ status: 'pending', first_approved_by: admin.user.id });
    const [confirmedAudit] = await auditOf('deposit', deposit.id, 'deposit.confirmed');
    expect(confirmedAudit?.actorId).toBe(secondAdmin.user.id);
    await expectBooksBalance(db, 'mismatchedQueueTotals');
  });

  it("counts the member's transfers confirmed in the last day: splitting one does not pass one admin", async () => {
    const member = await signedInMember(app);
    const one = await bankDeposit(member, 6_000);
    const two = await bankDeposit(member, 6_000);
    const credited = await confirm(admin, one.deposit);
    expect(credited.json<{ deposit: { status: string } }>().deposit.status).toBe('confirmed');

    const detail = await get<AdminDepositDetailResponse>(`/api/admin/deposits/${two.deposit.id}`);
    expect(detail).toMatchObject({ confirmed_last_day: 6_000, needs_second_approval: true });
    const held = await confirm(admin, two.deposit);
    expect(held.json<{ message: string }>().message).toBe(QUEUE_MESSAGES.firstConfirmationRecorded);
    expect(await balanceOf(member)).toMatchObject({ balance: 6_000 });

    // Confirmed 25 hours ago (the admins' sessions stay young), the first no longer counts: a new
    // transfer of the same size takes one admin.
    await db
      .update(deposits)
      .set({ confirmedAt: new Date(clock.now().getTime() - 25 * 60 * 60_000) })
      .where(eq(deposits.id, one.deposit.id));
    const three = await bankDeposit(member, 6_000);
    const later = await get<AdminDepositDetailResponse>(`/api/admin/deposits/${three.deposit.id}`);
    expect(later).toMatchObject({ confirmed_last_day: 0, needs_second_approval: false });
    expect((await confirm(admin, three.deposit)).json<{ deposit: { status: string } }>().deposit.status).toBe(
      'confirmed',
    );
    expect(await balanceOf(member)).toMatchObject({ balance: 12_000 });
    await expectBooksBalance(db, 'mismatchedQueueTotals');
  });

  it('counts a transfer confirmed up to 24 hours before, to the millisecond, and not one confirmed earlier', async () => {
    const member = await signedInMember(app);
    const earlier = await bankDeposit(member, 6_000);
    expect((await confirm(admin, earlier.deposit)).statusCode).toBe(200);
    const next = await bankDeposit(member, 6_000);
    const confirmedAt = async (msAgo: number) => {
      await db
        .update(deposits)
        .set({ confirmedAt: new Date(clock.now().getTime() - msAgo) })
        .where(eq(deposits.id, earlier.deposit.id));
      return get<AdminDepositDetailResponse>(`/api/admin/deposits/${next.deposit.id}`);
    };
    const day = 24 * 60 * 60_000;
    expect(await confirmedAt(day - 1)).toMatchObject({
      confirmed_last_day: 6_000,
      needs_second_approval: true,
    });
    expect(await confirmedAt(day)).toMatchObject({ confirmed_last_day: 0, needs_second_approval: false });
  });

  it('a first confirmation does not stop a rejection, and stops the member cancelling; the audit names the day', async () => {
    const member = await signedInMember(app);
    const rejected = await bankDeposit(member, 12_000);
    expect((await confirm(admin, rejected.deposit)).statusCode).toBe(200);
    const [first] = await auditOf('deposit', rejected.deposit.id, 'deposit.first_approval');
    expect(first?.after).toMatchObject({ threshold: 10_000, confirmed_last_day: 0 });
    const rejection = await secondAdmin.client.post(
      `/api/admin/deposits/${rejected.deposit.id}/reject`,
      { reason_code: 'funds_not_received', reason: 'No transfer with this reference arrived.' },
      { token: secondAdmin.token },
    );
    expect(rejection.statusCode).toBe(200);
    expect(rejection.json<{ deposit: { status: string } }>().deposit.status).toBe('rejected');

    // The first confirmation named the statement's line: the money has arrived (decision 174, amended).
    const matched = await bankDeposit(member, 12_000);
    expect((await confirm(admin, matched.deposit)).statusCode).toBe(200);
    const cancel = await member.client.post(`/api/deposits/${matched.deposit.id}/cancel`, undefined, {
      token: member.token,
    });
    expect(cancel.statusCode).toBe(409);
    expect(errorOf(cancel).message).toBe(CANCEL_MESSAGES.depositMatched);
    const second = await confirm(secondAdmin, matched.deposit);
    expect(second.statusCode, second.body).toBe(200);
    expect(await balanceOf(member)).toMatchObject({ balance: 12_000, total_deposit: 12_000 });
    await expectBooksBalance(db, 'mismatchedQueueTotals');
  });

  it("reads the day's confirmed transfers through the index, not the member's whole history", async () => {
    const plan = await genericPlanOf(app.deps.database, (tx) =>
      bankConfirmedSinceQuery(tx, admin.user.id, new Date('2026-01-01T00:00:00Z')),
    );
    expect(plan).toContain('deposits_user_bank_confirmed_idx');
    expect(plan).not.toContain('Seq Scan');
  });
});

describe('roles and re-authentication', () => {
  it('keeps the queues to finance and superadmin, and asks for a recent second factor to approve money', async () => {
    const support = await signInAdminAs(app, 'support');
    const refused = await support.client.get('/api/admin/withdrawals', { token: support.token });
    expect(refused.statusCode).toBe(403);
    const finance = await signInAdminAs(app, 'finance');
    const member = await signedInMember(app);
    const { deposit } = await bankDeposit(member, 55);
    clock.advance(11 * 60_000);
    const stale = await finance.client.post(
      `/api/admin/deposits/${deposit.id}/confirm`,
      statementLine(deposit),
      { token: finance.token },
    );
    expect(stale.statusCode).toBe(403);
    expect(errorOf(stale).code).toBe('REAUTH_REQUIRED');
    expect((await balanceOf(member)).balance).toBe(0);
    await finance.reauth();
    const fresh = await finance.client.post(
      `/api/admin/deposits/${deposit.id}/confirm`,
      statementLine(deposit),
      { token: finance.token },
    );
    expect(fresh.statusCode).toBe(200);
    expect((await balanceOf(member)).balance).toBe(55);
    const [audit] = await auditOf('deposit', deposit.id, 'deposit.confirmed');
    expect(audit).toMatchObject({ actorId: finance.user.id, actorRole: 'finance' });
    // The other admins of this file sign in again: their window has closed too.
    await admin.reauth();
    await secondAdmin.reauth();
  });
});

describe('reconciliation', () => {
  it('proves the queue totals and writes each run to the audit log', async () => {
    const response = await admin.client.get('/api/admin/ledger/check', { token: admin.token });
    expect(response.statusCode).toBe(200);
    const check = response.json<LedgerCheckResponse>();
    expect(check.ok).toBe(true);
    expect(check.mismatched_queue_totals).toEqual([]);
    const runs = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ledger.check'), eq(auditLog.actorId, admin.user.id)));
    expect(runs.at(-1)?.after).toMatchObject({ ok: true, problems: 0 });
  });
});
