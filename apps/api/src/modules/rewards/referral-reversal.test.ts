import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, pointsTransactions } from '@app/db';
import type {
  ConvertPointsResponse,
  CreateDepositResponse,
  NotificationListResponse,
  ReferralInfoResponse,
} from '@app/shared';
import { takeBackReferralReward } from './rewards.service';
import { createTestApp } from '../../../test/helpers';
import { nowPaymentsIpn, sendNowPayments } from '../../../test/ipn';
import { balanceOf, referredMember, signedInMember, type Member } from '../../../test/money';
import { expectBooksBalance } from '../../../test/ledger';

// A reversed deposit takes back the referral reward it earned (decision 214).
const { app } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

async function gatewayDeposit(member: Member, dollars: number): Promise<number> {
  const created = await member.client.post(
    '/api/deposit',
    { amount: dollars, payment_method: 'nowpayment', currency: 'btc' },
    { token: member.token },
  );
  expect(created.statusCode).toBe(201);
  const { id } = created.json<CreateDepositResponse>().deposit;
  const paid = await sendNowPayments(app, nowPaymentsIpn(id, dollars, 'finished'));
  expect(paid.json<{ status: string }>().status).toBe('confirmed');
  return id;
}

async function reverse(depositId: number, dollars: number): Promise<void> {
  const refund = await sendNowPayments(app, nowPaymentsIpn(depositId, dollars, 'refunded'));
  expect(refund.json()).toEqual({ message: 'IPN processed.', status: 'refunded' });
}

const referralsOf = async (member: Member) =>
  (await member.client.get('/api/referrals', { token: member.token })).json<ReferralInfoResponse>();

const notesOf = async (member: Member, kind: string, lang = 'en') =>
  (await member.client.get(`/api/notifications?lang=${lang}`, { token: member.token }))
    .json<NotificationListResponse>()
    .data.filter((note) => note.kind === kind);

