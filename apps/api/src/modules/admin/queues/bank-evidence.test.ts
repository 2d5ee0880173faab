import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, deposits } from '@app/db';
import {
  DEPOSIT_MESSAGES,
  QUEUE_MESSAGES,
  type AdminDeposit,
  type AdminDepositDetailResponse,
  type CreateDepositResponse,
} from '@app/shared';
import { createTestApp } from '../../../../test/helpers';
import { errorOf } from '../../../../test/accounts';
import { balanceOf, signedInAdmin, signedInMember, type Member } from '../../../../test/money';
import { expectBooksBalance } from '../../../../test/ledger';
import { genericPlanOf } from '../../../../test/plans';
import { confirmedWithReferenceQuery } from '../../deposits/deposits.repository';

/** Confirming a bank transfer against the bank statement line the admin matched (decision 237). */

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const admin = await signedInAdmin(app);
const secondAdmin = await signedInAdmin(app);

async function bankDeposit(member: Member, amount: number): Promise<CreateDepositResponse['deposit']> {
  const response = await member.client.post(
    '/api/deposit',
    { amount, payment_method: 'bank_transfer' },
    { token: member.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreateDepositResponse>().deposit;
}

const confirm = (who: Member, id: number, body: unknown) =>
  who.client.post(`/api/admin/deposits/${id}/confirm`, body, { token: who.token });

type Answer = { message: string; deposit: AdminDeposit };

async function detailOf(id: number): Promise<AdminDepositDetailResponse> {
  const response = await admin.client.get(`/api/admin/deposits/${id}`, { token: admin.token });
  expect(response.statusCode).toBe(200);
  return response.json<AdminDepositDetailResponse>();
}

const auditCount = async (id: number) =>
  (
    await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'deposit'), eq(auditLog.subjectId, String(id))))
  ).length;

