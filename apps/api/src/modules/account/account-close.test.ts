import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  DEPOSIT_LATE_PAYMENT_DAYS,
  MEMBER_MESSAGES,
  type AdminMemberListResponse,
  type GoalResponse,
} from '@app/shared';
import { deposits, goals, notifications, userPlans, userProfiles, users } from '@app/db';
import { ApiClient, createTestApp } from '../../../test/helpers';
import {
  PASSWORD,
  enableTwoFactor,
  errorOf,
  mailsTo,
  registrationPayload,
  signIn,
  totpCode,
} from '../../../test/accounts';
import { nowPaymentsIpn, sendNowPayments } from '../../../test/ipn';
import {
  depositThroughSandbox,
  referredMember,
  signedInAdmin,
  signedInMember,
  type Member,
  memberWithFiftyCents,
} from '../../../test/money';
import { checkLedger } from '../../ledger/check';
import { createPlan, fundedMember, investIn } from '../../../test/investing';
import { expireDueDeposits } from '../deposits/deposit-crediting.service';
import { handleNowPaymentsIpn } from '../deposits/webhooks.service';
import { signNowPayments } from '../../integrations/payments/nowpayments';
import { queryRows } from '../../ledger/sql';
import { decryptSecret } from '../../lib/crypto';
import { putSettings } from '../settings/settings.service';
import { closedIdentityContext } from './closed-identity';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;

/** A $250 NOWPayments deposit opened by the member (pending, nothing paid yet). */
async function openCryptoDeposit(member: Member): Promise<{ id: number }> {
  const started = await member.client.post(
    '/api/deposit',
    { amount: 250, payment_method: 'nowpayment' },
    { token: member.token },
  );
  expect(started.statusCode).toBe(201);
  return started.json<{ deposit: { id: number } }>().deposit;
}

const close = (member: Member, body: Record<string, unknown>) =>
  member.client.post('/api/account/close', body, { token: member.token });

async function rowOf(member: Member) {
  const [row] = await db.select().from(users).where(eq(users.id, member.user.id));
  return row!;
}

/** The member is as before: active, same address, and the session still works. */
async function expectUnchanged(member: Member) {
  const row = await rowOf(member);
  expect(row).toMatchObject({
    status: 'active',
    email: member.email,
    closedAt: null,
    closedIdentityEnc: null,
  });
  expect((await member.client.get('/api/me', { token: member.token })).statusCode).toBe(200);
}

