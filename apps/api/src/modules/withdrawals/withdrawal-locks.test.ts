import { describe, expect, it } from 'vitest';
import type { AdminWithdrawalActionResponse, CreateWithdrawalResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { balanceOf, signedInAdmin, type Member } from '../../../test/money';
import { fundedMember } from '../../../test/investing';
import { gate, holdLocks, someoneWaitsForALock, within } from '../../../test/locks';
import { lockUserBalances } from '../../ledger/bulk-entries';
import { lockBalances } from '../../ledger/ledger';

// PostgreSQL only (vitest.config.ts): a batch job holds one member's cash account while that member
// asks for a withdrawal, which needs two connections (PGlite has one). Decision 222.

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

const withdraw = (member: Member, amount: string) =>
  member.client.post(
    '/api/withdrawal',
    { amount, withdrawal_method: 'crypto', destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
    { token: member.token },
  );

describe('a withdrawal asked for while a batch job holds the member’s cash account', () => {
  it('waits for that member alone: another member’s withdrawal goes through meanwhile', async () => {
    const waiting = await fundedMember(app, 100);
    const other = await fundedMember(app, 100);
    const steps = gate();
    // As the accrual and the loan collection do: the batch's members' cash accounts locked until it ends.
    const batch = holdLocks(db, steps, (tx) => lockUserBalances(tx, [waiting.user.id], 'cash', clock.now()));
    await steps.opened;
    const first = withdraw(waiting, '30');
    await someoneWaitsForALock(db);
    // Before decision 222 the first request took the back office's queue totals row (its insert's
    // trigger) and then waited for the cash account: every other withdrawal waited behind it.
    const second = await within(withdraw(other, '20'), 10_000);
    expect(second === 'still waiting' ? second : second.statusCode).toBe(201);
    steps.release();
    await batch;
    const response = await first;
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<CreateWithdrawalResponse>().withdrawal.status).toBe('pending');
    expect((await balanceOf(waiting)).balance).toBe(70);
    expect((await balanceOf(other)).balance).toBe(80);
  });
});

describe('two admins paying two withdrawals of one member at once (decision 228)', () => {
  it('take turns: the second counts the first’s payment and records a first approval', async () => {
    const member = await fundedMember(app, 12_000);
    const ids: number[] = [];
    for (const amount of ['6000', '6000']) {
      const response = await withdraw(member, amount);
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json<CreateWithdrawalResponse>().withdrawal.id);
    }
    const admins = [await signedInAdmin(app, 'finance'), await signedInAdmin(app, 'finance')];
    const steps = gate();
    // As a third decision paying this member would: the member's held amount locked until it ends.
    const holding = holdLocks(db, steps, (tx) => lockBalances(tx, member.user.id, ['withdrawal_hold']));
    await steps.opened;
    const decisions = ids.map((id, index) =>
      admins[index]!.client.post(`/api/admin/withdrawals/${id}/approve`, {}, { token: admins[index]!.token }),
    );
    await someoneWaitsForALock(db, 2);
    steps.release();
    await holding;
    const answers = await Promise.all(decisions);
    // Before, each read the day's payments (none) before waiting, and both paid alone: $12,000 by
    // two single approvals.
    const statuses = answers.map((answer) => answer.json<AdminWithdrawalActionResponse>().withdrawal);
    expect(statuses.map((w) => w.status).sort()).toEqual(['approved', 'pending']);
    expect(statuses.find((w) => w.status === 'pending')?.awaiting_second_approval).toBe(true);
  });
});

describe('two withdrawals of one member at once under the identity-verification limit (decision 242)', () => {
  it('take turns: the second counts the first as under review and is refused', async () => {
    const superadmin = await signedInAdmin(app);
    const setLimit = (dollars: number | null) =>
      superadmin.client.put(
        '/api/admin/settings',
        { kyc_withdrawal_threshold: dollars },
        { token: superadmin.token },
      );
    expect((await setLimit(50)).statusCode).toBe(200);
    const member = await fundedMember(app, 100);
    const steps = gate();
    // As a batch job would: the member's cash account locked until it ends. The member has no held
    // amount yet, so the first request creates that account.
    const holding = holdLocks(db, steps, (tx) => lockBalances(tx, member.user.id, ['cash']));
    await steps.opened;
    const requests = [withdraw(member, '30'), withdraw(member, '30')];
    await someoneWaitsForALock(db, 2);
    steps.release();
    await holding;
    const answers = await Promise.all(requests);
    // Each alone is under $50. Both went when the limit looked at each alone, and again when the held
    // amount was the one the lock's statement read (it could not see the account the first created).
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    expect((await balanceOf(member)).balance).toBe(70);
    expect((await setLimit(null)).statusCode).toBe(200);
  });
});