describe('a reversed deposit and the referral reward it earned', () => {
  it('takes the reward back when the deposit that earned it is reversed, once, and no later deposit earns it again', async () => {
    const referrer = await signedInMember(app);
    const friend = await referredMember(app, referrer.user.referralCode);
    const first = await gatewayDeposit(friend, 120);
    const second = await gatewayDeposit(friend, 30);
    expect((await referralsOf(referrer)).loyalty_points).toBe(120);

    // Another of the friend's deposits earned nothing, so its reversal takes nothing.
    await reverse(second, 30);
    expect((await referralsOf(referrer)).loyalty_points).toBe(120);
    expect(await notesOf(referrer, 'referral_reward_reversed')).toEqual([]);

    await reverse(first, 120);
    const info = await referralsOf(referrer);
    expect(info.loyalty_points).toBe(0);
    expect(info.points_earned).toBe(0);
    expect((await balanceOf(referrer)).loyalty_points).toBe(0);
    const [told, ...more] = await notesOf(referrer, 'referral_reward_reversed');
    expect(more).toEqual([]);
    expect(told).toMatchObject({ title: 'Referral points taken back', link: '/rewards' });
    expect(told?.body).toBe(
      `${friend.user.username}'s first deposit was reversed by the payment gateway (a refund or a chargeback), so the 120 loyalty points it earned you have been taken back.`,
    );
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deposit.refunded'), eq(auditLog.subjectId, String(first))));
    expect(audit?.after).toMatchObject({ referral_points_taken_back: 120, referral_points_kept: 0 });

    // A repeated refund notification takes nothing more; a later deposit earns no second reward.
    await reverse(first, 120);
    await gatewayDeposit(friend, 200);
    expect((await referralsOf(referrer)).loyalty_points).toBe(0);
    const rows = await db
      .select({ kind: pointsTransactions.kind, points: pointsTransactions.points })
      .from(pointsTransactions)
      .where(eq(pointsTransactions.userId, referrer.user.id))
      .orderBy(pointsTransactions.id);
    expect(rows).toEqual([
      { kind: 'referral_reward', points: 120 },
      { kind: 'referral_reversal', points: -120 },
    ]);
    await expectBooksBalance(db, 'mismatchedPoints');
  });

  it('takes back only the points still held: what the referrer already redeemed stays in their balance', async () => {
    const referrer = await signedInMember(app);
    const friend = await referredMember(app, referrer.user.referralCode);
    const deposit = await gatewayDeposit(friend, 150);
    const converted = await referrer.client.post(
      '/api/convert-points',
      { points: 100 },
      { token: referrer.token },
    );
    expect(converted.statusCode).toBe(200);
    expect(converted.json<ConvertPointsResponse>().loyalty_points).toBe(50);

    await reverse(deposit, 150);
    const me = await balanceOf(referrer);
    expect(me.loyalty_points).toBe(0);
    expect(me.balance).toBe(1);
    expect((await referralsOf(referrer)).points_earned).toBe(100);
    const [told] = await notesOf(referrer, 'referral_reward_reversed');
    expect(told?.body).toBe(
      `${friend.user.username}'s first deposit was reversed by the payment gateway (a refund or a chargeback), so the loyalty points it earned you have been taken back: 50 of 150; the rest had already been redeemed.`,
    );
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'deposit.refunded'), eq(auditLog.subjectId, String(deposit))));
    expect(audit?.after).toMatchObject({ referral_points_taken_back: 50, referral_points_kept: 100 });
    const [spanish] = await notesOf(referrer, 'referral_reward_reversed', 'es');
    expect(spanish).toMatchObject({
      title: 'Puntos por referido retirados',
      body: `La pasarela de pago revirtió el primer depósito de ${friend.user.username} (un reembolso o un contracargo), así que se han retirado los puntos de fidelidad que te dio: 50 de 150; el resto ya se había canjeado.`,
    });
    const [arabic] = await notesOf(referrer, 'referral_reward_reversed', 'ar');
    expect(arabic).toMatchObject({
      title: 'سُحبت نقاط الإحالة',
      body: `عكست بوابة الدفع أول إيداع أجراه ${friend.user.username} (استرداد أو رد مبلغ)، لذا سُحبت نقاط الولاء التي ربحتها منه: 50 من 150، وكان الباقي قد استُبدل من قبل.`,
    });
    await expectBooksBalance(db, 'mismatchedPoints');
  });

  it('takes a reward back once, even asked again while the referrer holds other friends’ points', async () => {
    const referrer = await signedInMember(app);
    const first = await referredMember(app, referrer.user.referralCode);
    const second = await referredMember(app, referrer.user.referralCode);
    const deposit = await gatewayDeposit(first, 120);
    await gatewayDeposit(second, 80);
    await reverse(deposit, 120);
    expect((await balanceOf(referrer)).loyalty_points).toBe(80);
    const again = await db.transaction((tx) =>
      takeBackReferralReward(tx, app.deps, { id: deposit, userId: first.user.id }, app.deps.clock.now()),
    );
    expect(again).toEqual({ reward: 120, takenBack: 0 });
    expect((await balanceOf(referrer)).loyalty_points).toBe(80);
    expect(await notesOf(referrer, 'referral_reward_reversed')).toHaveLength(1);
    await expectBooksBalance(db, 'mismatchedPoints');
  });

  it('tells a referrer who holds no points nothing, and takes nothing', async () => {
    const referrer = await signedInMember(app);
    const friend = await referredMember(app, referrer.user.referralCode);
    const deposit = await gatewayDeposit(friend, 40);
    const converted = await referrer.client.post('/api/convert-points', {}, { token: referrer.token });
    expect(converted.statusCode).toBe(200);

    await reverse(deposit, 40);
    expect((await balanceOf(referrer)).loyalty_points).toBe(0);
    expect((await balanceOf(referrer)).balance).toBe(0.4);
    expect(await notesOf(referrer, 'referral_reward_reversed')).toEqual([]);
    await expectBooksBalance(db, 'mismatchedPoints');
  });
});
