import { describe, expect, it } from 'vitest';
import type { AdminDepositActionResponse, CreateDepositResponse } from '@app/shared';
import { createTestApp } from '../../../../test/helpers';
import { balanceOf, signedInAdmin, signedInMember, statementLine } from '../../../../test/money';
import { gate, holdLocks, someoneWaitsForALock } from '../../../../test/locks';
import { lockMemberStatus } from '../../auth/account.service';

// PostgreSQL only (vitest.config.ts): two confirmations of one member's transfers at once, which
// needs two connections (PGlite has one). Decision 235, with the lock order of decision 222.

const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

describe('one admin confirming two bank transfers of a new member at once (decision 235)', () => {
  it('take turns: the second counts the first and only records a first confirmation', async () => {
    // A member who never had money: no cash account exists yet to lock.
    const member = await signedInMember(app);
    const ids: number[] = [];
    for (let i = 0; i < 2; i += 1) {
      const response = await member.client.post(
        '/api/deposit',
        { amount: 9_000, payment_method: 'bank_transfer' },
        { token: member.token },
      );
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json<CreateDepositResponse>().deposit.id);
    }
    const admin = await signedInAdmin(app, 'finance');
    const steps = gate();
    // As a third decision on this member would: the member's row held until it ends.
    const holding = holdLocks(db, steps, (tx) => lockMemberStatus(tx, member.user.id, 'no key update'));
    await steps.opened;
    const decisions = ids.map((id) =>
      admin.client.post(`/api/admin/deposits/${id}/confirm`, statementLine({ amount: 9_000 }), {
        token: admin.token,
      }),
    );
    await someoneWaitsForALock(db, 2);
    steps.release();
    await holding;
    const answers = await Promise.all(decisions);
    // Before, each read the day's confirmed transfers (none) under a lock on a cash account that did
    // not exist yet, and both credited: $18,000 on one admin's word.
    const deposits = answers.map((answer) => answer.json<AdminDepositActionResponse>().deposit);
    expect(deposits.map((deposit) => deposit.status).sort()).toEqual(['confirmed', 'pending']);
    expect(deposits.find((deposit) => deposit.status === 'pending')?.awaiting_second_approval).toBe(true);
    expect(await balanceOf(member)).toMatchObject({ balance: 9_000 });
  });
});
