import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, deposits, ledgerEntries, loanApplications, withdrawals } from '@app/db';
import type {
  ActivityResponse,
  CancelDepositResponse,
  CancelWithdrawalResponse,
  CreateDepositResponse,
  CreateWithdrawalResponse,
  DepositBankDetailsResponse,
  LoanApplication,
  NotificationListResponse,
} from '@app/shared';
import { createTestApp } from '../../../../test/helpers';
import { errorOf } from '../../../../test/accounts';
import {
  balanceOf,
  depositThroughSandbox,
  signedInAdmin,
  signedInMember,
  type Member,
  statementLine,
} from '../../../../test/money';
import { applyFor, createLoanPlan } from '../../../../test/loans';
import { checkLedger } from '../../../ledger/check';

/** Cancelling what is pending (decision 174): each kind, against the back office's decision. */

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const admin = await signedInAdmin(app);

const post = (who: Member, url: string, body: Record<string, unknown> = {}) =>
  who.client.post(url, body, { token: who.token });

async function pendingWithdrawal(member: Member, amount = 40) {
  await depositThroughSandbox(member, 100);
  const response = await post(member, '/api/withdrawal', {
    amount,
    withdrawal_method: 'crypto',
    destination: 'bc1qexampleaddress',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreateWithdrawalResponse>().withdrawal;
}

async function pendingBankDeposit(member: Member, amount = 250) {
  const response = await post(member, '/api/deposit', { amount, payment_method: 'bank_transfer' });
  expect(response.statusCode).toBe(201);
  return response.json<CreateDepositResponse>();
}

async function pendingApplication(member: Member): Promise<LoanApplication> {
  const plan = await createLoanPlan(app);
  return applyFor(member, plan.id, 500, 6);
}

async function ledgerOk() {
  const check = await checkLedger(db);
  expect(check.mismatchedQueueTotals).toEqual([]);
  expect(check.ok).toBe(true);
}

async function activityOf(member: Member) {
  const response = await member.client.get('/api/activity', { token: member.token });
  expect(response.statusCode).toBe(200);
  return response.json<ActivityResponse>().data;
}

async function notificationKinds(member: Member) {
  const response = await member.client.get('/api/notifications', { token: member.token });
  return response.json<NotificationListResponse>().data.map((row) => row.kind);
}

const auditActions = async (subjectType: string, id: number) =>
  (
    await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, String(id))))
  ).map((row) => ({ action: row.action, actorId: row.actorId }));

