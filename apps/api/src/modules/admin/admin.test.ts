import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiTokens, auditLog, users } from '@app/db';
import { TOKEN_IDLE_DAYS, TOKEN_REMEMBER_DAYS, type AdminMeResponse, type TokenResponse } from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { Browser, PASSWORD, createUser, errorOf, signIn } from '../../../test/accounts';

const { app, clock } = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const db = app.deps.database.db;

async function adminToken(browser: Browser, email: string, remember = false): Promise<string> {
  const response = await browser.post('/api/admin/login', { email, password: PASSWORD, remember });
  expect(response.statusCode).toBe(200);
  return response.json<TokenResponse>().token;
}

async function tokenRow(token: string) {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.id, Number(token.split('|')[0])));
  return row;
}

describe('admin sign-in', () => {
  it('signs an admin in with an admin token, audited', async () => {
    const browser = new Browser(app);
    const { user, email } = await createUser(app, { role: 'admin' });
    const response = await browser.post('/api/admin/login', { email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json<TokenResponse>();
    expect(body.user).toMatchObject({ id: user.id, role: 'admin', email });
    const row = await tokenRow(body.token);
    expect(row?.kind).toBe('admin');
    expect(row?.expiresAt.getTime()).toBe(clock.now().getTime() + TOKEN_IDLE_DAYS * 86_400_000);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.subjectId, String(user.id))));
    expect(audits[0]?.after).toMatchObject({ kind: 'admin', method: 'password' });
  });

  it('extends the token with remember', async () => {
    const browser = new Browser(app);
    const { email } = await createUser(app, { role: 'admin' });
    const row = await tokenRow(await adminToken(browser, email, true));
    expect(row?.expiresAt.getTime()).toBe(clock.now().getTime() + TOKEN_REMEMBER_DAYS * 86_400_000);
  });

  it('refuses members (403) and wrong passwords (401)', async () => {
    const browser = new Browser(app);
    const { email } = await createUser(app);
    const memberAttempt = await browser.post('/api/admin/login', { email, password: PASSWORD });
    expect(memberAttempt.statusCode).toBe(403);
    expect(errorOf(memberAttempt).message).toBe('This sign-in is for administrators only.');
    const { email: adminEmail } = await createUser(app, { role: 'admin' });
    const wrong = await browser.post('/api/admin/login', { email: adminEmail, password: 'nope nope nope' });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong).message).toBe('Invalid email or password.');
    const invalid = await browser.post('/api/admin/login', { email: '', password: '' });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).errors).toEqual({
      email: ['Email is required.'],
      password: ['Password is required.'],
    });
  });

  it('is throttled like the member sign-in', async () => {
    const browser = new Browser(app);
    const { email } = await createUser(app, { role: 'admin' });
    for (let i = 0; i < 10; i += 1) await browser.post('/api/admin/login', { email, password: 'wrong' });
    const blocked = await browser.post('/api/admin/login', { email, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('admin session', () => {
  it('answers GET /api/admin/me with the admin', async () => {
    const browser = new Browser(app);
    const { user, email } = await createUser(app, { role: 'admin' });
    const token = await adminToken(browser, email);
    const response = await browser.get('/api/admin/me', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminMeResponse>().user).toMatchObject({ id: user.id, role: 'admin' });
  });

  it('keeps member and admin tokens apart (403 both ways, 401 without a token)', async () => {
    const browser = new Browser(app);
    const { email: adminEmail } = await createUser(app, { role: 'admin' });
    const { email: memberEmail } = await createUser(app);
    const admin = await adminToken(browser, adminEmail);
    const member = await signIn(browser, memberEmail);

    const memberOnAdmin = await browser.get('/api/admin/me', { token: member });
    expect(memberOnAdmin.statusCode).toBe(403);
    expect(errorOf(memberOnAdmin)).toEqual({
      message: 'This area is for administrators.',
      code: 'FORBIDDEN',
    });
    expect((await browser.post('/api/admin/logout', {}, { token: member })).statusCode).toBe(403);

    const adminOnMember = await browser.get('/api/me', { token: admin });
    expect(adminOnMember.statusCode).toBe(403);
    expect(errorOf(adminOnMember).message).toBe('Use a member account for this.');
    expect((await browser.post('/api/enable-2fa', {}, { token: admin })).statusCode).toBe(403);
    expect((await browser.post('/api/logout', {}, { token: admin })).statusCode).toBe(403);

    expect((await browser.get('/api/admin/me')).statusCode).toBe(401);
  });

  it('refuses an admin token once its user is no longer an admin', async () => {
    const browser = new Browser(app);
    const { user, email } = await createUser(app, { role: 'admin' });
    const token = await adminToken(browser, email);
    await db.update(users).set({ role: 'member' }).where(eq(users.id, user.id));
    expect((await browser.get('/api/admin/me', { token })).statusCode).toBe(403);
  });

  it('signs out with POST /api/admin/logout', async () => {
    const browser = new Browser(app);
    const { email } = await createUser(app, { role: 'admin' });
    const token = await adminToken(browser, email);
    const other = await adminToken(new Browser(app), email);
    const response = await browser.post('/api/admin/logout', {}, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out successfully!' });
    expect((await browser.get('/api/admin/me', { token })).statusCode).toBe(401);
    expect((await browser.get('/api/admin/me', { token: other })).statusCode).toBe(200);
  });
});
