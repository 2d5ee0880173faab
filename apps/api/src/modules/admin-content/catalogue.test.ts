import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, userPlans } from '@app/db';
import type {
  AdminLoanApplicationDetailResponse,
  AdminLoanApplicationListResponse,
  AdminLoanPlan,
  AdminLoanPlanListResponse,
  AdminLoanPlanResponse,
  AdminPlanListResponse,
  AdminPlanResponse,
  LoanApplication,
  LoanPlan,
  Plan,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf, signIn } from '../../../test/accounts';
import { fundedMember, investIn } from '../../../test/investing';
import { applyFor, approve } from '../../../test/loans';
import { signInAdminAs } from '../../../test/admin';
import { signedInAdmin, signedInMember } from '../../../test/money';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
// Reassigned when a test moves the clock a day on (the admin session's idle timeout is 30 minutes).
let admin = await signedInAdmin(app);

const as = (who: { token: string }) => ({ token: who.token });
let counter = 0;
const planBody = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    name: `Admin Plan ${counter}`,
    category: 'personal',
    description: 'Made in the back office.',
    apy_bps: 900,
    locked_apy_bps: 1100,
    duration_days: 90,
    min_amount: 100,
    max_amount: 10_000,
    ...overrides,
  };
};

async function createPlan(overrides: Record<string, unknown> = {}) {
  const response = await admin.client.post('/api/admin/plans', planBody(overrides), as(admin));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AdminPlanResponse>().plan;
}

async function auditOf(subjectType: string, id: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, String(id))))
    .orderBy(desc(auditLog.id));
}

