import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { auditLog, users } from '@app/db';
import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  type AdminAccountResponse,
  type AdminListResponse,
  type AdminTwoFactorRequiredResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { Browser, createUser, errorOf } from '../../../test/accounts';
import { signInAdminAs } from '../../../test/admin';

const { app, clock } = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const db = app.deps.database.db;
const MINUTE = 60_000;

async function userCount(): Promise<number> {
  const [row] = await db.select({ value: count() }).from(users);
  return row?.value ?? 0;
}

async function auditsOf(action: string, subjectId: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, String(subjectId))));
}

const NEW_ADMIN_PASSWORD = 'a long new admin password';

describe('GET /api/admin/admins', () => {
  it('lists admins with role, status and 2FA, paged; 400 on a bad page size', async () => {
    const boss = await signInAdminAs(app);
    const { user: member } = await createUser(app);
    const response = await boss.client.get('/api/admin/admins?per_page=100', { token: boss.token });
    expect(response.statusCode).toBe(200);
    const body = response.json<AdminListResponse>();
    expect(body.data.find((admin) => admin.id === boss.user.id)).toMatchObject({
      email: boss.email,
      admin_role: 'superadmin',
      status: 'active',
      two_factor_enabled: true,
    });
    expect(body.data.some((admin) => admin.id === member.id)).toBe(false);
    expect(body.meta).toMatchObject({ current_page: 1, total: body.data.length });
    const bad = await boss.client.get('/api/admin/admins?per_page=1000', { token: boss.token });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors?.per_page).toEqual(['At most 100 per page.']);
  });
});

describe('POST /api/admin/admins', () => {
  it('creates an admin of a role, audited; the new admin enrols 2FA at first sign-in', async () => {
    const boss = await signInAdminAs(app);
    const email = `new.support.${Date.now()}@example.com`;
    const response = await boss.client.post(
      '/api/admin/admins',
      { email, username: `support_${Date.now()}`, password: NEW_ADMIN_PASSWORD, role: 'support' },
      { token: boss.token },
    );
    expect(response.statusCode, response.body).toBe(201);
    const { admin } = response.json<AdminAccountResponse>();
    expect(admin).toMatchObject({
      email,
      admin_role: 'support',
      status: 'active',
      two_factor_enabled: false,
    });
    const [audit] = await auditsOf('admin.created', admin.id);
    expect(audit).toMatchObject({ actorId: boss.user.id, actorRole: 'superadmin', before: null });
    expect(audit?.after).toMatchObject({ email, admin_role: 'support', status: 'active' });
    expect(JSON.stringify(audit)).not.toContain(NEW_ADMIN_PASSWORD);

    const login = await new Browser(app).post('/api/admin/login', { email, password: NEW_ADMIN_PASSWORD });
    expect(login.json<AdminTwoFactorRequiredResponse>().enrolment_required).toBe(true);
  });

  it('answers 400 with field errors and 422 for a taken email, creating nothing', async () => {
    const boss = await signInAdminAs(app);
    const before = await userCount();
    const invalid = await boss.client.post(
      '/api/admin/admins',
      { email: 'not an email', username: '', password: 'short', role: 'owner' },
      { token: boss.token },
    );
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).errors).toEqual({
      email: ['Please enter a valid email address.'],
      username: ['Username is required.'],
      password: ['An admin password must be at least 12 characters.'],
      role: ['Choose superadmin, finance or support.'],
    });
    const taken = await boss.client.post(
      '/api/admin/admins',
      { email: boss.email, username: `other_${Date.now()}`, password: NEW_ADMIN_PASSWORD, role: 'finance' },
      { token: boss.token },
    );
    expect(taken.statusCode).toBe(422);
    expect(errorOf(taken).errors?.email).toEqual(['This email is already registered.']);
    const common = await boss.client.post(
      '/api/admin/admins',
      {
        email: `common_${Date.now()}@example.com`,
        username: `common_${Date.now()}`,
        password: 'qwerty123456',
        role: 'finance',
      },
      { token: boss.token },
    );
    expect(common.statusCode).toBe(400);
    expect(errorOf(common).errors).toEqual({ password: [AUTH_MESSAGES.passwordCommon] });
    expect(await userCount()).toBe(before);
  });

  it('needs a second factor from the last 10 minutes (403 REAUTH_REQUIRED, nothing created)', async () => {
    const boss = await signInAdminAs(app);
    clock.advance(10 * MINUTE + 1000);
    const before = await userCount();
    const payload = {
      email: `late.${Date.now()}@example.com`,
      username: `late_${Date.now()}`,
      password: NEW_ADMIN_PASSWORD,
      role: 'finance',
    };
    const refused = await boss.client.post('/api/admin/admins', payload, { token: boss.token });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ message: ADMIN_MESSAGES.reauthRequired, code: 'REAUTH_REQUIRED' });
    expect(await userCount()).toBe(before);
    await boss.reauth();
    expect((await boss.client.post('/api/admin/admins', payload, { token: boss.token })).statusCode).toBe(
      201,
    );
  });
});