describe('POST /api/withdrawals/:id/cancel', () => {
  it('cancels a pending withdrawal: the hold back in the balance, audited, told, shown in Activity', async () => {
    const member = await signedInMember(app);
    const withdrawal = await pendingWithdrawal(member, 40);
    expect((await balanceOf(member)).balance).toBe(60);
    const response = await post(member, `/api/withdrawals/${withdrawal.id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<CancelWithdrawalResponse>();
    expect(body.message).toBe('Withdrawal cancelled. The amount is back in your balance.');
    expect(body.withdrawal).toMatchObject({ id: withdrawal.id, status: 'cancelled' });
    expect((await balanceOf(member)).balance).toBe(100);
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, member.user.id));
    expect(entries.find((entry) => entry.kind === 'withdrawal_released')).toMatchObject({
      reference: `withdrawal:${withdrawal.id}:released`,
      metadata: { withdrawal_id: withdrawal.id, cancelled_by: member.user.id },
    });
    const rows = (await activityOf(member)).filter((item) => item.type === 'withdrawal');
    expect(rows.map((item) => [item.detail.kind, item.status, item.amount])).toEqual([
      ['withdrawal_released', 'cancelled', 40],
      ['withdrawal_hold', 'cancelled', -40],
    ]);
    expect(await auditActions('withdrawal', withdrawal.id)).toEqual([
      { action: 'withdrawal.cancelled', actorId: member.user.id },
    ]);
    expect(await notificationKinds(member)).toContain('withdrawal_cancelled');
    await ledgerOk();
  });

  it('answers 409 to a second cancel and to the admin who comes after it, and nothing moves', async () => {
    const member = await signedInMember(app);
    const withdrawal = await pendingWithdrawal(member);
    expect((await post(member, `/api/withdrawals/${withdrawal.id}/cancel`)).statusCode).toBe(200);
    const again = await post(member, `/api/withdrawals/${withdrawal.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'CONFLICT',
      message: 'This withdrawal was already cancelled.',
    });
    const approve = await post(admin, `/api/admin/withdrawals/${withdrawal.id}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(errorOf(approve).message).toBe(
      `This withdrawal is no longer pending. It was cancelled by ${member.user.username}.`,
    );
    const reject = await post(admin, `/api/admin/withdrawals/${withdrawal.id}/reject`, { reason: 'Late.' });
    expect(reject.statusCode).toBe(409);
    expect((await balanceOf(member)).balance).toBe(100);
    await ledgerOk();
  });

  it('answers 409 once the back office approved or rejected it, and the balance stays as decided', async () => {
    const member = await signedInMember(app);
    const paid = await pendingWithdrawal(member, 30);
    expect((await post(admin, `/api/admin/withdrawals/${paid.id}/approve`)).statusCode).toBe(200);
    const late = await post(member, `/api/withdrawals/${paid.id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe('This withdrawal was already approved.');
    expect((await balanceOf(member)).balance).toBe(70);
    const rejected = (
      await post(member, '/api/withdrawal', {
        amount: 10,
        withdrawal_method: 'crypto',
        destination: 'bc1qexampleaddress',
      })
    ).json<CreateWithdrawalResponse>().withdrawal;
    await post(admin, `/api/admin/withdrawals/${rejected.id}/reject`, { reason: 'Check the address.' });
    const afterReject = await post(member, `/api/withdrawals/${rejected.id}/cancel`);
    expect(errorOf(afterReject).message).toBe('This withdrawal was already rejected.');
    expect((await balanceOf(member)).balance).toBe(70);
  });

  it('hides another member’s withdrawal (404), answers a bad id with 400, and changes nothing', async () => {
    const owner = await signedInMember(app);
    const stranger = await signedInMember(app);
    const withdrawal = await pendingWithdrawal(owner);
    const response = await post(stranger, `/api/withdrawals/${withdrawal.id}/cancel`);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe('Withdrawal not found.');
    expect((await post(owner, '/api/withdrawals/999999999/cancel')).statusCode).toBe(404);
    const bad = await post(owner, '/api/withdrawals/abc/cancel');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBeTruthy();
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    expect(row?.status).toBe('pending');
    expect((await balanceOf(owner)).balance).toBe(60);
    expect((await post(admin, `/api/withdrawals/${withdrawal.id}/cancel`)).statusCode).toBe(403);
  });

  it('lets exactly one of a cancel and an approval racing on a withdrawal win', async () => {
    for (let round = 0; round < 3; round += 1) {
      const member = await signedInMember(app);
      const withdrawal = await pendingWithdrawal(member, 25);
      const [cancel, approve] = await Promise.all([
        post(member, `/api/withdrawals/${withdrawal.id}/cancel`),
        post(admin, `/api/admin/withdrawals/${withdrawal.id}/approve`),
      ]);
      expect([cancel.statusCode, approve.statusCode].sort()).toEqual([200, 409]);
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
      const released = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.reference, `withdrawal:${withdrawal.id}:released`));
      if (cancel.statusCode === 200) {
        expect(row?.status).toBe('cancelled');
        expect(released).toHaveLength(1);
        expect(errorOf(approve).message).toContain('It was cancelled by');
        expect((await balanceOf(member)).balance).toBe(100);
      } else {
        expect(row?.status).toBe('approved');
        expect(released).toHaveLength(0);
        expect(errorOf(cancel).message).toBe('This withdrawal was already approved.');
        expect((await balanceOf(member)).balance).toBe(75);
      }
    }
    await ledgerOk();
  });
});