describe('POST /api/account/close', () => {
  it('closes an emptied account: sessions end, identity sealed, sign-in refused, the address free again', async () => {
    const member = await signedInMember(app);
    const other = new ApiClient(app);
    const second = await other.post('/api/login', { email: member.email, password: PASSWORD });
    expect(second.statusCode).toBe(200);
    const profile = await member.client.patch(
      '/api/profile/update',
      { first_name: 'Ada', last_name: 'Lovelace', phone: '+442079460000', country: 'GB' },
      { token: member.token },
    );
    expect(profile.statusCode).toBe(200);
    const ledgerBefore = await checkLedger(db);
    const mailedBefore = await mailsTo(app, member.email);
    expect(mailedBefore.length).toBeGreaterThan(0); // the sign-up code, the new sign-in

    const response = await close(member, { password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ message: string; closed_at: string; retain_until: string }>();
    expect(body.message).toBe(ACCOUNT_MESSAGES.closed);
    expect(body.closed_at).toBe(clock.now().toISOString());
    const fiveYears = new Date(clock.now());
    fiveYears.setUTCFullYear(fiveYears.getUTCFullYear() + 5);
    expect(body.retain_until).toBe(fiveYears.toISOString());

    // Every session ended, this one and the other device's.
    expect((await member.client.get('/api/me', { token: member.token })).statusCode).toBe(401);
    const otherToken = second.json<{ token: string }>().token;
    expect((await other.get('/api/me', { token: otherToken })).statusCode).toBe(401);
    expect((await member.client.get('/api/account/export', { token: member.token })).statusCode).toBe(401);
    // The old credentials sign in no more.
    const signIn = await new ApiClient(app).post('/api/login', { email: member.email, password: PASSWORD });
    expect(signIn.statusCode).toBe(401);
    // The mails sent before (a code, names) are gone from the outbox; the closing's notice, sent
    // after, is the only one left to the address (decision 229).
    const mailedAfter = await mailsTo(app, member.email);
    expect(mailedAfter.map((mail) => mail.subject)).toEqual([expect.stringMatching(/closed/i)]);
    expect(Math.min(...mailedAfter.map((mail) => mail.id))).toBeGreaterThan(
      Math.max(...mailedBefore.map((mail) => mail.id)),
    );

    const row = await rowOf(member);
    expect(row.status).toBe('closed');
    expect(row.email).toMatch(new RegExp(`^closed-${member.user.id}-[0-9a-f]{12}@closed\\.invalid$`));
    expect(row.username).not.toBe(member.user.username);
    expect(row.totpSecretEnc).toBeNull();
    expect(row.retainUntil?.toISOString()).toBe(body.retain_until);
    const [sealedProfile] = await db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.userId, member.user.id));
    expect(sealedProfile?.personalEnc).toBeNull();
    // The identity is sealed for the retention period, readable with the application key only.
    const identity = JSON.parse(
      decryptSecret(app.deps.appKey, row.closedIdentityEnc!, closedIdentityContext(member.user.id)),
    ) as Record<string, unknown>;
    expect(identity).toMatchObject({
      email: member.email,
      username: member.user.username,
      first_name: 'Ada',
      last_name: 'Lovelace',
      country: 'GB',
    });
    expect(row.closedIdentityEnc).not.toContain('Lovelace');

    // The ledger check passes as before; the address and the username can sign up again.
    const ledgerAfter = await checkLedger(db);
    expect(ledgerAfter.ok).toBe(ledgerBefore.ok);
    expect(ledgerAfter.ok).toBe(true);
    const again = await new ApiClient(app).post(
      '/api/register',
      registrationPayload({ email: member.email, username: member.user.username }),
    );
    expect(again.statusCode).toBe(201);
  });

  it("a closed account's referral code names nobody, and a friend it referred earns it nothing", async () => {
    const referrer = await signedInMember(app);
    const code = (await rowOf(referrer)).referralCode;
    const friend = await referredMember(app, code);
    expect((await close(referrer, { password: PASSWORD })).statusCode).toBe(200);
    const signUp = await new ApiClient(app).post(
      '/api/register',
      registrationPayload({ referral_code: code }),
    );
    expect(signUp.statusCode).toBe(422);
    expect(errorOf(signUp).errors?.referral_code).toEqual([AUTH_MESSAGES.referralNotFound]);
    // The friend's first deposit: no points for the closed row, no notice to its tombstone address.
    await depositThroughSandbox(friend, 300);
    const row = await rowOf(referrer);
    expect(row.loyaltyPoints).toBe(0);
    expect(await mailsTo(app, row.email)).toEqual([]);
  });

  it('keeps the sealed data for the retention period the operator sets', async () => {
    await putSettings(db, { account_retention_years: 7 }, clock.now());
    try {
      const member = await signedInMember(app);
      const response = await close(member, { password: PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(new Date(response.json<{ retain_until: string }>().retain_until).getUTCFullYear()).toBe(
        clock.now().getUTCFullYear() + 7,
      );
    } finally {
      await putSettings(db, { account_retention_years: 5 }, clock.now());
    }
  });

  it('erases the sealed identity once the retention period has passed, and keeps the closed row', async () => {
    const member = await signedInMember(app);
    expect((await close(member, { password: PASSWORD })).statusCode).toBe(200);
    const closed = await rowOf(member);
    expect(closed.closedIdentityEnc).not.toBeNull();
    const now = clock.now();
    const erasure = app.deps.jobs.list().find((job) => job.name === 'closed-account-erasure');
    try {
      // A day before the end of the period: still kept.
      clock.set(new Date(closed.retainUntil!.getTime() - 86_400_000));
      await erasure?.run({ database: app.deps.database, clock });
      expect((await rowOf(member)).closedIdentityEnc).not.toBeNull();
      clock.set(new Date(closed.retainUntil!.getTime() + 1000));
      await erasure?.run({ database: app.deps.database, clock });
    } finally {
      clock.set(now);
    }
    const erased = await rowOf(member);
    expect(erased.closedIdentityEnc).toBeNull();
    expect(erased).toMatchObject({ status: 'closed', email: closed.email, closedAt: closed.closedAt });
  });

  it('refuses a wrong or missing password with a field error, changing nothing', async () => {
    const member = await signedInMember(app);
    const wrong = await close(member, { password: 'not the password' });
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong).errors).toEqual({ password: [ACCOUNT_MESSAGES.passwordIncorrect] });
    const missing = await close(member, {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).errors?.password).toEqual([ACCOUNT_MESSAGES.passwordRequired]);
    await expectUnchanged(member);
  });

  it('with 2FA on, needs a valid code: missing or wrong is a 422 on code, a current one closes', async () => {
    const member = await signedInMember(app);
    const { secret } = await enableTwoFactor(app, member.client, member.token);
    const missing = await close(member, { password: PASSWORD });
    expect(missing.statusCode).toBe(422);
    expect(errorOf(missing).errors).toEqual({ code: [ACCOUNT_MESSAGES.codeRequired] });
    const wrongCode = totpCode(secret, clock.now(), 4);
    const wrong = await close(member, { password: PASSWORD, code: wrongCode });
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong).errors).toEqual({ code: [ACCOUNT_MESSAGES.codeInvalid] });
    await expectUnchanged(member);
    clock.advance(31_000);
    const done = await close(member, { password: PASSWORD, code: totpCode(secret, clock.now()) });
    expect(done.statusCode).toBe(200);
  });

  it('a closing refused after a right 2FA code gives the code back and counts no failure', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 50);
    const { secret } = await enableTwoFactor(app, member.client, member.token);
    clock.advance(31_000);
    const code = totpCode(secret, clock.now());
    // More tries than the 2FA throttle allows failures (10 in 15 minutes), all with the same code.
    for (let i = 0; i < 12; i++) {
      const refused = await close(member, { password: PASSWORD, code });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(errorOf(refused).message).toBe(ACCOUNT_MESSAGES.balanceLeft);
    }
    await expectUnchanged(member);
  });

  it('refuses while money is left or a deposit is pending, saying why and what to do, changing nothing', async () => {
    const rich = await signedInMember(app);
    await depositThroughSandbox(rich, 50);
    const refused = await close(rich, { password: PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(ACCOUNT_MESSAGES.balanceLeft);
    await expectUnchanged(rich);

    const waiting = await signedInMember(app);
    const started = await waiting.client.post(
      '/api/deposit',
      { amount: 20, payment_method: 'nowpayment' },
      { token: waiting.token },
    );
    expect(started.statusCode).toBe(201);
    const pending = await close(waiting, { password: PASSWORD });
    expect(pending.statusCode).toBe(409);
    expect(errorOf(pending).message).toBe(ACCOUNT_MESSAGES.pendingDeposit);
    await expectUnchanged(waiting);
  });

  it('refuses while loyalty points could still be redeemed for money, then while their cash is held', async () => {
    const referrer = await signedInMember(app);
    const friend = await referredMember(app, referrer.user.referralCode);
    await depositThroughSandbox(friend, 250);
    const refused = await close(referrer, { password: PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(ACCOUNT_MESSAGES.pointsLeft);
    await expectUnchanged(referrer);
    const redeemed = await referrer.client.post('/api/convert-points', undefined, { token: referrer.token });
    expect(redeemed.statusCode).toBe(200);
    const next = await close(referrer, { password: PASSWORD });
    expect(errorOf(next).message).toBe(ACCOUNT_MESSAGES.balanceLeft);
  });

  it('closes with cash under the $1.00 minimum withdrawal left on record, and says so; points are redeemed first', async () => {
    const admin = await signedInAdmin(app);
    /** A member left with $0.50 of cash and a friend's referral worth `points` points ($0.01 each). */
    async function withSmallBalance(points: number) {
      const member = await memberWithFiftyCents(app, admin);
      // A point for each whole dollar of the friend's first deposit.
      await depositThroughSandbox(await referredMember(app, member.user.referralCode), points);
      expect((await rowOf(member)).loyaltyPoints).toBe(points);
      return member;
    }
    const redeem = async (member: Member) =>
      expect(
        (await member.client.post('/api/convert-points', undefined, { token: member.token })).statusCode,
      ).toBe(200);
    // $0.50 and 50 points: redeemed, $1.00, which a withdrawal can take out.
    const enough = await withSmallBalance(50);
    const refused = await close(enough, { password: PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(ACCOUNT_MESSAGES.pointsLeft);
    await expectUnchanged(enough);
    await redeem(enough);
    expect(errorOf(await close(enough, { password: PASSWORD })).message).toBe(ACCOUNT_MESSAGES.balanceLeft);
    // $0.50 and 49 points: redeemed, $0.99, which no withdrawal can take (its minimum is $1.00).
    const under = await withSmallBalance(49);
    expect(errorOf(await close(under, { password: PASSWORD })).message).toBe(ACCOUNT_MESSAGES.pointsLeft);
    await redeem(under);
    const closed = await close(under, { password: PASSWORD });
    expect(closed.statusCode).toBe(200);
    expect(closed.json<{ message: string }>().message).toBe(ACCOUNT_MESSAGES.closedSmallBalance);
    expect((await rowOf(under)).status).toBe('closed');
    // The $0.99 is still the member's, in the ledger.
    const [cash] = await queryRows<{ balance: unknown }>(
      db,
      sql`select balance from ledger_accounts where user_id = ${under.user.id} and kind = 'cash'`,
    );
    expect(Number(cash?.balance)).toBe(99);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('refuses while a plan is open: a fixed term until it ends, a flexible one until it is withdrawn', async () => {
    const fixedPlan = await createPlan(app, { durationDays: 30 });
    const flexiblePlan = await createPlan(app, { durationDays: null });
    const fixed = await fundedMember(app, 500);
    await investIn(fixed, fixedPlan.id, 500);
    const waiting = await close(fixed, { password: PASSWORD });
    expect(waiting.statusCode).toBe(409);
    expect(errorOf(waiting).message).toBe(ACCOUNT_MESSAGES.openPlan);
    await expectUnchanged(fixed);

    const flexible = await fundedMember(app, 500);
    const held = await investIn(flexible, flexiblePlan.id, 500);
    const refused = await close(flexible, { password: PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(ACCOUNT_MESSAGES.openFlexiblePlan);
    await expectUnchanged(flexible);
    // As the message says: withdrawn, it is cash the member can take out before closing.
    const back = await flexible.client.post(`/api/pp/${held.id}/withdraw`, undefined, {
      token: flexible.token,
    });
    expect(back.statusCode).toBe(200);
    expect(errorOf(await close(flexible, { password: PASSWORD })).message).toBe(ACCOUNT_MESSAGES.balanceLeft);
  });

  it('refuses while a crypto deposit that expired unpaid could still be paid, for 7 days after it was opened', async () => {
    const member = await signedInMember(app);
    const deposit = await openCryptoDeposit(member);
    clock.advance(25 * 60 * 60_000);
    await expireDueDeposits({ ...app.deps, now: clock.now() });
    const shown = await member.client.get(`/api/deposits/${deposit.id}`, { token: member.token });
    expect(shown.json<{ status: string }>().status).toBe('expired');

    const refused = await close(member, { password: PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(ACCOUNT_MESSAGES.latePayment);
    await expectUnchanged(member);
    clock.advance((DEPOSIT_LATE_PAYMENT_DAYS - 1) * 24 * 60 * 60_000 - 25 * 60 * 60_000 + 60_000);
    expect((await close(member, { password: PASSWORD })).statusCode).toBe(409);
    clock.advance(24 * 60 * 60_000);
    expect((await close(member, { password: PASSWORD })).statusCode).toBe(200);
  });

  it("a gateway's payment after the account closed is not credited: the deposit keeps the gateway's word for the operator", async () => {
    const member = await signedInMember(app);
    const deposit = await openCryptoDeposit(member);
    clock.advance(25 * 60 * 60_000);
    await expireDueDeposits({ ...app.deps, now: clock.now() });
    clock.advance(DEPOSIT_LATE_PAYMENT_DAYS * 24 * 60 * 60_000);
    expect((await close(member, { password: PASSWORD })).statusCode).toBe(200);
    const mailsBefore = (await mailsTo(app, member.email)).length;

    // The gateway's signed notice that the invoice was paid in full after all, delivered straight to
    // the service with a logger that keeps its lines.
    const lines: { fields: Record<string, unknown>; message: unknown }[] = [];
    const log = {
      warn: (fields: unknown, message?: unknown) =>
        lines.push({ fields: fields as Record<string, unknown>, message }),
    };
    const ipn = nowPaymentsIpn(deposit.id, 250, 'finished');
    const deliver = () =>
      handleNowPaymentsIpn(
        app.deps,
        JSON.stringify(ipn),
        signNowPayments(ipn, app.deps.payments.secrets.nowpaymentsIpnSecret),
        log,
      );
    expect((await deliver()).status).toBe('expired');
    expect((await deliver()).status).toBe('expired');

    // Nothing reached the closed account: no entry, no balance, no mail to an address no one reads.
    const entries = await queryRows<{ n: unknown }>(
      db,
      sql`select count(*) as n from ledger_entries where reference like ${`deposit:${deposit.id}:%`}`,
    );
    expect(Number(entries[0]!.n)).toBe(0);
    const held = await queryRows<{ total: unknown }>(
      db,
      sql`select coalesce(sum(abs(balance)), 0) as total from ledger_accounts where user_id = ${member.user.id}`,
    );
    expect(Number(held[0]!.total)).toBe(0);
    expect(await mailsTo(app, member.email)).toHaveLength(mailsBefore);
    const [row] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row).toMatchObject({ status: 'expired', credited: 0, gatewayStatus: 'finished' });
    // Each delivery tells the operator what to do, with the gateway's ids only.
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual({
      fields: {
        gateway: 'nowpayment',
        deposit_id: deposit.id,
        payment_id: String(700_000 + deposit.id),
        gateway_status: 'finished',
        why: 'paid after the member closed the account: refund it at the gateway',
      },
      message: 'gateway notification not applied: check the payment at the gateway',
    });
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('waits for a part-paid crypto deposit as for an expired one: 7 days after it was opened, no longer', async () => {
    const member = await signedInMember(app);
    const deposit = await openCryptoDeposit(member);
    const part = { ...nowPaymentsIpn(deposit.id, 250, 'partially_paid'), actually_paid: 0.0004 };
    expect((await sendNowPayments(app, part)).statusCode).toBe(200);
    const refused = await close(member, { password: PASSWORD });
    expect(errorOf(refused).message).toBe(ACCOUNT_MESSAGES.pendingDeposit);
    // The gateway never sends more. Seven days on, the deposit no longer holds the account open: what
    // is left is the $50 it credited, which the member withdraws as any balance.
    clock.advance(DEPOSIT_LATE_PAYMENT_DAYS * 24 * 60 * 60_000 + 60_000);
    member.token = await signIn(member.client, member.email);
    const later = await close(member, { password: PASSWORD });
    expect(later.statusCode).toBe(409);
    expect(errorOf(later).message).toBe(ACCOUNT_MESSAGES.balanceLeft);
  });

  it("stops the member's goals: no contribution is due, skipped or notified after the account closes", async () => {
    const oneDay = await createPlan(app, { durationDays: 1, minAmountCents: 100_00 });
    const member = await fundedMember(app, 100);
    const saved = await member.client.post(
      '/api/goals',
      {
        plan_id: oneDay.id,
        name: 'Bike',
        target_amount: 1000,
        target_frequency: 'monthly',
        target_date: null,
      },
      { token: member.token },
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const goalId = saved.json<GoalResponse>().goal.id;
    // The goal's one-day unit matures (a unit leaves only so, or with its goal) and the member withdraws
    // the cash before the next contribution is due: nothing is left, so closing is allowed.
    clock.advance(2 * 24 * 60 * 60_000);
    await app.deps.jobs.runAll({ database: app.deps.database, clock });
    const [unit] = await db.select().from(userPlans).where(eq(userPlans.goalId, goalId));
    expect(unit?.status).toBe('completed');
    member.token = await signIn(member.client, member.email);
    const asked = await member.client.post(
      '/api/withdrawal',
      { amount: 100, withdrawal_method: 'crypto', destination: 'bc1qexampleaddress' },
      { token: member.token },
    );
    const admin = await signedInAdmin(app);
    const id = asked.json<{ withdrawal: { id: number } }>().withdrawal.id;
    expect(
      (await admin.client.post(`/api/admin/withdrawals/${id}/approve`, {}, { token: admin.token }))
        .statusCode,
    ).toBe(200);
    expect((await close(member, { password: PASSWORD })).statusCode).toBe(200);

    const goalRow = async () => (await db.select().from(goals).where(eq(goals.id, goalId)))[0]!;
    expect(await goalRow()).toMatchObject({ status: 'paused', nextDueOn: null });
    const before = await goalRow();
    // Past the day the next monthly contribution would have been due.
    clock.advance(40 * 24 * 60 * 60_000);
    await app.deps.jobs.runAll({ database: app.deps.database, clock });
    expect(await goalRow()).toMatchObject({
      status: 'paused',
      skippedPeriods: before.skippedPeriods,
      contributions: before.contributions,
    });
    const notices = await db.select().from(notifications).where(eq(notifications.userId, member.user.id));
    expect(notices.filter((row) => row.createdAt > before.updatedAt)).toEqual([]);
  });

  it('refuses while a withdrawal waits; once paid out, closes and keeps every ledger posting', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 60);
    const asked = await member.client.post(
      '/api/withdrawal',
      { amount: 60, withdrawal_method: 'crypto', destination: 'bc1qexampleaddress' },
      { token: member.token },
    );
    expect(asked.statusCode).toBe(201);
    const waiting = await close(member, { password: PASSWORD });
    expect(waiting.statusCode).toBe(409);
    expect(errorOf(waiting).message).toBe(ACCOUNT_MESSAGES.pendingWithdrawal);
    await expectUnchanged(member);

    const admin = await signedInAdmin(app);
    const id = asked.json<{ withdrawal: { id: number } }>().withdrawal.id;
    const paid = await admin.client.post(`/api/admin/withdrawals/${id}/approve`, {}, { token: admin.token });
    expect(paid.statusCode).toBe(200);
    const postings = () =>
      queryRows<{ n: unknown; total: unknown }>(
        db,
        sql`select count(*) as n, coalesce(sum(p.amount), 0) as total from ledger_postings p
            join ledger_accounts a on a.id = p.account_id where a.user_id = ${member.user.id}`,
      );
    const before = await postings();
    expect(Number(before[0]?.n)).toBeGreaterThan(0);
    expect((await close(member, { password: PASSWORD })).statusCode).toBe(200);
    expect(await postings()).toEqual(before);
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('needs a member session, and the back office lists closed members and will not reactivate them', async () => {
    expect((await new ApiClient(app).post('/api/account/close', { password: PASSWORD })).statusCode).toBe(
      401,
    );
    const member = await signedInMember(app);
    expect((await close(member, { password: PASSWORD })).statusCode).toBe(200);

    const admin = await signedInAdmin(app);
    const list = await admin.client.get('/api/admin/users?status=closed&per_page=100', {
      token: admin.token,
    });
    expect(list.statusCode).toBe(200);
    const rows = list.json<AdminMemberListResponse>().data;
    expect(rows.find((row) => row.id === member.user.id)?.status).toBe('closed');
    expect(rows.every((row) => row.status === 'closed')).toBe(true);
    const reactivate = await admin.client.patch(
      `/api/admin/users/${member.user.id}`,
      { status: 'active', reason: 'Asked by the member.' },
      { token: admin.token },
    );
    expect(reactivate.statusCode).toBe(409);
    expect(errorOf(reactivate).message).toBe(MEMBER_MESSAGES.closed);
  });
});