describe('admin investment plans', () => {
  it('creates a plan that members see at once in GET /api/plans, audited', async () => {
    const plan = await createPlan({ name: 'Harbour 90' });
    expect(plan).toMatchObject({
      name: 'Harbour 90',
      apy_bps: 900,
      locked_apy_bps: 1100,
      min_amount: 100,
      max_amount: 10_000,
      status: 'active',
    });
    const publicList = (await admin.client.get('/api/plans')).json<Plan[]>();
    expect(publicList.find((item) => item.id === plan.id)).toMatchObject({ name: 'Harbour 90', apy: 9 });
    const [entry] = await auditOf('plan', plan.id);
    expect(entry).toMatchObject({ action: 'plan.create', actorId: admin.user.id, before: null });
    expect(entry?.after).toMatchObject({ name: 'Harbour 90', apy_bps: 900 });
  });

  it('lists all plans paged, searched, filtered and sorted', async () => {
    await createPlan({ name: 'Zulu Search Target', status: 'inactive' });
    const found = await admin.client.get('/api/admin/plans?q=zulu%20search&status=inactive', as(admin));
    expect(found.statusCode).toBe(200);
    const body = found.json<AdminPlanListResponse>();
    expect(body.data.map((plan) => plan.name)).toEqual(['Zulu Search Target']);
    expect(body.meta).toEqual({ current_page: 1, total_pages: 1, total: 1 });
    const paged = (
      await admin.client.get('/api/admin/plans?per_page=1&page=2&sort=-name', as(admin))
    ).json<AdminPlanListResponse>();
    expect(paged.data).toHaveLength(1);
    expect(paged.meta.current_page).toBe(2);
    // "%" in a search is a character, not a pattern.
    expect(
      (await admin.client.get('/api/admin/plans?q=%25', as(admin))).json<AdminPlanListResponse>().data,
    ).toEqual([]);
    // A sort that names no column of the list is the default order, never a 500.
    const byDefault = (
      await admin.client.get('/api/admin/plans?per_page=100', as(admin))
    ).json<AdminPlanListResponse>();
    for (const list of ['plans', 'loan-plans'])
      for (const sort of ['__proto__', '-constructor', 'toString', 'hasOwnProperty']) {
        const response = await admin.client.get(`/api/admin/${list}?per_page=100&sort=${sort}`, as(admin));
        expect(response.statusCode, `${list} ${sort}`).toBe(200);
        if (list === 'plans') expect(response.json<AdminPlanListResponse>().data).toEqual(byDefault.data);
      }
  });

  it('refuses bad plans with 400 and field errors, and changes nothing', async () => {
    const before = (
      await admin.client.get('/api/admin/plans?per_page=100', as(admin))
    ).json<AdminPlanListResponse>();
    const bad = await admin.client.post(
      '/api/admin/plans',
      planBody({ name: ' ', category: 'casino', apy_bps: 1.5, duration_days: 0, min_amount: -1 }),
      as(admin),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).errors ?? {}).sort()).toEqual(
      ['apy_bps', 'category', 'duration_days', 'min_amount', 'name'].sort(),
    );
    const rules = await admin.client.post(
      '/api/admin/plans',
      planBody({ apy_bps: 1200, locked_apy_bps: 1000, min_amount: 500, max_amount: 100 }),
      as(admin),
    );
    expect(rules.statusCode).toBe(400);
    expect(errorOf(rules).errors).toEqual({
      locked_apy_bps: ['The locked rate must be at least the plan’s rate.'],
      max_amount: ['The maximum must be at least the minimum.'],
    });
    const existing = await createPlan();
    const duplicate = await admin.client.post(
      '/api/admin/plans',
      planBody({ name: existing.name }),
      as(admin),
    );
    expect(duplicate.statusCode).toBe(400);
    expect(errorOf(duplicate).errors).toEqual({ name: ['A plan with this name already exists.'] });
    // An edit is checked on the whole plan it makes.
    const edit = await admin.client.patch(
      `/api/admin/plans/${existing.id}`,
      { locked_apy_bps: 100 },
      as(admin),
    );
    expect(edit.statusCode).toBe(400);
    expect(errorOf(edit).errors).toEqual({
      locked_apy_bps: ['The locked rate must be at least the plan’s rate.'],
    });
    const empty = await admin.client.patch(`/api/admin/plans/${existing.id}`, {}, as(admin));
    expect(empty.statusCode).toBe(400);
    const after = (
      await admin.client.get('/api/admin/plans?per_page=100', as(admin))
    ).json<AdminPlanListResponse>();
    expect(after.meta.total).toBe(before.meta.total + 1);
    expect(after.data.find((plan) => plan.id === existing.id)).toEqual(existing);
  });

  it('answers 404 for a plan that does not exist', async () => {
    expect((await admin.client.get('/api/admin/plans/999999', as(admin))).statusCode).toBe(404);
    const patch = await admin.client.patch('/api/admin/plans/999999', { status: 'inactive' }, as(admin));
    expect(patch.statusCode).toBe(404);
    expect(errorOf(patch)).toEqual({ message: 'Plan not found.', code: 'NOT_FOUND' });
  });

  it('edits a plan without changing what members already hold (their snapshot)', async () => {
    const plan = await createPlan({ apy_bps: 1000, locked_apy_bps: 1200, duration_days: 30 });
    const member = await fundedMember(app, 500);
    const held = await investIn(member, plan.id, 200);
    const edited = await admin.client.patch(
      `/api/admin/plans/${plan.id}`,
      { name: `${plan.name} (new terms)`, apy_bps: 300, locked_apy_bps: 400, duration_days: 365 },
      as(admin),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AdminPlanResponse>().plan).toMatchObject({ apy_bps: 300, duration_days: 365 });
    const [row] = await db.select().from(userPlans).where(eq(userPlans.id, held.id));
    expect(row).toMatchObject({ name: plan.name, apyBps: 1000, lockedApyBps: 1200, durationDays: 30 });
    const mine = await member.client.get(`/api/pp/${held.id}`, { token: member.token });
    expect(mine.json()).toMatchObject({ apy_bps: 1000 });
    // A day's accrual still pays the snapshot's rate: $200 × 10% / 365 = $0.05.
    const moved = await app.inject({ method: 'POST', url: '/api/dev/clock', payload: { advance_days: 1 } });
    expect(moved.json<{ jobs: string[] }>().jobs).toContain('accrual');
    admin = await signedInAdmin(app);
    member.token = await signIn(member.client, member.email);
    const [accrued] = await db.select().from(userPlans).where(eq(userPlans.id, held.id));
    expect(accrued?.earned).toBe(5);
    // A new investment takes the new terms.
    const fresh = await investIn(member, plan.id, 100);
    expect(fresh).toMatchObject({ apy_bps: 300 });
    const [entry] = await auditOf('plan', plan.id);
    expect(entry?.action).toBe('plan.update');
    expect(entry?.before).toMatchObject({ apy_bps: 1000, locked_apy_bps: 1200, duration_days: 30 });
    expect(entry?.after).toMatchObject({ apy_bps: 300, locked_apy_bps: 400, duration_days: 365 });
    expect(entry?.before).not.toHaveProperty('category');
  });

  it('deactivates and activates: members cannot invest in an inactive plan, audited as such', async () => {
    const plan = await createPlan();
    const off = await admin.client.patch(`/api/admin/plans/${plan.id}`, { status: 'inactive' }, as(admin));
    expect(off.json<AdminPlanResponse>().plan.status).toBe('inactive');
    const member = await fundedMember(app, 300);
    const refused = await member.client.post(
      '/api/invest',
      { plan_id: plan.id, amount: 100 },
      { token: member.token },
    );
    expect(refused.statusCode).toBe(422);
    expect((await auditOf('plan', plan.id))[0]).toMatchObject({
      action: 'plan.deactivate',
      before: { status: 'active' },
      after: { status: 'inactive' },
    });
    await admin.client.patch(`/api/admin/plans/${plan.id}`, { status: 'active' }, as(admin));
    expect((await auditOf('plan', plan.id))[0]?.action).toBe('plan.activate');
    await investIn(member, plan.id, 100);
  });

  it('admits finance and superadmin; refuses support (403), members (403) and no session (401)', async () => {
    const finance = await signInAdminAs(app, 'finance');
    const made = await finance.client.post('/api/admin/plans', planBody(), as(finance));
    expect(made.statusCode, made.body).toBe(201);
    const [entry] = await auditOf('plan', made.json<AdminPlanResponse>().plan.id);
    expect(entry).toMatchObject({ actorId: finance.user.id, actorRole: 'finance' });
    const support = await signInAdminAs(app, 'support');
    const refused = await support.client.post('/api/admin/plans', planBody(), as(support));
    expect(refused.statusCode).toBe(403);
    expect((await support.client.get('/api/admin/loan-plans', as(support))).statusCode).toBe(403);
    const member = await signedInMember(app);
    expect((await member.client.get('/api/admin/plans', as(member))).statusCode).toBe(403);
    expect((await member.client.post('/api/admin/plans', planBody(), as(member))).statusCode).toBe(403);
    expect((await member.client.get('/api/admin/plans')).statusCode).toBe(401);
    expect((await member.client.get('/api/admin/loan-plans', as(member))).statusCode).toBe(403);
  });
});

