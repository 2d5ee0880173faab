import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, withdrawals, withdrawalDestinations } from '@app/db';
import {
  AUTH_MESSAGES,
  LOGIN_MAX_FAILURES,
  MEMBER_REAUTH_MINUTES,
  type ConfirmPasswordResponse,
  type DestinationResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { PASSWORD, errorOf, signIn } from '../../../test/accounts';
import {
  balanceOf,
  confirmPassword,
  depositThroughSandbox,
  signedInAdmin,
  signedInMember,
  type Member,
} from '../../../test/money';

/**
 * A member's sudo mode (decision 230): a withdrawal, a withdrawal destination and turning 2FA on need
 * the password given in the last 10 minutes on this session. The sign-in counts; after that,
 * POST /api/confirm-password opens the window again.
 */
const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const WINDOW_MS = MEMBER_REAUTH_MINUTES * 60_000;

const withdrawal = {
  amount: 30,
  withdrawal_method: 'crypto',
  destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
};
const bank = {
  kind: 'bank',
  bank_name: 'Example Bank',
  account_name: 'Ada Lovelace',
  account_number: '1234 5678 9012',
  routing_number: '021000021',
};

const withdraw = (member: Member, headers: Record<string, string> = {}) =>
  member.client.post('/api/withdrawal', withdrawal, { token: member.token, headers });
const confirm = (member: Member, body: unknown) =>
  member.client.post('/api/confirm-password', body, { token: member.token });
const withdrawalsOf = (member: Member) =>
  db.select().from(withdrawals).where(eq(withdrawals.userId, member.user.id));

async function fundedMember(): Promise<Member> {
  const member = await signedInMember(app);
  await depositThroughSandbox(member, 100);
  return member;
}

describe('sudo mode of a member session', () => {
  it('lets a member who has just signed in withdraw without typing the password again', async () => {
    const member = await fundedMember();
    clock.advance(WINDOW_MS - 60_000);
    expect((await withdraw(member)).statusCode).toBe(201);
  });

  it('refuses a withdrawal 10 minutes after the sign-in, holds nothing, and takes the same key after the password', async () => {
    const member = await fundedMember();
    clock.advance(WINDOW_MS);
    const key = { 'Idempotency-Key': `sudo-${member.user.id}` };
    const refused = await withdraw(member, key);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: 'REAUTH_REQUIRED',
      message: AUTH_MESSAGES.passwordConfirmRequired,
    });
    expect((await balanceOf(member)).balance).toBe(100);
    expect(await withdrawalsOf(member)).toHaveLength(0);

    const confirmed = await confirm(member, { password: PASSWORD });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json<ConfirmPasswordResponse>()).toEqual({
      message: AUTH_MESSAGES.passwordConfirmed,
      reauth_until: new Date(clock.now().getTime() + WINDOW_MS).toISOString(),
    });
    // The refusal came before the key was claimed: the same key now carries the withdrawal out.
    expect((await withdraw(member, key)).statusCode).toBe(201);
    expect((await balanceOf(member)).balance).toBe(70);
    const audits = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'auth.password_confirmed'), eq(auditLog.subjectId, String(member.user.id))),
      );
    expect(audits).toHaveLength(1);

    // The window closes 10 minutes after the password.
    clock.advance(WINDOW_MS);
    expect((await withdraw(member)).statusCode).toBe(403);
    expect(await withdrawalsOf(member)).toHaveLength(1);
  });

  it('guards saving and changing a withdrawal destination, and turning 2FA on', async () => {
    const member = await signedInMember(app);
    const saved = await member.client.post('/api/withdrawal-destinations', bank, { token: member.token });
    expect(saved.statusCode).toBe(201);
    const id = saved.json<DestinationResponse>().destination.id;
    clock.advance(WINDOW_MS);

    const added = await member.client.post('/api/withdrawal-destinations', bank, { token: member.token });
    const changed = await member.client.patch(
      `/api/withdrawal-destinations/${id}`,
      { ...bank, account_number: '9999 8888 7777' },
      { token: member.token },
    );
    const twoFactor = await member.client.post('/api/enable-2fa', undefined, { token: member.token });
    for (const refused of [added, changed, twoFactor]) {
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('REAUTH_REQUIRED');
    }
    const rows = await db
      .select()
      .from(withdrawalDestinations)
      .where(eq(withdrawalDestinations.userId, member.user.id));
    expect(rows.map((row) => row.accountNumber)).toEqual(['123456789012']);
    // Reading the saved destinations (masked) needs no password.
    expect(
      (await member.client.get('/api/withdrawal-destinations', { token: member.token })).statusCode,
    ).toBe(200);

    await confirmPassword(member);
    expect(
      (await member.client.post('/api/withdrawal-destinations', bank, { token: member.token })).statusCode,
    ).toBe(201);
    expect((await member.client.post('/api/enable-2fa', undefined, { token: member.token })).statusCode).toBe(
      200,
    );
  });

  it('opens the window on the session that gave the password, not on the member’s other sessions', async () => {
    const laptop = await fundedMember();
    const phone: Member = { ...laptop, token: await signIn(laptop.client, laptop.email) };
    clock.advance(WINDOW_MS);
    await confirmPassword(laptop);
    expect((await withdraw(phone)).statusCode).toBe(403);
    expect((await withdraw(laptop)).statusCode).toBe(201);
  });
});

describe('POST /api/confirm-password', () => {
  it('refuses a wrong password with a field error, and the window stays closed', async () => {
    const member = await fundedMember();
    clock.advance(WINDOW_MS);
    const wrong = await confirm(member, { password: 'not my password' });
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong).errors).toEqual({ password: [AUTH_MESSAGES.passwordIncorrect] });
    expect((await withdraw(member)).statusCode).toBe(403);
  });

  it('answers bad input with 400 and its field error', async () => {
    const member = await signedInMember(app);
    for (const body of [{}, { password: '' }, { password: 42 }]) {
      const response = await confirm(member, body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).errors).toEqual({ password: [AUTH_MESSAGES.passwordRequired] });
    }
  });

  it(`stops guessing after ${LOGIN_MAX_FAILURES} wrong passwords, even the right one (429)`, async () => {
    const member = await signedInMember(app);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
      expect((await confirm(member, { password: `guess ${i}` })).statusCode).toBe(422);
    }
    const blocked = await confirm(member, { password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
  });

  it('is for a signed-in member: 401 without a session, 403 for an admin', async () => {
    const member = await signedInMember(app);
    expect((await member.client.post('/api/confirm-password', { password: PASSWORD })).statusCode).toBe(401);
    const admin = await signedInAdmin(app);
    const asAdmin = await admin.client.post(
      '/api/confirm-password',
      { password: PASSWORD },
      { token: admin.token },
    );
    expect(asAdmin.statusCode).toBe(403);
  });
});
