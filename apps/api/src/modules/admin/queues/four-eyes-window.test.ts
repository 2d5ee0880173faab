import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, ledgerEntries } from '@app/db';
import {
  FOUR_EYES_WINDOW_HOURS,
  QUEUE_MESSAGES,
  type AdminWithdrawalActionResponse,
  type AdminWithdrawalDetailResponse,
  type CreateWithdrawalResponse,
} from '@app/shared';
import { createTestApp } from '../../../../test/helpers';
import { errorOf } from '../../../../test/accounts';
import {
  confirmPassword,
  depositThroughSandbox,
  signedInAdmin,
  signedInMember,
  type Member,
} from '../../../../test/money';
import { expectBooksBalance } from '../../../../test/ledger';
import { adminSignInSteps } from '../../../../test/admin';
import { genericPlanOf } from '../../../../test/plans';
import { paidSinceQuery } from '../../withdrawals/withdrawals.repository';

/** Decision 228: four eyes count what the member was paid in the last day (threshold $10,000). */
const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const admin = await signedInAdmin(app, 'finance');
const secondAdmin = await signedInAdmin(app, 'finance');

async function withdraw(member: Member, amount: number): Promise<number> {
  // The test clock runs hours past the sign-in: a withdrawal needs the password again (decision 230).
  await confirmPassword(member);
  const response = await member.client.post(
    '/api/withdrawal',
    { amount, withdrawal_method: 'crypto', destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
    { token: member.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreateWithdrawalResponse>().withdrawal.id;
}

const approve = (by: Member, id: number) =>
  by.client.post(`/api/admin/withdrawals/${id}/approve`, {}, { token: by.token });
const detailOf = async (id: number, by: Member = admin) =>
  (
    await by.client.get(`/api/admin/withdrawals/${id}`, { token: by.token })
  ).json<AdminWithdrawalDetailResponse>();
const paidEntries = (id: number) =>
  db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.reference, `withdrawal:${id}:paid`));

async function paidAlone(id: number): Promise<void> {
  const response = await approve(admin, id);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json<AdminWithdrawalActionResponse>().withdrawal.status).toBe('approved');
}

describe('four eyes over a day of withdrawals', () => {
  it('a withdrawal that, with what the member was paid today, goes over the threshold needs a second admin', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 20_000);
    const first = await withdraw(member, 6_000);
    expect(await detailOf(first)).toMatchObject({ paid_last_day: 0, needs_second_approval: false });
    await paidAlone(first);

    const second = await withdraw(member, 6_000);
    expect(await detailOf(second)).toMatchObject({
      four_eyes_threshold: 10_000,
      paid_last_day: 6_000,
      needs_second_approval: true,
    });
    const recorded = await approve(admin, second);
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json<AdminWithdrawalActionResponse>()).toMatchObject({
      message: QUEUE_MESSAGES.firstApprovalRecorded,
      withdrawal: { status: 'pending', awaiting_second_approval: true },
    });
    expect(await paidEntries(second)).toEqual([]);
    const same = await approve(admin, second);
    expect(same.statusCode).toBe(422);
    expect(errorOf(same).message).toBe(QUEUE_MESSAGES.sameAdmin);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, String(second)), eq(auditLog.action, 'withdrawal.first_approval')));
    expect(audit?.after).toMatchObject({ threshold: 10_000, paid_last_day: 6_000 });

    const paid = await approve(secondAdmin, second);
    expect(paid.json<AdminWithdrawalActionResponse>().withdrawal.status).toBe('approved');
    expect(await paidEntries(second)).toHaveLength(1);
    await expectBooksBalance(db, 'mismatchedQueueTotals');
  });

  it('counts only this member, and only the last 24 hours', async () => {
    const member = await signedInMember(app);
    const other = await signedInMember(app);
    await depositThroughSandbox(member, 20_000);
    await depositThroughSandbox(other, 20_000);
    await paidAlone(await withdraw(member, 6_000));
    // Another member's payment today does not count against this one.
    await paidAlone(await withdraw(other, 6_000));

    const now = clock.now();
    try {
      // A day later admin sessions have ended: an admin signs in again each time.
      clock.set(new Date(now.getTime() + FOUR_EYES_WINDOW_HOURS * 3_600_000 - 1000));
      const inside = await withdraw(member, 5_000);
      expect(await detailOf(inside, await signedInAdmin(app, 'finance'))).toMatchObject({
        paid_last_day: 6_000,
        needs_second_approval: true,
      });
      clock.set(new Date(now.getTime() + FOUR_EYES_WINDOW_HOURS * 3_600_000 + 1000));
      const later = await signedInAdmin(app, 'finance');
      expect(await detailOf(inside, later)).toMatchObject({ paid_last_day: 0, needs_second_approval: false });
      const paid = await approve(later, inside);
      expect(paid.json<AdminWithdrawalActionResponse>().withdrawal.status).toBe('approved');
    } finally {
      clock.set(now);
    }
    await expectBooksBalance(db, 'mismatchedQueueTotals');
  });

  it('a recorded first approval stands a day later: its admin still cannot pay alone', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 20_000);
    await paidAlone(await withdraw(member, 6_000));
    const second = await withdraw(member, 6_000);
    const first = await approve(admin, second);
    expect(first.json<AdminWithdrawalActionResponse>().withdrawal.awaiting_second_approval).toBe(true);
    expect(await detailOf(second)).toMatchObject({ needs_second_approval: false });
    const now = clock.now();
    try {
      clock.set(new Date(now.getTime() + FOUR_EYES_WINDOW_HOURS * 3_600_000 + 60_000));
      // The same admin, signed in again: the day's sum is empty now, but the record stands.
      const { token } = await adminSignInSteps(admin.client, admin.email, admin.nextCode, {
        remember: false,
      });
      const again = await approve({ ...admin, token }, second);
      expect(again.statusCode).toBe(422);
      expect(errorOf(again).message).toBe(QUEUE_MESSAGES.sameAdmin);
      expect(await paidEntries(second)).toEqual([]);
      const other = await signedInAdmin(app, 'finance');
      const paid = await approve(other, second);
      expect(paid.json<AdminWithdrawalActionResponse>().withdrawal.status).toBe('approved');
    } finally {
      clock.set(now);
    }
  });

  it('reads the day’s payments through the index, not the member’s whole history', async () => {
    const plan = await genericPlanOf(app.deps.database, (tx) =>
      paidSinceQuery(tx, admin.user.id, new Date('2026-01-01T00:00:00Z')),
    );
    expect(plan).toContain('withdrawals_user_paid_idx');
    expect(plan).not.toContain('Seq Scan');
  });
});