describe('admin loan plans', () => {
  const loanBody = (overrides: Record<string, unknown> = {}) => {
    counter += 1;
    return {
      name: `Admin Loan ${counter}`,
      category: 'personal',
      rate_bps: 1250,
      interval: 'monthly',
      duration: 12,
      min_amount: 100,
      max_amount: 5_000,
      ...overrides,
    };
  };

  it('creates a loan plan whose rate reads as the spec’s change text; members see it', async () => {
    const created = await admin.client.post('/api/admin/loan-plans', loanBody({ name: 'Bridge' }), as(admin));
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json<AdminLoanPlanResponse>().plan;
    expect(plan).toMatchObject({
      change: '12.5% monthly',
      rate_bps: 1250,
      interval: 'monthly',
      duration: 12,
    });
    const member = await signedInMember(app);
    const list = (await member.client.get('/api/loan-plans', as(member))).json<LoanPlan[]>();
    expect(list.find((item) => item.id === plan.id)).toMatchObject({
      profit_rate: 12.5,
      profit_interval: 'monthly',
    });
    const [entry] = await auditOf('loan_plan', plan.id);
    expect(entry).toMatchObject({ action: 'loan_plan.create', before: null });
  });

  it('validates rate, interval, term and amounts (400 with field errors) and 404s', async () => {
    const bad = await admin.client.post(
      '/api/admin/loan-plans',
      loanBody({ rate_bps: 0, interval: 'yearly', duration: 1001, category: 'mining' }),
      as(admin),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).errors ?? {}).sort()).toEqual([
      'category',
      'duration',
      'interval',
      'rate_bps',
    ]);
    const bounds = await admin.client.post(
      '/api/admin/loan-plans',
      loanBody({ min_amount: 50, max_amount: 10 }),
      as(admin),
    );
    expect(errorOf(bounds).errors).toEqual({ max_amount: ['The maximum must be at least the minimum.'] });
    expect((await admin.client.get('/api/admin/loan-plans/999999', as(admin))).statusCode).toBe(404);
    expect(
      (await admin.client.patch('/api/admin/loan-plans/999999', { status: 'inactive' }, as(admin)))
        .statusCode,
    ).toBe(404);
  });

  it('edits a loan plan; a rate change waits for pending applications (422); loans keep their snapshot', async () => {
    const created = (
      await admin.client.post('/api/admin/loan-plans', loanBody({ rate_bps: 1000 }), as(admin))
    ).json<AdminLoanPlanResponse>().plan;
    const member = await fundedMember(app, 10);
    const application = await applyFor(member, created.id, 200, 6);
    const blocked = await admin.client.patch(
      `/api/admin/loan-plans/${created.id}`,
      { rate_bps: 2000 },
      as(admin),
    );
    expect(blocked.statusCode).toBe(422);
    expect(errorOf(blocked).errors).toHaveProperty('rate_bps');
    // Other fields may change meanwhile.
    const renamed = await admin.client.patch(
      `/api/admin/loan-plans/${created.id}`,
      { description: 'Updated.' },
      as(admin),
    );
    expect(renamed.statusCode).toBe(200);
    await approve(admin, application.id);
    const changed = await admin.client.patch(
      `/api/admin/loan-plans/${created.id}`,
      { rate_bps: 2000, interval: 'weekly', status: 'inactive' },
      as(admin),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json<AdminLoanPlanResponse>().plan).toMatchObject({
      change: '20% weekly',
      status: 'inactive',
    });
    const loans = (await member.client.get('/api/loans', as(member))).json<Array<{ change: string }>>();
    expect(loans[0]?.change).toBe('10% monthly');
    // The approved application reads the terms its loan was made on, for the member and the back office.
    const mine = (await member.client.get('/api/loan-applications', as(member))).json<LoanApplication[]>();
    expect(mine[0]).toMatchObject({ status: 'approved', profit_interval: 'monthly' });
    const detail = (
      await admin.client.get(`/api/admin/loan-applications/${application.id}`, as(admin))
    ).json<AdminLoanApplicationDetailResponse>().application;
    // $200 over 6 months at 10% a year: $10 of profit, $35 a month.
    expect(detail).toMatchObject({ profit_interval: 'monthly', profit: 10, per_period: 35 });
    const queue = (
      await admin.client.get('/api/admin/loan-applications?status=approved', as(admin))
    ).json<AdminLoanApplicationListResponse>();
    expect(queue.data.find((row) => row.id === application.id)).toMatchObject({
      profit: 10,
      per_period: 35,
    });
    const [entry] = await auditOf('loan_plan', created.id);
    expect(entry).toMatchObject({
      action: 'loan_plan.update',
      before: { change: '10% monthly', rate_bps: 1000, interval: 'monthly', status: 'active' },
      after: { change: '20% weekly', rate_bps: 2000, interval: 'weekly', status: 'inactive' },
    });
    const listed = (
      await admin.client.get('/api/admin/loan-plans?status=inactive', as(admin))
    ).json<AdminLoanPlanListResponse>();
    expect(listed.data.map((plan: AdminLoanPlan) => plan.id)).toContain(created.id);
  });
});

