import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { apiTokens, auditLog, recoveryCodes, users } from '@app/db';
import {
  ADMIN_MESSAGES,
  type AdminEnrolResponse,
  type AdminReauthResponse,
  type AdminSessionResponse,
  type AdminTokenResponse,
  type AdminTwoFactorRequiredResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { Browser, PASSWORD, createUser, errorOf, signIn, totpCode } from '../../../test/accounts';
import { adminSignInSteps, codeSource, enrolAuthenticator, signInAdminAs } from '../../../test/admin';
import { ADMIN_TWO_FACTOR_COOKIE } from './admin-auth.service';

const { app, clock } = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const db = app.deps.database.db;
const MINUTE = 60_000;

async function tokenRow(token: string) {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.id, Number(token.split('|')[0])));
  return row;
}

async function tokenCount(userId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(apiTokens).where(eq(apiTokens.userId, userId));
  return row?.value ?? 0;
}

/** An admin of `role` with an authenticator enrolled, not signed in. */
async function enrolledAdmin(role: 'superadmin' | 'finance' | 'support' = 'support') {
  const { user, email } = await createUser(app, { role: 'admin', adminRole: role });
  const secret = await enrolAuthenticator(app, user);
  return { user, email, secret, nextCode: codeSource(app, secret) };
}

