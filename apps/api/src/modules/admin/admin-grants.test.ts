import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminGrants, auditLog, users } from '@app/db';
import {
  ADMIN_MESSAGES,
  type AdminAccountResponse,
  type AdminListResponse,
  type AdminSettingsResponse,
  type AdminTwoFactorRequiredResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { Browser, createUser, errorOf } from '../../../test/accounts';
import { signInAdminAs, type AdminSession } from '../../../test/admin';

/**
 * Decision 250: a change that gives an admin money powers (an active finance admin or superadmin) takes
 * two superadmins where two exist; anything else applies at once and ends a waiting grant.
 */

const PASSWORD = 'a long new admin password';
let made = 0;
const uniqueEmail = () => `grant.${Date.now()}.${++made}@example.com`;

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const db = app.deps.database.db;
const alice = await signInAdminAs(app, 'superadmin');
const bob = await signInAdminAs(app, 'superadmin');

async function create(admin: AdminSession, role: string) {
  const email = uniqueEmail();
  const response = await admin.client.post(
    '/api/admin/admins',
    { email, username: email.split('@')[0]?.replace(/[^a-z0-9]/gi, ''), password: PASSWORD, role },
    { token: admin.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return { email, ...response.json<AdminAccountResponse>() };
}

async function patch(admin: AdminSession, id: number, body: Record<string, unknown>) {
  const response = await admin.client.patch(`/api/admin/admins/${id}`, body, { token: admin.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminAccountResponse>();
}

async function stored(id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return { role: row?.adminRole, status: row?.status };
}

const auditsOf = (action: string, id: number) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, String(id))))
    .orderBy(desc(auditLog.id));

const signInStep = (email: string) =>
  new Browser(app).post('/api/admin/login', { email, password: PASSWORD });

describe('a new admin with a money role, where two superadmins exist', () => {
  it('is created suspended; the creator cannot activate it; the other superadmin does, and it can sign in', async () => {
    const created = await create(alice, 'finance');
    expect(created.message).toBe(ADMIN_MESSAGES.adminCreatedWaiting);
    expect(created.admin).toMatchObject({
      admin_role: 'finance',
      status: 'suspended',
      pending_grant: { admin_role: 'finance', proposed_by: alice.user.username },
    });
    const id = created.admin.id;
    expect((await signInStep(created.email)).statusCode).toBe(403);
    const [createdAudit] = await auditsOf('admin.created', id);
    expect(createdAudit?.after).toMatchObject({ admin_role: 'finance', status: 'suspended' });
    expect(await auditsOf('admin.grant_proposed', id)).toHaveLength(1);

    const again = await patch(alice, id, { status: 'active' });
    expect(again.message).toBe(ADMIN_MESSAGES.grantWaiting);
    expect(await stored(id)).toEqual({ role: 'finance', status: 'suspended' });
    expect(await auditsOf('admin.grant_proposed', id)).toHaveLength(1);
    expect(await auditsOf('admin.updated', id)).toEqual([]);

    const confirmed = await patch(bob, id, { status: 'active' });
    expect(confirmed).toMatchObject({
      message: ADMIN_MESSAGES.adminUpdated,
      admin: { status: 'active', admin_role: 'finance', pending_grant: null },
    });
    const [audit] = await auditsOf('admin.grant_confirmed', id);
    expect(audit).toMatchObject({
      actorId: bob.user.id,
      before: { grant: { admin_role: 'finance', proposed_by: alice.user.id } },
      after: { admin_role: 'finance', status: 'active' },
    });
    const login = await signInStep(created.email);
    expect(login.statusCode).toBe(200);
    expect(login.json<AdminTwoFactorRequiredResponse>().enrolment_required).toBe(true);
  });

  it('a support admin is created active at once: it has no money powers', async () => {
    const created = await create(alice, 'support');
    expect(created.message).toBe(ADMIN_MESSAGES.adminCreated);
    expect(created.admin).toMatchObject({ status: 'active', pending_grant: null });
  });
});

describe('PATCH /api/admin/admins/:id: more power waits for a second superadmin', () => {
  it('a promotion to superadmin waits, shows in the list, and applies when the other superadmin makes it', async () => {
    const support = await signInAdminAs(app, 'support');
    const asked = await patch(alice, support.user.id, { role: 'superadmin', reason: 'Runs operations' });
    expect(asked.message).toBe(ADMIN_MESSAGES.grantWaiting);
    expect(asked.admin).toMatchObject({ admin_role: 'support', pending_grant: { admin_role: 'superadmin' } });
    const list = await alice.client.get('/api/admin/admins?per_page=100', { token: alice.token });
    const row = list.json<AdminListResponse>().data.find((admin) => admin.id === support.user.id);
    expect(row?.pending_grant).toMatchObject({ admin_role: 'superadmin', proposed_by: alice.user.username });
    const me = await support.client.get('/api/admin/me', { token: support.token });
    expect(me.json<{ user: { admin_role: string } }>().user.admin_role).toBe('support');

    await patch(bob, support.user.id, { role: 'superadmin' });
    expect(await stored(support.user.id)).toEqual({ role: 'superadmin', status: 'active' });
    const [updated] = await auditsOf('admin.updated', support.user.id);
    expect(updated).toMatchObject({
      actorId: bob.user.id,
      before: { admin_role: 'support', status: 'active' },
      after: { admin_role: 'superadmin', status: 'active' },
    });
  });

  it('another role is not a confirmation: it becomes the waiting grant, which the first superadmin can then confirm', async () => {
    const support = await signInAdminAs(app, 'support');
    await patch(alice, support.user.id, { role: 'finance' });
    const other = await patch(bob, support.user.id, { role: 'superadmin' });
    expect(other.message).toBe(ADMIN_MESSAGES.grantWaiting);
    expect(other.admin.pending_grant).toMatchObject({
      admin_role: 'superadmin',
      proposed_by: bob.user.username,
    });
    expect(await stored(support.user.id)).toEqual({ role: 'support', status: 'active' });
    await patch(alice, support.user.id, { role: 'superadmin' });
    expect(await stored(support.user.id)).toEqual({ role: 'superadmin', status: 'active' });
  });

  it('a grant lapses after 24 hours: the same change then is a new request', async () => {
    const support = await signInAdminAs(app, 'support');
    await patch(alice, support.user.id, { role: 'finance' });
    // Asked for 24 hours ago (the sessions of the test would have ended by then on the clock).
    await db
      .update(adminGrants)
      .set({ proposedAt: new Date(clock.now().getTime() - 24 * 3_600_000) })
      .where(eq(adminGrants.userId, support.user.id));
    const late = await patch(bob, support.user.id, { role: 'finance' });
    expect(late.message).toBe(ADMIN_MESSAGES.grantWaiting);
    expect(late.admin.pending_grant).toMatchObject({ proposed_by: bob.user.username });
    expect(await stored(support.user.id)).toEqual({ role: 'support', status: 'active' });
  });

  it('a step down applies at once from one superadmin and ends the waiting grant, audited', async () => {
    const created = await create(alice, 'superadmin');
    const id = created.admin.id;
    const down = await patch(bob, id, { role: 'support' });
    expect(down).toMatchObject({
      message: ADMIN_MESSAGES.adminUpdated,
      admin: { admin_role: 'support', status: 'suspended', pending_grant: null },
    });
    const [ended] = await auditsOf('admin.grant_ended', id);
    expect(ended).toMatchObject({
      actorId: bob.user.id,
      before: { grant: { admin_role: 'superadmin', proposed_by: alice.user.id } },
    });
    expect(await db.select().from(adminGrants).where(eq(adminGrants.userId, id))).toEqual([]);
    // Activating a support admin gives no money powers: it applies at once.
    expect((await patch(alice, id, { status: 'active' })).admin.status).toBe('active');
  });

  it('a superadmin whose second factor came after the request cannot confirm it; a grant ends with its proposer', async () => {
    const support = await signInAdminAs(app, 'support');
    const carol = await signInAdminAs(app, 'superadmin');
    await patch(carol, support.user.id, { role: 'finance' });
    clock.advance(60_000);
    const late = await signInAdminAs(app, 'superadmin');
    const refused = await patch(late, support.user.id, { role: 'finance' });
    expect(refused.admin.pending_grant).toMatchObject({ proposed_by: late.user.username });
    expect(await stored(support.user.id)).toEqual({ role: 'support', status: 'active' });

    // Late's request ends when Late is suspended: Carol's same change is a new request, not a confirmation.
    await patch(alice, late.user.id, { status: 'suspended' });
    const list = await alice.client.get('/api/admin/admins?per_page=100', { token: alice.token });
    expect(
      list.json<AdminListResponse>().data.find((a) => a.id === support.user.id)?.pending_grant,
    ).toBeNull();
    const renewed = await patch(carol, support.user.id, { role: 'finance' });
    expect(renewed.message).toBe(ADMIN_MESSAGES.grantWaiting);
    expect(await stored(support.user.id)).toEqual({ role: 'support', status: 'active' });
  });

  it('what a superadmin asked for ends for good when they are suspended: it does not come back with them', async () => {
    const support = await signInAdminAs(app, 'support');
    const dave = await signInAdminAs(app, 'superadmin');
    await patch(dave, support.user.id, { role: 'finance', reason: 'Payments cover' });
    const [asked] = await auditsOf('admin.grant_proposed', support.user.id);
    expect(asked).toMatchObject({ actorId: dave.user.id, reason: 'Payments cover' });
    const raise = await dave.client.put(
      '/api/admin/settings',
      { withdrawal_four_eyes_threshold: 99_000 },
      { token: dave.token },
    );
    expect(raise.json<AdminSettingsResponse>().four_eyes_proposal).toMatchObject({ threshold: 99_000 });

    await patch(alice, dave.user.id, { status: 'suspended' });
    // Dave is made active again (which itself takes two superadmins): his requests stay ended.
    await patch(alice, dave.user.id, { status: 'active' });
    await patch(bob, dave.user.id, { status: 'active' });
    expect(await stored(dave.user.id)).toEqual({ role: 'superadmin', status: 'active' });
    expect(await db.select().from(adminGrants).where(eq(adminGrants.userId, support.user.id))).toEqual([]);
    const settings = await alice.client.get('/api/admin/settings', { token: alice.token });
    expect(settings.json<AdminSettingsResponse>().four_eyes_proposal).toBeNull();
    // So Bob making Dave's change is a new request, not a confirmation.
    expect((await patch(bob, support.user.id, { role: 'finance' })).message).toBe(
      ADMIN_MESSAGES.grantWaiting,
    );
    expect(await stored(support.user.id)).toEqual({ role: 'support', status: 'active' });
  });

  it('a suspended superadmin still counts as the second one; reactivating the only other superadmin applies at once', async () => {
    const own = await createTestApp();
    const only = await signInAdminAs(own.app, 'superadmin');
    const away = await signInAdminAs(own.app, 'superadmin');
    const support = await signInAdminAs(own.app, 'support');
    const request = (body: Record<string, unknown>, id: number) =>
      only.client.patch(`/api/admin/admins/${id}`, body, { token: only.token });
    expect((await request({ status: 'suspended' }, away.user.id)).statusCode).toBe(200);
    const waits = await request({ role: 'finance' }, support.user.id);
    expect(waits.json<AdminAccountResponse>().message).toBe(ADMIN_MESSAGES.grantWaiting);
    // The target is not its own second superadmin: with no other, its reactivation applies at once.
    const back = await request({ status: 'active' }, away.user.id);
    expect(back.json<AdminAccountResponse>()).toMatchObject({
      message: ADMIN_MESSAGES.adminUpdated,
      admin: { status: 'active' },
    });
  });

  it('bad input, a member’s id or a finance admin: 400, 404 or 403, and the waiting grant stays as it was', async () => {
    const created = await create(alice, 'finance');
    const id = created.admin.id;
    const bad = await alice.client.patch(
      `/api/admin/admins/${id}`,
      { status: 'live' },
      { token: alice.token },
    );
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors).toEqual({ status: ['Choose active or suspended.'] });
    const { user: member } = await createUser(app);
    const missing = await bob.client.patch(
      `/api/admin/admins/${member.id}`,
      { status: 'active' },
      { token: bob.token },
    );
    expect(missing.statusCode).toBe(404);
    const finance = await signInAdminAs(app, 'finance');
    const refused = await finance.client.patch(
      `/api/admin/admins/${id}`,
      { status: 'active' },
      { token: finance.token },
    );
    expect(refused.statusCode).toBe(403);
    expect(await stored(id)).toEqual({ role: 'finance', status: 'suspended' });
    const [grant] = await db.select().from(adminGrants).where(eq(adminGrants.userId, id));
    expect(grant).toMatchObject({ adminRole: 'finance', proposedBy: alice.user.id });
  });
});

describe('demoting the other superadmin', () => {
  it('does not let one superadmin act alone for 7 days: money roles and raises wait, then apply', async () => {
    const own = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
    const ownDb = own.app.deps.database.db;
    const only = await signInAdminAs(own.app, 'superadmin');
    const other = await signInAdminAs(own.app, 'superadmin');
    const down = await patch(only, other.user.id, { role: 'support' });
    expect(down.admin.admin_role).toBe('support');
    const created = await create(only, 'finance');
    expect(created.message).toBe(ADMIN_MESSAGES.adminCreatedWaiting);
    expect(created.admin.status).toBe('suspended');
    const raise = await only.client.put(
      '/api/admin/settings',
      { withdrawal_four_eyes_threshold: 50_000 },
      { token: only.token },
    );
    expect(raise.json<AdminSettingsResponse>().settings.withdrawal_four_eyes_threshold).toBe(10_000);

    // Demoted 7 days ago and more: the deployment has one superadmin, who acts alone.
    await ownDb
      .update(users)
      .set({ superadminLeftAt: new Date(own.clock.now().getTime() - 7 * 86_400_000 - 1000) })
      .where(eq(users.id, other.user.id));
    const activated = await patch(only, created.admin.id, { status: 'active' });
    expect(activated).toMatchObject({
      message: ADMIN_MESSAGES.adminUpdated,
      admin: { status: 'active', pending_grant: null },
    });
    // Made a superadmin again, the count starts afresh.
    await patch(only, other.user.id, { role: 'superadmin' });
    const [row] = await ownDb.select().from(users).where(eq(users.id, other.user.id));
    expect(row?.superadminLeftAt).toBeNull();
  });
});

describe('a single-operator deployment', () => {
  it('gives money roles at once when no other superadmin has an open account with a second factor', async () => {
    const own = await createTestApp();
    const only = await signInAdminAs(own.app, 'superadmin');
    // A superadmin invited but not signed in yet (no second factor) does not count.
    await createUser(own.app, { role: 'admin', adminRole: 'superadmin' });
    const email = uniqueEmail();
    const response = await only.client.post(
      '/api/admin/admins',
      { email, username: `solo${Date.now()}`, password: PASSWORD, role: 'finance' },
      { token: only.token },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json<AdminAccountResponse>()).toMatchObject({
      message: ADMIN_MESSAGES.adminCreated,
      admin: { status: 'active', pending_grant: null },
    });
  });
});
