import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiTokens, auditLog, settings, users } from '@app/db';
import type { AdminTokenResponse, AdminTwoFactorRequiredResponse } from '@app/shared';
import { createTestApp } from '../../test/helpers';
import { Browser, createUser, findUser, me, signIn, totpCode } from '../../test/accounts';
import { bootstrapData, DEMO_ADMIN_EMAIL, DEMO_MEMBER_EMAIL } from './bootstrap';

const ADMIN_PASSWORD = 'a long admin password';

/** The password printed on a line "<label>: <email> / <password>...". */
function printedPassword(lines: string[], label: string): string {
  const line = lines.find((l) => l.startsWith(label));
  const password = line ? /\/ (\S+)/.exec(line)?.[1] : undefined;
  if (!password) throw new Error(`no "${label}" line in ${JSON.stringify(lines)}`);
  return password;
}

/** The admin sign-in's first step (the password): 200 with the two-factor step for a right password. */
async function adminSignIn(browser: Browser, email: string, password: string) {
  return browser.post('/api/admin/login', { email, password });
}

describe('demo content on an empty database', () => {
  it('seeds nothing with SEED_DEMO off; otherwise stores settings, a demo member and a demo admin', async () => {
    const { app } = await createTestApp({ TRUST_PROXY: '1' });
    app.deps.config.seedDemo = false;
    expect(await bootstrapData(app)).toEqual([]);
    expect(await app.deps.database.db.select().from(users)).toEqual([]);
    expect(await app.deps.database.db.select().from(settings)).toEqual([]);

    app.deps.config.seedDemo = true;
    const lines = await bootstrapData(app);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Demo member: demo@example\.com \/ \S{20}$/);
    expect(lines[1]).toMatch(/^Demo admin: admin@example\.com \/ \S{20} /);

    const memberPassword = printedPassword(lines, 'Demo member');
    const browser = new Browser(app);
    const token = await signIn(browser, DEMO_MEMBER_EMAIL, memberPassword);
    const { user } = await me(browser, token);
    // Its three months of history are checked in demo-history.test.ts.
    expect(user).toMatchObject({ username: 'demo', role: 'member', total_deposit: 12_500 });
    const deposits = await browser.get('/api/deposits', { token });
    expect(deposits.json<{ data: { status: string; payment_method: string }[] }>().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'confirmed', payment_method: 'bank_transfer' }),
        expect.objectContaining({ status: 'confirmed', payment_method: 'nowpayment' }),
      ]),
    );
    expect(user?.email_verified_at).not.toBeNull();

    const admin = await adminSignIn(browser, DEMO_ADMIN_EMAIL, printedPassword(lines, 'Demo admin'));
    expect(admin.statusCode).toBe(200);
    // A superadmin without an authenticator: its first sign-in enrols one.
    expect(admin.json<AdminTwoFactorRequiredResponse>().enrolment_required).toBe(true);
    expect(await findUser(app, DEMO_ADMIN_EMAIL)).toMatchObject({ role: 'admin', adminRole: 'superadmin' });

    const keys = (await app.deps.database.db.select({ key: settings.key }).from(settings)).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['sitename', 'company_email', 'company_phone']));
    const plans = (await app.inject({ method: 'GET', url: '/api/plans' })).json<{ name: string }[]>();
    expect(plans.map((plan) => plan.name)).toEqual(expect.arrayContaining(['Starter', 'Growth', 'Prime']));
    const seeded = await app.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'bootstrap.demo_seeded'));
    expect(seeded).toHaveLength(1);
    expect(JSON.stringify(seeded)).not.toContain(memberPassword);

    // A second start finds users and seeds nothing.
    expect(await bootstrapData(app)).toEqual([]);
    expect(await app.deps.database.db.select().from(users)).toHaveLength(3); // member, admin, the member's referred friend
  });
});

describe('ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('creates that admin (and no demo admin) on an empty database, and leaves it alone on restart', async () => {
    const { app } = await createTestApp({
      TRUST_PROXY: '1',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD,
    });
    const lines = await bootstrapData(app);
    expect(lines[0]).toBe('Admin: boss@example.com (created from ADMIN_EMAIL)');
    expect(lines.some((line) => line.startsWith('Demo member'))).toBe(true);
    expect(lines.some((line) => line.startsWith('Demo admin'))).toBe(false);
    expect(lines.join('\n')).not.toContain(ADMIN_PASSWORD);
    const admin = await findUser(app, 'boss@example.com');
    expect(admin).toMatchObject({
      role: 'admin',
      adminRole: 'superadmin',
      status: 'active',
      username: 'boss',
    });
    expect(admin?.emailVerifiedAt).not.toBeNull();
    expect((await adminSignIn(new Browser(app), 'boss@example.com', ADMIN_PASSWORD)).statusCode).toBe(200);
    const audits = await app.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'bootstrap.admin_created'));
    expect(audits).toHaveLength(1);

    // A restart with the same settings changes nothing and signs nobody out.
    const browser = new Browser(app);
    await adminSignIn(browser, 'boss@example.com', ADMIN_PASSWORD);
    const { secret } = (await browser.post('/api/admin/2fa/enrol')).json<{ secret: string }>();
    const token = (
      await browser.post('/api/admin/2fa/verify', { token: totpCode(secret, app.deps.clock.now()) })
    ).json<AdminTokenResponse>().token;
    expect(await bootstrapData(app)).toEqual(['Admin: boss@example.com']);
    expect((await browser.get('/api/admin/me', { token })).statusCode).toBe(200);
  });

  it('resets an existing account to admin with the configured password, revoking its tokens', async () => {
    const { app } = await createTestApp({ TRUST_PROXY: '1', SEED_DEMO: '0' });
    const db = app.deps.database.db;
    const { user, email } = await createUser(app, { verified: false });
    const browser = new Browser(app);
    const memberToken = await signIn(browser, email);
    await db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    app.deps.config.admin = { email, password: ADMIN_PASSWORD };

    const lines = await bootstrapData(app);
    expect(lines).toEqual([`Admin: ${email} (reset from ADMIN_EMAIL; its sessions were signed out)`]);
    const reset = await findUser(app, email);
    expect(reset).toMatchObject({ role: 'admin', status: 'active' });
    expect(reset?.emailVerifiedAt).not.toBeNull();
    expect(reset?.passwordHash).not.toBe(user.passwordHash);
    const [token] = await db.select().from(apiTokens).where(eq(apiTokens.userId, user.id));
    expect(token?.revokedAt).not.toBeNull();
    expect((await browser.get('/api/me', { token: memberToken })).statusCode).toBe(401);
    expect((await adminSignIn(browser, email, ADMIN_PASSWORD)).statusCode).toBe(200);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'bootstrap.admin_reset'));
    expect(audit?.before).toEqual({
      role: 'member',
      admin_role: null,
      status: 'suspended',
      verified: false,
    });
    expect(reset?.adminRole).toBe('superadmin');
    expect(JSON.stringify(audit)).not.toContain(ADMIN_PASSWORD);
  });
});