describe('POST /api/deposits/:id/cancel and GET /api/deposits/:id/bank-details', () => {
  it('shows the bank details again while pending, then cancels: Activity reads cancelled, nothing credited', async () => {
    const member = await signedInMember(app);
    const created = await pendingBankDeposit(member, 250);
    const details = await member.client.get(`/api/deposits/${created.deposit.id}/bank-details`, {
      token: member.token,
    });
    expect(details.statusCode).toBe(200);
    expect(details.json<DepositBankDetailsResponse>().bank_details).toEqual(created.bank_details);
    const response = await post(member, `/api/deposits/${created.deposit.id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<CancelDepositResponse>();
    expect(body).toMatchObject({ message: 'Deposit cancelled.', deposit: { status: 'cancelled' } });
    const row = (await activityOf(member)).find((item) => item.id === `deposit:${created.deposit.id}`);
    expect(row).toMatchObject({ status: 'cancelled', amount: null });
    expect((await balanceOf(member)).balance).toBe(0);
    const closed = await member.client.get(`/api/deposits/${created.deposit.id}/bank-details`, {
      token: member.token,
    });
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed).message).toBe('This deposit was already cancelled.');
    expect(await auditActions('deposit', created.deposit.id)).toEqual([
      { action: 'deposit.cancelled', actorId: member.user.id },
    ]);
    expect(await notificationKinds(member)).toContain('deposit_cancelled');
    const again = await post(member, `/api/deposits/${created.deposit.id}/cancel`);
    expect(again.statusCode).toBe(409);
    const confirm = await post(
      admin,
      `/api/admin/deposits/${created.deposit.id}/confirm`,
      statementLine(created.deposit),
    );
    expect(confirm.statusCode).toBe(409);
    expect(errorOf(confirm).message).toBe(
      `This deposit is no longer pending. It was cancelled by ${member.user.username}.`,
    );
    expect((await balanceOf(member)).balance).toBe(0);
    await ledgerOk();
  });

  it('answers 409 once confirmed, 422 for a gateway deposit, 404 for another member’s', async () => {
    const member = await signedInMember(app);
    const stranger = await signedInMember(app);
    const confirmed = await pendingBankDeposit(member, 80);
    expect(
      (
        await post(
          admin,
          `/api/admin/deposits/${confirmed.deposit.id}/confirm`,
          statementLine(confirmed.deposit),
        )
      ).statusCode,
    ).toBe(200);
    const late = await post(member, `/api/deposits/${confirmed.deposit.id}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe('This deposit was already confirmed.');
    expect((await balanceOf(member)).balance).toBe(80);

    const gateway = await post(member, '/api/deposit', { amount: 20, payment_method: 'nowpayment' });
    const gatewayId = gateway.json<CreateDepositResponse>().deposit.id;
    const refused = await post(member, `/api/deposits/${gatewayId}/cancel`);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).message).toBe('Only a pending bank-transfer deposit can be cancelled.');

    const pending = await pendingBankDeposit(member, 30);
    const foreign = await post(stranger, `/api/deposits/${pending.deposit.id}/cancel`);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).message).toBe('Deposit not found.');
    const foreignDetails = await stranger.client.get(`/api/deposits/${pending.deposit.id}/bank-details`, {
      token: stranger.token,
    });
    expect(foreignDetails.statusCode).toBe(404);
    expect((await post(member, '/api/deposits/0/cancel')).statusCode).toBe(400);
    const rows = await db.select().from(deposits).where(eq(deposits.userId, member.user.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['confirmed', 'pending', 'pending']);
  });

  it('lets exactly one of a cancel and a confirmation racing on a bank transfer win', async () => {
    const member = await signedInMember(app);
    const { deposit } = await pendingBankDeposit(member, 60);
    const [cancel, confirm] = await Promise.all([
      post(member, `/api/deposits/${deposit.id}/cancel`),
      post(admin, `/api/admin/deposits/${deposit.id}/confirm`, statementLine(deposit)),
    ]);
    expect([cancel.statusCode, confirm.statusCode].sort()).toEqual([200, 409]);
    expect((await balanceOf(member)).balance).toBe(cancel.statusCode === 200 ? 0 : 60);
    await ledgerOk();
  });
});

describe('POST /api/loan-applications/:id/withdraw', () => {
  it('withdraws a pending application: audited, told; again or by the admin afterwards is 409', async () => {
    const member = await signedInMember(app);
    const application = await pendingApplication(member);
    const response = await post(member, `/api/loan-applications/${application.id}/withdraw`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ application: LoanApplication }>().application.status).toBe('withdrawn');
    expect(await auditActions('loan_application', application.id)).toEqual([
      { action: 'loan_application.withdrawn', actorId: member.user.id },
    ]);
    expect(await notificationKinds(member)).toContain('loan_application_cancelled');
    const again = await post(member, `/api/loan-applications/${application.id}/withdraw`);
    expect(errorOf(again)).toMatchObject({
      code: 'CONFLICT',
      message: 'This loan application was already withdrawn.',
    });
    const approve = await post(admin, `/api/admin/loan-applications/${application.id}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(errorOf(approve).message).toBe(
      `This loan application is no longer pending. It was withdrawn by ${member.user.username}.`,
    );
    expect((await balanceOf(member)).balance).toBe(0);
  });

  it('answers 409 after the approval (the loan stands) and 404 for another member’s', async () => {
    const member = await signedInMember(app);
    const stranger = await signedInMember(app);
    const application = await pendingApplication(member);
    const foreign = await post(stranger, `/api/loan-applications/${application.id}/withdraw`);
    expect(foreign.statusCode).toBe(404);
    expect((await post(admin, `/api/admin/loan-applications/${application.id}/approve`)).statusCode).toBe(
      200,
    );
    const late = await post(member, `/api/loan-applications/${application.id}/withdraw`);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe('This loan application was already approved.');
    expect((await balanceOf(member)).balance).toBe(500);
  });

  it('lets exactly one of a withdrawal and an approval racing on an application win', async () => {
    const member = await signedInMember(app);
    const application = await pendingApplication(member);
    const [cancel, approve] = await Promise.all([
      post(member, `/api/loan-applications/${application.id}/withdraw`),
      post(admin, `/api/admin/loan-applications/${application.id}/approve`),
    ]);
    expect([cancel.statusCode, approve.statusCode].sort()).toEqual([200, 409]);
    const [row] = await db.select().from(loanApplications).where(eq(loanApplications.id, application.id));
    expect(row?.status).toBe(cancel.statusCode === 200 ? 'withdrawn' : 'approved');
    expect((await balanceOf(member)).balance).toBe(cancel.statusCode === 200 ? 0 : 500);
    await ledgerOk();
  });
});
