import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, users } from '@app/db';
import {
  AUTH_MESSAGES,
  MEMBER_MESSAGES,
  type AdminMemberDetailResponse,
  type AdminMemberListResponse,
  type AdminMemberSectionResponse,
  type AdminMemberStatusResponse,
  type AdminOverviewResponse,
  type CreateDepositResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { PASSWORD, createUser, errorOf } from '../../../test/accounts';
import { depositThroughSandbox, signedInAdmin, signedInMember, type Member } from '../../../test/money';
import { createPlan } from '../../../test/investing';
import { signInAdminAs } from '../../../test/admin';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const admin = await signedInAdmin(app);

const get = <T>(url: string, who: Pick<Member, 'client' | 'token'> = admin) =>
  who.client.get(url, { token: who.token }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  });

describe('GET /api/admin/users', () => {
  it('finds a member by id, referral code, or the start of an email or a username', async () => {
    const member = await signedInMember(app);
    const ids = async (q: string) =>
      (await get<AdminMemberListResponse>(`/api/admin/users?q=${encodeURIComponent(q)}`)).data.map(
        (row) => row.id,
      );
    expect(await ids(String(member.user.id))).toContain(member.user.id);
    expect(await ids(member.user.referralCode)).toEqual([member.user.id]);
    expect(await ids(member.email.toUpperCase())).toEqual([member.user.id]);
    expect(await ids(member.email.slice(0, member.email.indexOf('@')))).toEqual([member.user.id]);
    expect(await ids(member.user.username)).toEqual([member.user.id]);
    expect(await ids('no-such-member-anywhere')).toEqual([]);
    // A wildcard typed in the search is a character, not a pattern.
    expect(await ids('%')).toEqual([]);
    // Admins are not members.
    expect(await ids(admin.email)).toEqual([]);
  });

  it('pages newest first and filters by status', async () => {
    await signedInMember(app);
    await signedInMember(app);
    const page = await get<AdminMemberListResponse>('/api/admin/users?per_page=2');
    expect(page.data).toHaveLength(2);
    expect(page.data[0]!.id).toBeGreaterThan(page.data[1]!.id);
    expect(page.meta.current_page).toBe(1);
    const suspended = await get<AdminMemberListResponse>('/api/admin/users?status=suspended');
    expect(suspended.data.every((row) => row.status === 'suspended')).toBe(true);
  });

  it('sorts by joined date or username, either way, on request', async () => {
    const tag = `sortm${Date.now().toString(36)}`;
    // Joined in the order c, a, b.
    for (const name of ['c', 'a', 'b']) await createUser(app, { username: `${tag}_${name}` });
    const names = async (sort: string) =>
      (await get<AdminMemberListResponse>(`/api/admin/users?q=${tag}&sort=${sort}`)).data.map((row) =>
        row.username.slice(-1),
      );
    expect(await names('username')).toEqual(['a', 'b', 'c']);
    expect(await names('-username')).toEqual(['c', 'b', 'a']);
    expect(await names('created_at')).toEqual(['c', 'a', 'b']);
    expect(await names('-created_at')).toEqual(['b', 'a', 'c']);
    expect(await names('')).toEqual(['b', 'a', 'c']);
    const bad = await admin.client.get('/api/admin/users?sort=email', { token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors).toMatchObject({ sort: [MEMBER_MESSAGES.invalidSort] });
  });

  it('answers 400 with field errors for bad input', async () => {
    const bad = await admin.client.get(`/api/admin/users?status=gone&q=${'x'.repeat(300)}&page=0`, {
      token: admin.token,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors).toMatchObject({
      status: [MEMBER_MESSAGES.listStatusInvalid],
      q: [MEMBER_MESSAGES.searchTooLong],
    });
    expect(errorOf(bad).errors?.page).toBeDefined();
  });
});

describe('GET /api/admin/users/:id and its sections', () => {
  it('gives the member page: account, money from the running totals, and paged sections', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 250);
    const withdrawal = await member.client.post(
      '/api/withdrawal',
      { amount: 50, withdrawal_method: 'crypto', destination: 'bc1qexampleaddress' },
      { token: member.token },
    );
    expect(withdrawal.statusCode).toBe(201);

    const detail = await get<AdminMemberDetailResponse>(`/api/admin/users/${member.user.id}`);
    expect(detail.member).toMatchObject({ id: member.user.id, email: member.email, status: 'active' });
    expect(detail.money).toMatchObject({
      balance: 200,
      withdrawal_hold: 50,
      total_deposit: 250,
      total_withdrawn: 0,
      invested: 0,
    });
    expect(detail.profile).toBeDefined();
    expect(detail.sections).toContain('ledger');

    const deposits = await get<AdminMemberSectionResponse>(`/api/admin/users/${member.user.id}/deposits`);
    expect(deposits.data).toHaveLength(1);
    const withdrawals = await get<AdminMemberSectionResponse>(
      `/api/admin/users/${member.user.id}/withdrawals`,
    );
    expect(withdrawals.data).toMatchObject([{ amount: 50, status: 'pending' }]);
    const ledger = await get<AdminMemberSectionResponse>(
      `/api/admin/users/${member.user.id}/ledger?per_page=1`,
    );
    expect(ledger.data).toHaveLength(1);
    expect(ledger.meta.total).toBe(2);
    const sessions = await get<AdminMemberSectionResponse>(`/api/admin/users/${member.user.id}/sessions`);
    expect(sessions.data).toMatchObject([{ kind: 'member', ended_at: null }]);
    const events = await get<AdminMemberSectionResponse>(
      `/api/admin/users/${member.user.id}/security-events`,
    );
    expect(events.data.some((row) => 'action' in row && row.action === 'auth.login')).toBe(true);
    const bell = await get<AdminMemberSectionResponse>(`/api/admin/users/${member.user.id}/notifications`);
    expect(bell.data.length).toBeGreaterThan(0);
    const goals = await get<AdminMemberSectionResponse>(`/api/admin/users/${member.user.id}/goals`);
    expect(goals).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it("shows a corporate account's business name and email, and a personal account's as null (decision 185)", async () => {
    const member = await signedInMember(app);
    const personal = await get<AdminMemberDetailResponse>(`/api/admin/users/${member.user.id}`);
    expect(personal.member).toMatchObject({
      account_type: 'personal',
      business_name: null,
      business_email: null,
    });
    await db
      .update(users)
      .set({ accountType: 'business', businessName: 'Acme Ltd', businessEmail: 'billing@acme.test' })
      .where(eq(users.id, member.user.id));
    const corporate = await get<AdminMemberDetailResponse>(`/api/admin/users/${member.user.id}`);
    expect(corporate.member).toMatchObject({
      account_type: 'business',
      business_name: 'Acme Ltd',
      business_email: 'billing@acme.test',
    });
  });

  it("lists the member's goals with their figures", async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 500);
    const plan = await createPlan(app, {
      category: 'personal',
      minAmountCents: 100_00,
      maxAmountCents: 1_000_00,
    });
    const saved = await member.client.post(
      '/api/goals',
      { name: 'House deposit', target_amount: 2000, target_frequency: 'monthly', plan_id: plan.id },
      { token: member.token },
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const goals = await get<AdminMemberSectionResponse>(`/api/admin/users/${member.user.id}/goals`);
    expect(goals.meta.total).toBe(1);
    expect(goals.data).toMatchObject([
      {
        name: 'House deposit',
        status: 'active',
        target_amount: 2000,
        invested: 100,
        earned: 0,
        progress_percent: 5,
      },
    ]);
  });

  it('answers 404 for an unknown member or an admin, 400 for a bad id or section', async () => {
    expect((await admin.client.get('/api/admin/users/999999', { token: admin.token })).statusCode).toBe(404);
    expect(
      (await admin.client.get(`/api/admin/users/${admin.user.id}`, { token: admin.token })).statusCode,
    ).toBe(404);
    expect((await admin.client.get('/api/admin/users/x', { token: admin.token })).statusCode).toBe(400);
    const member = await signedInMember(app);
    const section = await admin.client.get(`/api/admin/users/${member.user.id}/secrets`, {
      token: admin.token,
    });
    expect(section.statusCode).toBe(400);
    expect(
      (await member.client.get(`/api/admin/users/${member.user.id}`, { token: member.token })).statusCode,
    ).toBe(403);
  });
});

describe('roles on the member page', () => {
  it('gives support the member without money, refuses money sections, and lets support suspend but not finance', async () => {
    const support = await signInAdminAs(app, 'support');
    const finance = await signInAdminAs(app, 'finance');
    const member = await signedInMember(app);
    const bySupport = await get<AdminMemberDetailResponse>(`/api/admin/users/${member.user.id}`, support);
    expect(bySupport.money).toBeNull();
    expect(bySupport.sections).toEqual(['sessions', 'security-events']);
    // Notifications name the amounts deposited, withdrawn, lent and corrected: money too.
    for (const section of ['deposits', 'notifications']) {
      const money = await support.client.get(`/api/admin/users/${member.user.id}/${section}`, {
        token: support.token,
      });
      expect(money.statusCode, section).toBe(403);
    }
    const byFinance = await get<AdminMemberDetailResponse>(`/api/admin/users/${member.user.id}`, finance);
    expect(byFinance.money).not.toBeNull();
    const body = { status: 'suspended', reason: 'Asked by the member.' };
    const refused = await finance.client.patch(`/api/admin/users/${member.user.id}`, body, {
      token: finance.token,
    });
    expect(refused.statusCode).toBe(403);
    const done = await support.client.patch(`/api/admin/users/${member.user.id}`, body, {
      token: support.token,
    });
    expect(done.statusCode).toBe(200);
  });
});

describe('PATCH /api/admin/users/:id', () => {
  it('suspends: every session ends at once, sign-in is refused, audited with the reason; then reactivates', async () => {
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 30);
    const patch = (body: Record<string, unknown>) =>
      admin.client.patch(`/api/admin/users/${member.user.id}`, body, { token: admin.token });

    const missing = await patch({ status: 'suspended', reason: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).errors).toEqual({ reason: [MEMBER_MESSAGES.reasonRequired] });
    expect((await member.client.get('/api/me', { token: member.token })).statusCode).toBe(200);

    const response = await patch({ status: 'suspended', reason: 'Card fraud report from the bank.' });
    expect(response.statusCode).toBe(200);
    const body = response.json<AdminMemberStatusResponse>();
    expect(body.member.status).toBe('suspended');
    expect(body.sessions_ended).toBe(1);
    expect((await member.client.get('/api/me', { token: member.token })).statusCode).toBe(401);
    const signIn = await member.client.post('/api/login', { email: member.email, password: PASSWORD });
    expect(signIn.statusCode).toBe(403);
    expect(errorOf(signIn).message).toBe(AUTH_MESSAGES.accountSuspended);

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'user.suspended'),
          eq(auditLog.subjectType, 'user'),
          eq(auditLog.subjectId, String(member.user.id)),
        ),
      );
    expect(audit?.actorId).toBe(admin.user.id);
    expect(audit?.before).toEqual({ status: 'active' });
    expect(audit?.after).toEqual({
      status: 'suspended',
      reason: 'Card fraud report from the bank.',
      sessions_ended: 1,
    });

    const again = await patch({ status: 'suspended', reason: 'Twice.' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(MEMBER_MESSAGES.alreadySuspended);

    // Money keeps moving for a suspended member: an operator still works their requests.
    const detail = await get<AdminMemberDetailResponse>(`/api/admin/users/${member.user.id}`);
    expect(detail.money?.balance).toBe(30);

    const back = await patch({ status: 'active', reason: 'Bank confirmed the report was a mistake.' });
    expect(back.statusCode).toBe(200);
    expect(back.json<AdminMemberStatusResponse>().message).toBe(MEMBER_MESSAGES.reactivated);
    expect(
      (await member.client.post('/api/login', { email: member.email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('answers 404 for an unknown member and 400 for a bad status', async () => {
    const missing = await admin.client.patch(
      '/api/admin/users/999999',
      { status: 'suspended', reason: 'x' },
      { token: admin.token },
    );
    expect(missing.statusCode).toBe(404);
    const member = await signedInMember(app);
    const bad = await admin.client.patch(
      `/api/admin/users/${member.user.id}`,
      { status: 'banned', reason: 'x' },
      { token: admin.token },
    );
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).errors).toEqual({ status: [MEMBER_MESSAGES.statusInvalid] });
  });
});

describe('GET /api/admin/overview', () => {
  it('counts what waits, money in and out today, new members and assets under management', async () => {
    const before = await get<AdminOverviewResponse>('/api/admin/overview');
    expect(before.deposits_per_day).toHaveLength(30);
    const today = clock.now().toISOString().slice(0, 10);
    expect(before.deposits_per_day.at(-1)?.day).toBe(today);

    const member = await signedInMember(app);
    await depositThroughSandbox(member, 400);
    const bank = await member.client.post(
      '/api/deposit',
      { amount: 90, payment_method: 'bank_transfer' },
      { token: member.token },
    );
    expect(bank.statusCode).toBe(201);
    const withdrawal = await member.client.post(
      '/api/withdrawal',
      { amount: 100, withdrawal_method: 'crypto', destination: 'bc1qexampleaddress' },
      { token: member.token },
    );
    const paid = await admin.client.post(
      `/api/admin/withdrawals/${withdrawal.json<{ withdrawal: { id: number } }>().withdrawal.id}/approve`,
      {},
      { token: admin.token },
    );
    expect(paid.statusCode).toBe(200);
    const check = await admin.client.get('/api/admin/ledger/check', { token: admin.token });
    expect(check.statusCode).toBe(200);

    const after = await get<AdminOverviewResponse>('/api/admin/overview');
    const last = <T extends { day: string }>(rows: T[]) => rows.at(-1)!;
    expect(last(after.deposits_per_day).amount).toBeCloseTo(last(before.deposits_per_day).amount + 400, 2);
    expect(last(after.deposits_per_day).count).toBe(last(before.deposits_per_day).count + 1);
    expect(last(after.withdrawals_per_day).amount).toBeCloseTo(
      last(before.withdrawals_per_day).amount + 100,
      2,
    );
    expect(last(after.new_members_per_day).count).toBe(last(before.new_members_per_day).count + 1);
    expect(after.aum.cash).toBeCloseTo(before.aum.cash + 300, 2);
    expect(after.queues.deposits.pending_count).toBe(before.queues.deposits.pending_count + 1);
    expect(after.queues.deposits.pending_amount).toBeCloseTo(before.queues.deposits.pending_amount + 90, 2);
    expect(after.queues.deposits.oldest_pending_at).not.toBeNull();
    expect(after.ledger).toMatchObject({ ok: true, problems: 0, by: admin.user.username });
    const created = bank.json<CreateDepositResponse>();
    expect(created.deposit.status).toBe('pending');
  });

  it('is for admins only', async () => {
    const member = await signedInMember(app);
    expect((await member.client.get('/api/admin/overview', { token: member.token })).statusCode).toBe(403);
    expect((await member.client.get('/api/admin/overview')).statusCode).toBe(401);
  });
});