describe('ADMIN_TOTP_SECRET', () => {
  const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

  it('pre-enrols the configured admin: its first sign-in takes a code of that secret', async () => {
    const { app } = await createTestApp({
      TRUST_PROXY: '1',
      SEED_DEMO: '0',
      ADMIN_EMAIL: 'robot@example.com',
      ADMIN_PASSWORD,
      ADMIN_TOTP_SECRET: 'jbsw y3dp ehpk 3pxp jbsw y3dp ehpk 3pxp',
    });
    expect(await bootstrapData(app)).toEqual(['Admin: robot@example.com (created from ADMIN_EMAIL)']);
    const browser = new Browser(app);
    const login = await adminSignIn(browser, 'robot@example.com', ADMIN_PASSWORD);
    expect(login.json<AdminTwoFactorRequiredResponse>().enrolment_required).toBe(false);
    const verify = await browser.post('/api/admin/2fa/verify', {
      token: totpCode(SECRET, app.deps.clock.now()),
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json<AdminTokenResponse>().user).toMatchObject({ admin_role: 'superadmin' });
    const [audit] = await app.deps.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'bootstrap.admin_created'));
    expect(audit?.after).toMatchObject({ two_factor_preenrolled: true });
    expect(JSON.stringify(audit)).not.toContain(SECRET);

    // A restart with the same secret keeps the session; a new secret replaces the authenticator.
    expect(await bootstrapData(app)).toEqual(['Admin: robot@example.com']);
    app.deps.config.admin = {
      email: 'robot@example.com',
      password: ADMIN_PASSWORD,
      totpSecret: 'KRSXG5CTMVRXEZLU',
    };
    expect(await bootstrapData(app)).toEqual([
      'Admin: robot@example.com (reset from ADMIN_EMAIL; its sessions were signed out)',
    ]);
    const token = verify.json<AdminTokenResponse>().token;
    expect((await browser.get('/api/admin/me', { token })).statusCode).toBe(401);
  });

  it('ends the recovery codes of the authenticator it replaces', async () => {
    const { app } = await createTestApp({
      TRUST_PROXY: '1',
      SEED_DEMO: '0',
      ADMIN_EMAIL: 'enrolled@example.com',
      ADMIN_PASSWORD,
    });
    await bootstrapData(app);
    // The admin enrols an authenticator of their own at the first sign-in and keeps its recovery codes.
    const browser = new Browser(app);
    await adminSignIn(browser, 'enrolled@example.com', ADMIN_PASSWORD);
    const { secret } = (await browser.post('/api/admin/2fa/enrol')).json<{ secret: string }>();
    const enrolled = await browser.post('/api/admin/2fa/verify', {
      token: totpCode(secret, app.deps.clock.now()),
    });
    const [code = ''] = enrolled.json<AdminTokenResponse>().recovery_codes ?? [];
    expect(code).toBeTruthy();
    // The operator replaces it with ADMIN_TOTP_SECRET: the old codes open nothing.
    app.deps.config.admin = { email: 'enrolled@example.com', password: ADMIN_PASSWORD, totpSecret: SECRET };
    await bootstrapData(app);
    const again = new Browser(app);
    await adminSignIn(again, 'enrolled@example.com', ADMIN_PASSWORD);
    const withOldCode = await again.post('/api/admin/2fa/verify', { token: code });
    expect(withOldCode.statusCode).toBe(422);
    const withNewSecret = await again.post('/api/admin/2fa/verify', {
      token: totpCode(SECRET, app.deps.clock.now(), 1),
    });
    expect(withNewSecret.statusCode, withNewSecret.body).toBe(200);
  });

  it('is refused when it is not base32 or has no ADMIN_EMAIL', async () => {
    const { loadConfig } = await import('../config');
    expect(() =>
      loadConfig({ ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD, ADMIN_TOTP_SECRET: 'not base32!' }),
    ).toThrow(/ADMIN_TOTP_SECRET: must be base32/);
    expect(() => loadConfig({ ADMIN_TOTP_SECRET: SECRET })).toThrow(/ADMIN_TOTP_SECRET: needs ADMIN_EMAIL/);
  });
});