describe('admin sign-in: the second factor is mandatory', () => {
  it('answers the two-factor step with a challenge cookie, then a token with the role, audited', async () => {
    const browser = new Browser(app);
    const { user, email, nextCode } = await enrolledAdmin('finance');
    const login = await browser.post('/api/admin/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json<AdminTwoFactorRequiredResponse>()).toEqual({
      two_factor_required: true,
      enrolment_required: false,
      message: 'Two-factor authentication required.',
    });
    const cookie = login.cookies.find((c) => c.name === ADMIN_TWO_FACTOR_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/admin', maxAge: 300 });
    // No session exists before the code.
    expect(await tokenCount(user.id)).toBe(0);

    const verify = await browser.post('/api/admin/2fa/verify', { token: nextCode() });
    expect(verify.statusCode).toBe(200);
    const body = verify.json<AdminTokenResponse>();
    expect(body.user).toMatchObject({ id: user.id, role: 'admin', admin_role: 'finance', email });
    expect(body.recovery_codes).toBeUndefined();
    const row = await tokenRow(body.token);
    expect(row).toMatchObject({ kind: 'admin', idleMinutes: 30 });
    expect(row?.expiresAt.getTime()).toBe(clock.now().getTime() + 30 * MINUTE);
    expect(row?.absoluteExpiresAt?.getTime()).toBe(clock.now().getTime() + 12 * 60 * MINUTE);
    expect(row?.reauthAt?.getTime()).toBe(clock.now().getTime());
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.subjectId, String(user.id))));
    expect(audit).toMatchObject({ actorId: user.id, actorRole: 'finance', ip: browser.ip });
    expect(audit?.after).toMatchObject({ kind: 'admin', method: 'totp' });
    // The cookie is spent: a second verify has nothing to complete.
    const again = await browser.post('/api/admin/2fa/verify', { token: nextCode() });
    expect(again.statusCode).toBe(401);
  });

  it('with remember extends only the absolute lifetime; the idle timeout stays 30 minutes', async () => {
    const browser = new Browser(app);
    const { email, nextCode } = await enrolledAdmin();
    const { token } = await adminSignInSteps(browser, email, nextCode, { remember: true });
    const row = await tokenRow(token);
    expect(row?.expiresAt.getTime()).toBe(clock.now().getTime() + 30 * MINUTE);
    expect(row?.absoluteExpiresAt?.getTime()).toBe(clock.now().getTime() + 7 * 24 * 60 * MINUTE);
  });

  it('refuses members (403), wrong passwords (401), bad input (400); no challenge for them', async () => {
    const browser = new Browser(app);
    const { email } = await createUser(app);
    const memberAttempt = await browser.post('/api/admin/login', { email, password: PASSWORD });
    expect(memberAttempt.statusCode).toBe(403);
    expect(errorOf(memberAttempt).message).toBe('This sign-in is for administrators only.');
    expect(memberAttempt.cookies.find((c) => c.name === ADMIN_TWO_FACTOR_COOKIE)).toBeUndefined();
    const { email: adminEmail } = await enrolledAdmin();
    const wrong = await browser.post('/api/admin/login', { email: adminEmail, password: 'nope nope nope' });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong).message).toBe('Invalid email or password.');
    const invalid = await browser.post('/api/admin/login', { email: '', password: '' });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).errors).toEqual({
      email: ['Email is required.'],
      password: ['Password is required.'],
    });
    const badCode = await browser.post('/api/admin/2fa/verify', { token: '12' });
    expect(badCode.statusCode).toBe(400);
    expect(errorOf(badCode).errors?.token).toEqual(['Enter the 6-digit code from your authenticator app.']);
  });

  it('is throttled like the member sign-in', async () => {
    const browser = new Browser(app);
    const { email } = await enrolledAdmin();
    for (let i = 0; i < 10; i += 1) await browser.post('/api/admin/login', { email, password: 'wrong' });
    const blocked = await browser.post('/api/admin/login', { email, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('counts wrong codes (422) and closes the challenge after five; no cookie is 401', async () => {
    const browser = new Browser(app);
    const { user, email, secret } = await enrolledAdmin();
    expect((await browser.post('/api/admin/2fa/verify', { token: '123456' })).statusCode).toBe(401);
    await browser.post('/api/admin/login', { email, password: PASSWORD });
    const wrongCode = totpCode(secret, clock.now(), 5);
    for (let i = 0; i < 4; i += 1) {
      const wrong = await browser.post('/api/admin/2fa/verify', { token: wrongCode });
      expect(wrong.statusCode).toBe(422);
      expect(errorOf(wrong).message).toBe('Invalid 2FA token');
    }
    expect((await browser.post('/api/admin/2fa/verify', { token: wrongCode })).statusCode).toBe(422);
    const closed = await browser.post('/api/admin/2fa/verify', { token: totpCode(secret, clock.now()) });
    expect(closed.statusCode).toBe(401);
    expect(await tokenCount(user.id)).toBe(0);
  });

  it('keeps the member and admin challenges apart', async () => {
    const adminBrowser = new Browser(app);
    const { email, nextCode } = await enrolledAdmin();
    await adminBrowser.post('/api/admin/login', { email, password: PASSWORD });
    const challenge = adminBrowser.cookie(ADMIN_TWO_FACTOR_COOKIE);
    expect(challenge).toBeDefined();
    // The admin's challenge presented to the member's second step completes nothing.
    const crossed = await new Browser(app).post(
      '/api/2fa/verify',
      { token: nextCode() },
      { headers: { cookie: `two_factor_challenge=${challenge}` } },
    );
    expect(crossed.statusCode).toBe(401);
  });

  it('signs in with an unused recovery code once the authenticator is set up', async () => {
    const browser = new Browser(app);
    const { user, email } = await createUser(app, { role: 'admin', adminRole: 'support' });
    await browser.post('/api/admin/login', { email, password: PASSWORD });
    const { secret } = (await browser.post('/api/admin/2fa/enrol')).json<AdminEnrolResponse>();
    const enrolled = (
      await browser.post('/api/admin/2fa/verify', { token: totpCode(secret, clock.now()) })
    ).json<AdminTokenResponse>();
    const code = enrolled.recovery_codes?.[0] ?? '';
    await browser.post('/api/admin/login', { email, password: PASSWORD });
    const viaRecovery = await browser.post('/api/admin/2fa/verify', { token: code.toUpperCase() });
    expect(viaRecovery.statusCode).toBe(200);
    const used = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(used.filter((row) => row.usedAt !== null)).toHaveLength(1);
  });
});

describe('first sign-in of an admin without an authenticator', () => {
  it('enrols TOTP before any session exists, then gives recovery codes', async () => {
    const browser = new Browser(app);
    const { user, email } = await createUser(app, { role: 'admin', adminRole: 'support' });
    const login = await browser.post('/api/admin/login', { email, password: PASSWORD });
    expect(login.json<AdminTwoFactorRequiredResponse>()).toEqual({
      two_factor_required: true,
      enrolment_required: true,
      message: ADMIN_MESSAGES.enrolmentRequired,
    });
    expect(login.cookies.find((c) => c.name === ADMIN_TWO_FACTOR_COOKIE)?.maxAge).toBe(900);
    // Nothing is reachable: no token exists, and a code before the setup starts is refused.
    expect(await tokenCount(user.id)).toBe(0);
    const early = await browser.post('/api/admin/2fa/verify', { token: '123456' });
    expect(early.statusCode).toBe(422);
    expect(errorOf(early).message).toBe(ADMIN_MESSAGES.enrolmentNotStarted);

    const enrol = await browser.post('/api/admin/2fa/enrol');
    expect(enrol.statusCode).toBe(200);
    const setup = enrol.json<AdminEnrolResponse>();
    expect(setup.qr_code).toMatch(/^data:image\/png;base64,/);
    expect(setup.otpauth_url).toContain(encodeURIComponent(email));
    const wrong = await browser.post('/api/admin/2fa/verify', {
      token: totpCode(setup.secret, clock.now(), 4),
    });
    expect(wrong.statusCode).toBe(422);
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0]?.totpEnabledAt).toBeNull();

    const verify = await browser.post('/api/admin/2fa/verify', {
      token: totpCode(setup.secret, clock.now()),
    });
    expect(verify.statusCode).toBe(200);
    const body = verify.json<AdminTokenResponse>();
    expect(body.recovery_codes).toHaveLength(10);
    expect(body.user).toMatchObject({ two_factor_enabled: true, admin_role: 'support' });
    expect((await browser.get('/api/admin/me', { token: body.token })).statusCode).toBe(200);
    const enabled = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'two_factor.enabled'), eq(auditLog.subjectId, String(user.id))));
    expect(enabled).toHaveLength(1);

    // The next sign-in asks for a code, and the setup cannot be started over.
    const next = await browser.post('/api/admin/login', { email, password: PASSWORD });
    expect(next.json<AdminTwoFactorRequiredResponse>().enrolment_required).toBe(false);
    const again = await browser.post('/api/admin/2fa/enrol');
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).message).toBe(ADMIN_MESSAGES.enrolmentNotNeeded);
  });

  it('refuses the setup without an admin challenge (401)', async () => {
    expect((await new Browser(app).post('/api/admin/2fa/enrol')).statusCode).toBe(401);
  });
});