describe('PATCH /api/admin/admins/:id', () => {
  it('changes another admin’s role, audited with before, after, reason, role and IP (a step down applies at once)', async () => {
    const browser = new Browser(app);
    const boss = await signInAdminAs(app, 'superadmin', { client: browser });
    const other = await signInAdminAs(app, 'finance');
    const response = await boss.client.patch(
      `/api/admin/admins/${other.user.id}`,
      { role: 'support', reason: 'Moved to the support team' },
      { token: boss.token },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminAccountResponse>()).toMatchObject({
      message: ADMIN_MESSAGES.adminUpdated,
      admin: { admin_role: 'support', status: 'active', pending_grant: null },
    });
    const [audit] = await auditsOf('admin.updated', other.user.id);
    expect(audit).toMatchObject({
      actorId: boss.user.id,
      actorRole: 'superadmin',
      reason: 'Moved to the support team',
      ip: browser.ip,
      before: { admin_role: 'finance', status: 'active' },
      after: { admin_role: 'support', status: 'active' },
    });
    // The new role applies to the admin's session at once.
    const me = await other.client.get('/api/admin/me', { token: other.token });
    expect(me.json<{ user: { admin_role: string } }>().user.admin_role).toBe('support');
  });

  it('disables an admin: its sessions end at once and its sign-in is refused', async () => {
    const boss = await signInAdminAs(app);
    const other = await signInAdminAs(app, 'finance');
    const response = await boss.client.patch(
      `/api/admin/admins/${other.user.id}`,
      { status: 'suspended', reason: 'Left the company' },
      { token: boss.token },
    );
    expect(response.statusCode).toBe(200);
    expect((await other.client.get('/api/admin/me', { token: other.token })).statusCode).toBe(401);
    const login = await new Browser(app).post('/api/admin/login', {
      email: other.email,
      password: 'correct horse battery staple',
    });
    expect(login.statusCode).toBe(403);
    expect(errorOf(login).message).toBe('This account is suspended. Please contact support.');
    const [audit] = await auditsOf('admin.updated', other.user.id);
    expect(audit?.after).toEqual({ admin_role: 'finance', status: 'suspended' });
  });

  it('refuses changes to oneself (422), unknown or member ids (404), empty or bad input (400)', async () => {
    const boss = await signInAdminAs(app);
    const { user: member } = await createUser(app);
    const self = await boss.client.patch(
      `/api/admin/admins/${boss.user.id}`,
      { role: 'support' },
      { token: boss.token },
    );
    expect(self.statusCode).toBe(422);
    expect(errorOf(self).message).toBe(ADMIN_MESSAGES.notYourself);
    for (const id of [member.id, 99_999_999]) {
      const missing = await boss.client.patch(
        `/api/admin/admins/${id}`,
        { role: 'support' },
        { token: boss.token },
      );
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing).message).toBe(ADMIN_MESSAGES.adminNotFound);
    }
    const empty = await boss.client.patch(`/api/admin/admins/${member.id}`, {}, { token: boss.token });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).errors).toEqual({ role: ['Give a new role or status.'] });
    const bad = await boss.client.patch(
      `/api/admin/admins/${member.id}`,
      { role: 'owner', status: 'gone' },
      { token: boss.token },
    );
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors).toEqual({
      role: ['Choose superadmin, finance or support.'],
      status: ['Choose active or suspended.'],
    });
    const [row] = await db.select().from(users).where(eq(users.id, boss.user.id));
    expect(row?.adminRole).toBe('superadmin');
    expect(await auditsOf('admin.updated', boss.user.id)).toEqual([]);
  });

  it('needs the re-authentication window; a code opens it again', async () => {
    const boss = await signInAdminAs(app);
    const other = await signInAdminAs(app, 'support');
    clock.advance(11 * MINUTE);
    const refused = await boss.client.patch(
      `/api/admin/admins/${other.user.id}`,
      { role: 'finance' },
      { token: boss.token },
    );
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('REAUTH_REQUIRED');
    const [unchanged] = await db.select().from(users).where(eq(users.id, other.user.id));
    expect(unchanged?.adminRole).toBe('support');
    expect(await auditsOf('admin.updated', other.user.id)).toEqual([]);
    await boss.reauth();
    const done = await boss.client.patch(
      `/api/admin/admins/${other.user.id}`,
      { role: 'finance' },
      { token: boss.token },
    );
    expect(done.statusCode).toBe(200);
    // The window is 10 minutes from the code: just under it still open, past it closed.
    clock.advance(10 * MINUTE - 1000);
    const stillOpen = await boss.client.patch(
      `/api/admin/admins/${other.user.id}`,
      { role: 'support' },
      { token: boss.token },
    );
    expect(stillOpen.statusCode).toBe(200);
    clock.advance(2000);
    const closed = await boss.client.patch(
      `/api/admin/admins/${other.user.id}`,
      { role: 'finance' },
      { token: boss.token },
    );
    expect(errorOf(closed).code).toBe('REAUTH_REQUIRED');
  });

  it('lets one of two superadmins demoting each other at once win; one active superadmin remains', async () => {
    const first = await signInAdminAs(app);
    const second = await signInAdminAs(app);
    const [a, b] = await Promise.all([
      first.client.patch(`/api/admin/admins/${second.user.id}`, { role: 'support' }, { token: first.token }),
      second.client.patch(`/api/admin/admins/${first.user.id}`, { role: 'support' }, { token: second.token }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 403]);
    const rows = await db.select().from(users).where(eq(users.role, 'admin'));
    const pair = rows.filter((row) => row.id === first.user.id || row.id === second.user.id);
    expect(pair.filter((row) => row.adminRole === 'superadmin')).toHaveLength(1);
  });
});