describe('a bank transfer is confirmed against its statement line', () => {
  it('credits only when the statement shows the transfer’s amount, and keeps the bank’s reference', async () => {
    const member = await signedInMember(app);
    const deposit = await bankDeposit(member, 640);
    const short = await confirm(admin, deposit.id, { bank_reference: 'FT24-0091', amount_received: 630 });
    expect(short.statusCode).toBe(422);
    expect(errorOf(short).errors).toEqual({ amount_received: [DEPOSIT_MESSAGES.amountReceivedDiffers] });
    expect(await balanceOf(member)).toMatchObject({ balance: 0, total_deposit: 0 });
    expect((await detailOf(deposit.id)).deposit).toMatchObject({ status: 'pending', bank_reference: null });
    expect(await auditCount(deposit.id)).toBe(0);

    const right = await confirm(admin, deposit.id, {
      bank_reference: ' ft24  0091 ',
      amount_received: '640.00',
    });
    expect(right.statusCode, right.body).toBe(200);
    // Kept as its letters and digits: "FT24-0091" and " ft24  0091 " are one statement line.
    expect(right.json<Answer>().deposit).toMatchObject({ status: 'confirmed', bank_reference: 'FT240091' });
    expect(await balanceOf(member)).toMatchObject({ balance: 640, total_deposit: 640 });
    await expectBooksBalance(db, 'mismatchedQueueTotals');
  });

  it('lets one statement line confirm one transfer, whoever it was for', async () => {
    const [alice, bob] = [await signedInMember(app), await signedInMember(app)];
    const paid = await bankDeposit(alice, 300);
    const claimed = await bankDeposit(bob, 300);
    expect(
      (await confirm(admin, paid.id, { bank_reference: 'NY-7781', amount_received: 300 })).statusCode,
    ).toBe(200);
    const again = await confirm(secondAdmin, claimed.id, {
      bank_reference: 'ny 77.81',
      amount_received: 300,
    });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).errors).toEqual({ bank_reference: [DEPOSIT_MESSAGES.bankReferenceUsed] });
    expect(await balanceOf(bob)).toMatchObject({ balance: 0 });
    expect((await detailOf(claimed.id)).deposit.status).toBe('pending');

    // Sent at once with one line for two transfers: one is credited.
    const [one, two] = [await bankDeposit(alice, 50), await bankDeposit(bob, 50)];
    const answers = await Promise.all([
      confirm(admin, one.id, { bank_reference: 'NY-9000', amount_received: 50 }),
      confirm(secondAdmin, two.id, { bank_reference: 'NY-9000', amount_received: 50 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const credited = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(eq(deposits.bankReference, 'NY9000'));
    expect(credited).toHaveLength(1);
    expect((await balanceOf(alice)).balance + (await balanceOf(bob)).balance).toBe(350);
    await expectBooksBalance(db, 'mismatchedQueueTotals');
  });

  it('refuses a missing or malformed line with field errors, changing nothing', async () => {
    const member = await signedInMember(app);
    const deposit = await bankDeposit(member, 80);
    const cases: [unknown, string][] = [
      [{}, 'bank_reference'],
      [{ amount_received: 80 }, 'bank_reference'],
      [{ bank_reference: 'AB', amount_received: 80 }, 'bank_reference'],
      [{ bank_reference: 'A.-/B', amount_received: 80 }, 'bank_reference'],
      [{ bank_reference: 'X'.repeat(65), amount_received: 80 }, 'bank_reference'],
      [{ bank_reference: "FT1'; drop table deposits", amount_received: 80 }, 'bank_reference'],
      [{ bank_reference: 'FT-100' }, 'amount_received'],
      [{ bank_reference: 'FT-100', amount_received: 'eighty' }, 'amount_received'],
      [{ bank_reference: 'FT-100', amount_received: -80 }, 'amount_received'],
      [{ bank_reference: 'FT-100', amount_received: 80.001 }, 'amount_received'],
    ];
    for (const [body, field] of cases) {
      const refused = await confirm(admin, deposit.id, body);
      expect(refused.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
      expect(Object.keys(errorOf(refused).errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await detailOf(deposit.id)).deposit).toMatchObject({ status: 'pending', bank_reference: null });
    expect(await balanceOf(member)).toMatchObject({ balance: 0 });
    expect(await auditCount(deposit.id)).toBe(0);
  });
});

describe('four eyes name the same statement line', () => {
  it('a second admin naming another line takes the first’s place; the first then confirms it', async () => {
    const member = await signedInMember(app);
    const deposit = await bankDeposit(member, 15_000);
    const first = await confirm(admin, deposit.id, { bank_reference: 'BIG-1', amount_received: 15_000 });
    expect(first.json<Answer>().message).toBe(QUEUE_MESSAGES.firstConfirmationRecorded);

    const other = await confirm(secondAdmin, deposit.id, {
      bank_reference: 'BIG-2',
      amount_received: 15_000,
    });
    expect(other.statusCode).toBe(200);
    expect(other.json<Answer>()).toMatchObject({
      message: DEPOSIT_MESSAGES.firstConfirmationReplaced,
      // The reference stays unsaid until decided: the next admin finds the line themselves.
      deposit: {
        status: 'pending',
        bank_reference: null,
        awaiting_second_approval: true,
        first_approval: { by: { id: secondAdmin.user.id } },
      },
    });
    const [held] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(held?.bankReference).toBe('BIG2');
    expect(await balanceOf(member)).toMatchObject({ balance: 0 });

    const agreed = await confirm(admin, deposit.id, { bank_reference: 'big-2', amount_received: 15_000 });
    expect(agreed.json<Answer>().deposit).toMatchObject({ status: 'confirmed', bank_reference: 'BIG2' });
    expect(await balanceOf(member)).toMatchObject({ balance: 15_000 });
    await expectBooksBalance(db, 'mismatchedQueueTotals');
  });

  it('the first admin corrects their own line, but still cannot confirm alone', async () => {
    const member = await signedInMember(app);
    const deposit = await bankDeposit(member, 12_000);
    await confirm(admin, deposit.id, { bank_reference: 'TYPO-1', amount_received: 12_000 });
    const corrected = await confirm(admin, deposit.id, { bank_reference: 'GOOD-1', amount_received: 12_000 });
    expect(corrected.json<Answer>()).toMatchObject({
      message: DEPOSIT_MESSAGES.firstConfirmationReplaced,
      deposit: { bank_reference: null, first_approval: { by: { id: admin.user.id } } },
    });
    const alone = await confirm(admin, deposit.id, { bank_reference: 'GOOD-1', amount_received: 12_000 });
    expect(alone.statusCode).toBe(422);
    expect(errorOf(alone).message).toBe(QUEUE_MESSAGES.sameAdmin);
    expect(await balanceOf(member)).toMatchObject({ balance: 0 });
    const done = await confirm(secondAdmin, deposit.id, {
      bank_reference: 'GOOD-1',
      amount_received: 12_000,
    });
    expect(done.json<Answer>().deposit.status).toBe('confirmed');
    expect(await balanceOf(member)).toMatchObject({ balance: 12_000 });
  });
});

describe('the reference check’s read', () => {
  it('finds a confirmed transfer by its bank reference through the unique index, not the deposits table', async () => {
    const plan = await genericPlanOf(app.deps.database, (tx) => confirmedWithReferenceQuery(tx, 'FT240091'));
    expect(plan).toContain('deposits_bank_reference_unique');
    expect(plan).not.toContain('Seq Scan');
  });
});