describe('admin session', () => {
  it('answers GET /api/admin/me with the admin, the role and the re-authentication window', async () => {
    const admin = await signInAdminAs(app, 'support');
    const response = await admin.client.get('/api/admin/me', { token: admin.token });
    expect(response.statusCode).toBe(200);
    const body = response.json<AdminSessionResponse>();
    expect(body.user).toMatchObject({ id: admin.user.id, role: 'admin', admin_role: 'support' });
    expect(body.reauth_until).toBe(new Date(clock.now().getTime() + 10 * MINUTE).toISOString());
  });

  it('keeps member and admin tokens apart (403 both ways, 401 without a token)', async () => {
    const browser = new Browser(app);
    const admin = await signInAdminAs(app);
    const { email: memberEmail } = await createUser(app);
    const member = await signIn(browser, memberEmail);

    const memberOnAdmin = await browser.get('/api/admin/me', { token: member });
    expect(memberOnAdmin.statusCode).toBe(403);
    expect(errorOf(memberOnAdmin)).toEqual({
      message: 'This area is for administrators.',
      code: 'FORBIDDEN',
    });
    expect((await browser.post('/api/admin/logout', {}, { token: member })).statusCode).toBe(403);
    expect((await browser.post('/api/admin/reauth', { code: '123456' }, { token: member })).statusCode).toBe(
      403,
    );

    const adminOnMember = await browser.get('/api/me', { token: admin.token });
    expect(adminOnMember.statusCode).toBe(403);
    expect(errorOf(adminOnMember).message).toBe('Use a member account for this.');
    expect((await browser.post('/api/enable-2fa', {}, { token: admin.token })).statusCode).toBe(403);
    expect((await browser.post('/api/logout', {}, { token: admin.token })).statusCode).toBe(403);

    expect((await browser.get('/api/admin/me')).statusCode).toBe(401);
  });

  it('refuses an admin token once its user is no longer an admin', async () => {
    const admin = await signInAdminAs(app);
    await db.update(users).set({ role: 'member', adminRole: null }).where(eq(users.id, admin.user.id));
    expect((await admin.client.get('/api/admin/me', { token: admin.token })).statusCode).toBe(403);
  });

  it('ends after 30 minutes without a request, however recent the sign-in', async () => {
    const admin = await signInAdminAs(app);
    const me = () => admin.client.get('/api/admin/me', { token: admin.token });
    clock.advance(29 * MINUTE);
    expect((await me()).statusCode).toBe(200);
    clock.advance(29 * MINUTE);
    expect((await me()).statusCode).toBe(200);
    clock.advance(30 * MINUTE + 1000);
    expect((await me()).statusCode).toBe(401);
  });

  it('ends at its absolute lifetime (12 hours) even when active', async () => {
    const admin = await signInAdminAs(app);
    const me = () => admin.client.get('/api/admin/me', { token: admin.token });
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      clock.advance(20 * MINUTE);
      expect((await me()).statusCode).toBe(200);
    }
    clock.advance(21 * MINUTE);
    expect((await me()).statusCode).toBe(401);
  });

  it('signs out with POST /api/admin/logout', async () => {
    const admin = await signInAdminAs(app);
    const other = await signInAdminAs(app);
    const response = await admin.client.post('/api/admin/logout', {}, { token: admin.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out successfully!' });
    expect((await admin.client.get('/api/admin/me', { token: admin.token })).statusCode).toBe(401);
    expect((await other.client.get('/api/admin/me', { token: other.token })).statusCode).toBe(200);
  });
});

describe('POST /api/admin/reauth', () => {
  it('opens the window again with a current code; refuses wrong or reused codes and recovery codes', async () => {
    const admin = await signInAdminAs(app, 'finance');
    const reauth = (code: string) => admin.client.post('/api/admin/reauth', { code }, { token: admin.token });
    clock.advance(11 * MINUTE);
    const closed = (
      await admin.client.get('/api/admin/me', { token: admin.token })
    ).json<AdminSessionResponse>();
    expect(closed.reauth_until).toBeNull();

    const wrong = await reauth(totpCode(admin.secret, clock.now(), 5));
    expect(wrong.statusCode).toBe(422);
    expect(errorOf(wrong).errors).toEqual({ code: [ADMIN_MESSAGES.reauthInvalid] });
    const recovery = await reauth('abcde-12345');
    expect(recovery.statusCode).toBe(400);

    const code = admin.nextCode();
    const ok = await reauth(code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<AdminReauthResponse>().reauth_until).toBe(
      new Date(clock.now().getTime() + 10 * MINUTE).toISOString(),
    );
    expect((await tokenRow(admin.token))?.reauthAt?.getTime()).toBe(clock.now().getTime());
    // The same code again is refused (each step is accepted once).
    expect((await reauth(code)).statusCode).toBe(422);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.reauth'), eq(auditLog.subjectId, String(admin.user.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorRole).toBe('finance');
  });
});
