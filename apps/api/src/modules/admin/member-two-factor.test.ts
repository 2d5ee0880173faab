import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, recoveryCodes, users } from '@app/db';
import {
  ADMIN_REAUTH_MINUTES,
  MEMBER_MESSAGES,
  type AdminMemberStatusResponse,
  type TokenResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import {
  enableTwoFactor,
  errorOf,
  mailedResetLink,
  mailsTo,
  PASSWORD,
  totpCode,
} from '../../../test/accounts';
import { signedInMember, type Member } from '../../../test/money';
import { signInAdminAs } from '../../../test/admin';

/**
 * POST /api/admin/users/:id/reset-2fa (decision 231): support removes a member's second factor after
 * checking who asks; the recovery codes go, every session ends, the audit log keeps the reason, and
 * the member is mailed.
 */
const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const support = await signInAdminAs(app, 'support');

const REASON = 'Lost phone and recovery codes; identity checked on a video call, ticket 4412.';
const reset = (
  id: number,
  body: unknown = { reason: REASON },
  by: Pick<Member, 'client' | 'token'> = support,
) => by.client.post(`/api/admin/users/${id}/reset-2fa`, body, { token: by.token });

async function memberWithTwoFactor(): Promise<Member> {
  const member = await signedInMember(app);
  await enableTwoFactor(app, member.client, member.token);
  return member;
}

const totpEnabledAt = async (id: number) =>
  (await db.select({ at: users.totpEnabledAt }).from(users).where(eq(users.id, id)))[0]?.at ?? null;

describe('POST /api/admin/users/:id/reset-2fa', () => {
  it('removes the second factor and its codes, ends every session, audits the reason and mails the member', async () => {
    const member = await memberWithTwoFactor();
    const response = await reset(member.user.id);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AdminMemberStatusResponse>();
    expect(body).toMatchObject({ message: MEMBER_MESSAGES.twoFactorRemoved, sessions_ended: 1 });
    expect(body.member.id).toBe(member.user.id);

    expect(await totpEnabledAt(member.user.id)).toBeNull();
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, member.user.id))).toEqual([]);
    expect((await member.client.get('/api/me', { token: member.token })).statusCode).toBe(401);
    // Whoever knew the password cannot sign in with it: the member sets a new one with the mailed link.
    const old = await member.client.post('/api/login', { email: member.email, password: PASSWORD });
    expect(old.statusCode).toBe(401);
    const link = await mailedResetLink(app, member.email);
    const fresh = 'a passphrase chosen after the reset';
    const newPassword = await member.client.post('/api/reset-password', {
      token: link.searchParams.get('token'),
      email: member.email,
      password: fresh,
      password_confirmation: fresh,
    });
    expect(newPassword.statusCode, newPassword.body).toBe(200);
    // The new password alone signs the member in; no authenticator is asked for.
    const signIn = await member.client.post('/api/login', { email: member.email, password: fresh });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json<TokenResponse>().token).toBeTruthy();

    const audits = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'user.two_factor_reset'), eq(auditLog.subjectId, String(member.user.id))),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: support.user.id,
      actorRole: 'support',
      reason: REASON,
      before: { two_factor_enabled: true },
      after: { two_factor_enabled: false, sessions_ended: 1, password_reset_link_sent: true },
    });

    const [mail] = (await mailsTo(app, member.email)).filter((row) =>
      row.subject.includes('removed two-factor authentication'),
    );
    expect(mail?.text).toContain('At your request, our support team removed two-factor authentication');
    // The back office's own address is not the member's business, in either part of the mail.
    for (const part of [mail?.text, mail?.html]) {
      expect(part).toBeTruthy();
      expect(part).not.toMatch(/\bIP\b|127\.0\.0\.1/);
    }
  });

  it('ends the reset links mailed before it: only the link it mails sets a password', async () => {
    const member = await memberWithTwoFactor();
    await member.client.post('/api/forgot-password', { email: member.email });
    const before = (await mailedResetLink(app, member.email)).searchParams.get('token');
    expect((await reset(member.user.id)).statusCode).toBe(200);
    const after = (await mailedResetLink(app, member.email)).searchParams.get('token');
    expect(after).not.toBe(before);
    const choose = (token: string | null, password: string) =>
      member.client.post('/api/reset-password', {
        token,
        email: member.email,
        password,
        password_confirmation: password,
      });
    const stale = await choose(before, 'chosen with the link from before');
    expect(stale.statusCode).toBe(422);
    expect(errorOf(stale).errors?.token).toBeDefined();
    expect((await choose(after, 'chosen with the link support sent')).statusCode).toBe(200);
    const signIn = await member.client.post('/api/login', {
      email: member.email,
      password: 'chosen with the link support sent',
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('changes nothing for bad input (400), an unknown member or an admin (404), or a member without 2FA (409)', async () => {
    const member = await memberWithTwoFactor();
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const bad = await reset(member.user.id, body);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(errorOf(bad).errors ?? {})).toEqual(['reason']);
    }
    expect((await reset(999_999)).statusCode).toBe(404);
    expect((await reset(support.user.id)).statusCode).toBe(404);
    expect((await member.client.get('/api/me', { token: member.token })).statusCode).toBe(200);
    expect(await totpEnabledAt(member.user.id)).not.toBeNull();

    const without = await signedInMember(app);
    const off = await reset(without.user.id);
    expect(off.statusCode).toBe(409);
    expect(errorOf(off).message).toBe(MEMBER_MESSAGES.twoFactorOff);
    expect((await without.client.get('/api/me', { token: without.token })).statusCode).toBe(200);
  });

  it('removes it from a suspended member too (support may need to before reactivating)', async () => {
    const member = await memberWithTwoFactor();
    const suspend = await support.client.patch(
      `/api/admin/users/${member.user.id}`,
      { status: 'suspended', reason: 'Reported stolen phone.' },
      { token: support.token },
    );
    expect(suspend.statusCode).toBe(200);
    expect((await reset(member.user.id)).statusCode).toBe(200);
    expect(await totpEnabledAt(member.user.id)).toBeNull();
  });

  it('refuses a closed account (409)', async () => {
    const member = await signedInMember(app);
    const { secret } = await enableTwoFactor(app, member.client, member.token);
    clock.advance(30_000);
    const close = await member.client.post(
      '/api/account/close',
      { password: PASSWORD, code: totpCode(secret, clock.now()) },
      { token: member.token },
    );
    expect(close.statusCode, close.body).toBe(200);
    const closed = await reset(member.user.id);
    expect(closed.statusCode).toBe(409);
    expect(errorOf(closed).message).toBe(MEMBER_MESSAGES.closedTwoFactor);
  });

  it('is support’s, with a recent second factor: finance is 403, an old sign-in is 403 REAUTH_REQUIRED', async () => {
    const member = await memberWithTwoFactor();
    const finance = await signInAdminAs(app, 'finance');
    expect((await reset(member.user.id, { reason: REASON }, finance)).statusCode).toBe(403);
    const late = await signInAdminAs(app, 'support');
    clock.advance(ADMIN_REAUTH_MINUTES * 60_000);
    const stale = await reset(member.user.id, { reason: REASON }, late);
    expect(stale.statusCode).toBe(403);
    expect(errorOf(stale).code).toBe('REAUTH_REQUIRED');
    // A member's token never opens it.
    const other = await signedInMember(app);
    expect((await reset(member.user.id, { reason: REASON }, other)).statusCode).toBe(403);
    expect(await totpEnabledAt(member.user.id)).not.toBeNull();
    expect((await member.client.get('/api/me', { token: member.token })).statusCode).toBe(200);
  });
});