describe('a second factor for catalogue changes (decision 211)', () => {
  it('asks for one from the last 10 minutes to add or edit a plan or a loan plan (403, nothing changed)', async () => {
    const plan = await createPlan({ apy_bps: 800, locked_apy_bps: 900 });
    const loanPlanBody = (name: string) => ({
      name,
      category: 'personal',
      rate_bps: 100,
      interval: 'monthly',
      duration: 12,
      min_amount: 100,
      max_amount: 1_000,
    });
    const loanPlan = await admin.client.post(
      '/api/admin/loan-plans',
      loanPlanBody(`Loan for reauth ${Date.now()}`),
      as(admin),
    );
    expect(loanPlan.statusCode, loanPlan.body).toBe(201);
    const loanPlanId = loanPlan.json<AdminLoanPlanResponse>().plan.id;
    const finance = await signInAdminAs(app, 'finance');
    clock.advance(10 * 60_000 + 1000);
    const late = [
      await finance.client.post('/api/admin/plans', planBody({ name: 'Too late' }), as(finance)),
      await finance.client.patch(`/api/admin/plans/${plan.id}`, { apy_bps: 90_000 }, as(finance)),
      await finance.client.post('/api/admin/loan-plans', loanPlanBody('Too late loan'), as(finance)),
    ];
    late.push(
      await finance.client.patch(`/api/admin/loan-plans/${loanPlanId}`, { rate_bps: 5_000 }, as(finance)),
    );
    for (const refused of late) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(errorOf(refused).code).toBe('REAUTH_REQUIRED');
    }
    const offered = (await app.inject('/api/plans')).json<Plan[]>();
    expect(offered.some((p) => p.name === 'Too late')).toBe(false);
    expect(offered.find((p) => p.id === plan.id)?.apy_bps).toBe(800);
    // Reading stays open; a fresh code opens the writes again.
    expect((await finance.client.get('/api/admin/plans', as(finance))).statusCode).toBe(200);
    await finance.reauth();
    const edited = await finance.client.patch(`/api/admin/plans/${plan.id}`, { apy_bps: 850 }, as(finance));
    expect(edited.statusCode, edited.body).toBe(200);
    // The file's other admin signed in before the clock moved: sign in again for the tests after.
    admin = await signedInAdmin(app);
  });
});
