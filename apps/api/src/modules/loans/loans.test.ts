import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { auditLog, ledgerEntries, notifications } from '@app/db';
import { LOAN_DETAIL_PAYMENTS } from '@app/shared';
import type {
  ActivityResponse,
  AdminLoanApplicationListResponse,
  LoanApplication,
  LoanDetail,
  LoanListResponse,
  LoanPlanListResponse,
} from '@app/shared';
import { createTestApp } from '../../../test/helpers';
import { errorOf, mailsTo, signIn } from '../../../test/accounts';
import {
  balanceOf,
  depositThroughSandbox,
  signedInAdmin,
  signedInMember,
  type Member,
} from '../../../test/money';
import { applyFor, applyRequest, approve, createLoanPlan, loanOf } from '../../../test/loans';
import { runLoanCollection } from './loan-collection.service';
import { dueMembers } from './loans.repository';
import { expectBooksBalance } from '../../../test/ledger';

const { app, clock } = await createTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '100000' });
const { db } = app.deps.database;
const admin = await signedInAdmin(app);

/** Moves the pinned clock to `instant` and runs every job, as the scheduler would at that moment. */
async function runJobsAt(instant: string, ...members: Member[]) {
  clock.set(new Date(instant));
  const response = await app.inject({ method: 'POST', url: '/api/dev/clock', payload: {} });
  expect(response.statusCode).toBe(200);
  expect(response.json<{ jobs: string[] }>().jobs).toContain('loan-collection');
  // Sessions end 30 days after sign-in (decision 216): the members of a test sign in again after a jump.
  for (const member of members) member.token = await signIn(member.client, member.email);
}

async function approvedLoan(
  member: Member,
  options: { change?: string; amount?: number; term?: number } = {},
) {
  const plan = await createLoanPlan(app, { change: options.change ?? '12% monthly' });
  const application = await applyFor(member, plan.id, options.amount ?? 1000, options.term ?? 12);
  // Approving money needs a second factor from the last 10 minutes of the test clock, which the tests
  // move: an admin signed in now has that window open.
  const decided = await approve(await signedInAdmin(app), application.id);
  const loanId = decided.application.loan_id;
  if (loanId === null) throw new Error('approved without a loan');
  return { plan, application, loanId };
}

describe('GET /api/loan-plans', () => {
  it('lists the active plans with the rate parsed from change, or nulls when it does not parse', async () => {
    clock.set(new Date('2026-03-02T09:00:00Z'));
    const member = await signedInMember(app);
    const monthly = await createLoanPlan(app, { change: '12% monthly', duration: 12 });
    const daily = await createLoanPlan(app, { change: '0.5% daily', duration: null, category: 'business' });
    const unparsed = await createLoanPlan(app, { change: 'Ask us' });
    const closed = await createLoanPlan(app, { status: 'inactive' });
    expect((await app.inject({ method: 'GET', url: '/api/loan-plans' })).statusCode).toBe(401);
    const response = await member.client.get('/api/loan-plans', { token: member.token });
    expect(response.statusCode).toBe(200);
    const plans = response.json<LoanPlanListResponse>();
    expect(plans.find((plan) => plan.id === monthly.id)).toEqual({
      id: monthly.id,
      name: monthly.name,
      description: 'A test plan.',
      min_amount: 100,
      max_amount: 10_000,
      change: '12% monthly',
      duration: 12,
      category: 'personal',
      profit_rate: 12,
      profit_interval: 'monthly',
    });
    expect(plans.find((plan) => plan.id === daily.id)).toMatchObject({
      profit_rate: 0.5,
      profit_interval: 'daily',
      duration: null,
      category: 'business',
    });
    expect(plans.find((plan) => plan.id === unparsed.id)).toMatchObject({
      profit_rate: null,
      profit_interval: null,
    });
    expect(plans.some((plan) => plan.id === closed.id)).toBe(false);
  });
});

describe('POST /api/loans/apply and the member’s applications', () => {
  it('records a pending application and lists it newest first with its plan', async () => {
    const member = await signedInMember(app);
    const first = await createLoanPlan(app);
    const second = await createLoanPlan(app, { change: '5% weekly' });
    const response = await applyRequest(member, { plan_id: first.id, amount_requested: '1000', term: 12 });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ message: string }>().message).toBe('Loan application submitted successfully!');
    clock.set(new Date(clock.now().getTime() + 1000));
    await applyFor(member, second.id, 500.5, '4');
    const list = await member.client.get('/api/loan-applications', { token: member.token });
    expect(list.statusCode).toBe(200);
    const rows = list.json<LoanApplication[]>();
    expect(
      rows.map((row) => [row.plan_name, row.amount_requested, row.term, row.status, row.profit_interval]),
    ).toEqual([
      [second.name, 500.5, 4, 'pending', 'weekly'],
      [first.name, 1000, 12, 'pending', 'monthly'],
    ]);
    expect(Number.isNaN(Date.parse(rows[0]?.date ?? ''))).toBe(false);
    // Another member sees none of them.
    const other = await signedInMember(app);
    expect((await other.client.get('/api/loan-applications', { token: other.token })).json()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/loan-applications' })).statusCode).toBe(401);
    // Admin tokens are refused by member money routes.
    const byAdmin = await admin.client.post(
      '/api/loans/apply',
      { plan_id: first.id, amount_requested: 500, term: 3 },
      { token: admin.token },
    );
    expect(byAdmin.statusCode).toBe(403);
  });

  it('refuses malformed input with field errors and changes nothing', async () => {
    const member = await signedInMember(app);
    const plan = await createLoanPlan(app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount_requested: 500, term: 3 }, 'plan_id', 'Please select a loan plan first.'],
      [{ plan_id: 'x', amount_requested: 500, term: 3 }, 'plan_id', 'Please select a loan plan first.'],
      [
        { plan_id: plan.id, amount_requested: 'abc', term: 3 },
        'amount_requested',
        'Please enter a valid amount.',
      ],
      [{ plan_id: plan.id, amount_requested: 500, term: 0 }, 'term', 'Please enter a valid term.'],
      [{ plan_id: plan.id, amount_requested: 500, term: 1.5 }, 'term', 'Please enter a valid term.'],
      [{ plan_id: plan.id, amount_requested: 500 }, 'term', 'Please enter a valid term.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await applyRequest(member, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).errors?.[field]).toEqual([message]);
    }
    expect((await member.client.get('/api/loan-applications', { token: member.token })).json()).toEqual([]);
    expect((await app.inject({ method: 'POST', url: '/api/loans/apply', payload: {} })).statusCode).toBe(401);
  });

  it('applies the business rules: bounds with the spec’s message, term, one pending per plan, inactive, verified email', async () => {
    const member = await signedInMember(app);
    const plan = await createLoanPlan(app, { duration: 6 });
    const low = await applyRequest(member, { plan_id: plan.id, amount_requested: 99.99, term: 3 });
    expect(low.statusCode).toBe(422);
    expect(errorOf(low)).toMatchObject({
      message: 'Amount must be between 100 and 10000',
      errors: { amount_requested: ['Amount must be between 100 and 10000'] },
    });
    expect(
      (await applyRequest(member, { plan_id: plan.id, amount_requested: 10_000.01, term: 3 })).statusCode,
    ).toBe(422);
    const long = await applyRequest(member, { plan_id: plan.id, amount_requested: 500, term: 7 });
    expect(long.statusCode).toBe(422);
    expect(errorOf(long)).toMatchObject({
      message: 'The term can be at most 6 months.',
      errors: { term: ['The term can be at most 6 months.'] },
    });
    const daily = await createLoanPlan(app, { duration: 90, change: '0.5% daily' });
    const days = await applyRequest(member, { plan_id: daily.id, amount_requested: 500, term: 91 });
    expect(days.statusCode).toBe(422);
    expect(errorOf(days).errors?.term).toEqual(['The term can be at most 90 days.']);
    expect(
      (await applyRequest(member, { plan_id: daily.id, amount_requested: 500, term: 90 })).statusCode,
    ).toBe(201);
    expect(
      (await applyRequest(member, { plan_id: 2_000_000, amount_requested: 500, term: 3 })).statusCode,
    ).toBe(404);
    await applyFor(member, plan.id, 100, 6);
    const twice = await applyRequest(member, { plan_id: plan.id, amount_requested: 200, term: 2 });
    expect(twice.statusCode).toBe(422);
    expect(errorOf(twice).message).toBe('You already have a pending application for this plan.');
    const closed = await createLoanPlan(app, { status: 'inactive' });
    const inactive = await applyRequest(member, { plan_id: closed.id, amount_requested: 500, term: 3 });
    expect(inactive.statusCode).toBe(422);
    expect(errorOf(inactive).message).toBe('This loan plan is not open for applications.');
    const noRate = await createLoanPlan(app, { change: 'Varies' });
    expect(
      (await applyRequest(member, { plan_id: noRate.id, amount_requested: 500, term: 3 })).statusCode,
    ).toBe(422);
    const unverified = await signedInMember(app, { verified: false });
    const refused = await applyRequest(unverified, { plan_id: plan.id, amount_requested: 500, term: 3 });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('withdraws a pending application; another member’s is a 404; a second withdrawal a 409', async () => {
    const member = await signedInMember(app);
    const other = await signedInMember(app);
    const plan = await createLoanPlan(app);
    const application = await applyFor(member, plan.id, 500, 3);
    const url = `/api/loan-applications/${application.id}/withdraw`;
    expect((await other.client.post(url, undefined, { token: other.token })).statusCode).toBe(404);
    expect(
      (await member.client.post('/api/loan-applications/abc/withdraw', undefined, { token: member.token }))
        .statusCode,
    ).toBe(400);
    const done = await member.client.post(url, undefined, { token: member.token });
    expect(done.statusCode).toBe(200);
    expect(done.json<{ application: LoanApplication }>().application.status).toBe('withdrawn');
    expect((await member.client.post(url, undefined, { token: member.token })).statusCode).toBe(409);
    // The plan is open to a new application again.
    await applyFor(member, plan.id, 600, 3);
  });
});

describe('the admin queue', () => {
  it('refuses member tokens and no session; lists by status; rejects with a reason, audited and notified', async () => {
    const member = await signedInMember(app);
    const plan = await createLoanPlan(app);
    const application = await applyFor(member, plan.id, 500, 3);
    expect(
      (await member.client.get('/api/admin/loan-applications', { token: member.token })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/loan-applications' })).statusCode).toBe(401);
    expect(
      (
        await member.client.post(`/api/admin/loan-applications/${application.id}/approve`, undefined, {
          token: member.token,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await admin.client.get('/api/admin/loan-applications?status=nope', { token: admin.token })).statusCode,
    ).toBe(400);
    const queue = (
      await admin.client.get('/api/admin/loan-applications?status=pending&per_page=100', {
        token: admin.token,
      })
    ).json<AdminLoanApplicationListResponse>();
    expect(queue.data.find((row) => row.id === application.id)).toMatchObject({
      status: 'pending',
      user: { id: member.user.id, email: member.email },
      profit: 15, // 500 × 12% × 3/12
      per_period: 171.67,
    });
    const url = `/api/admin/loan-applications/${application.id}/reject`;
    const blank = await admin.client.post(url, { reason: ' ' }, { token: admin.token });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).errors?.reason).toBeDefined();
    expect(
      (
        await admin.client.post(
          '/api/admin/loan-applications/999999/reject',
          { reason: 'x' },
          { token: admin.token },
        )
      ).statusCode,
    ).toBe(404);
    const rejected = await admin.client.post(url, { reason: 'Income not verified' }, { token: admin.token });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json<{ application: LoanApplication }>().application).toMatchObject({
      status: 'rejected',
      reason: 'Income not verified',
      loan_id: null,
    });
    expect((await admin.client.post(url, { reason: 'again' }, { token: admin.token })).statusCode).toBe(409);
    expect((await balanceOf(member)).balance).toBe(0);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'loan_application.rejected'), eq(auditLog.subjectId, String(application.id))),
      );
    expect(audit).toMatchObject({ actorId: admin.user.id, before: { status: 'pending' } });
    expect(audit?.after).toMatchObject({ status: 'rejected', reason: 'Income not verified' });
    const [notice] = await db.select().from(notifications).where(eq(notifications.userId, member.user.id));
    expect(notice).toMatchObject({ kind: 'loan_rejected', title: 'Loan application rejected' });
    expect(
      (await mailsTo(app, member.email)).some((mail) => mail.subject === 'Loan application rejected'),
    ).toBe(true);
  });

  it('approves: the amount is in the balance at once, the loan has its full schedule, audited and notified', async () => {
    clock.set(new Date('2026-01-31T10:00:00Z'));
    const member = await signedInMember(app);
    const { application, loanId } = await approvedLoan(member);
    const me = await balanceOf(member);
    expect(me).toMatchObject({ balance: 1000, total_deposit: 0, total_earnings: 0 });
    const loan = await loanOf(member, loanId);
    expect(loan).toMatchObject({
      application_id: application.id,
      principal: 1000,
      profit: 120,
      total: 1120,
      term: 12,
      status: 'active',
      outstanding_principal: 1000,
      outstanding_interest: 120,
      next_due_date: '2026-02-28',
      next_due_amount: 93.33,
      overdue: false,
      days_past_due: 0,
      payoff_amount: 1000,
      payoff_waived_interest: 120,
    });
    expect(loan.schedule).toHaveLength(12);
    expect(
      loan.schedule.slice(0, 11).every((row) => row.amount === 93.33 && row.status === 'scheduled'),
    ).toBe(true);
    expect(loan.schedule[11]).toMatchObject({
      number: 12,
      due_date: '2027-01-31',
      amount: 93.37,
      principal: 83.37,
      interest: 10,
    });
    const applications = (await member.client.get('/api/loan-applications', { token: member.token })).json<
      LoanApplication[]
    >();
    expect(applications[0]).toMatchObject({ status: 'approved', loan_id: loanId });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'loan_application.approved'), eq(auditLog.subjectId, String(application.id))),
      );
    expect(audit?.after).toMatchObject({ status: 'approved', loan_id: loanId });
    expect((await mailsTo(app, member.email)).some((mail) => mail.subject === 'Loan approved')).toBe(true);
    // The plan named once: "Personal Loan" is not followed by another "loan".
    const [approvedNotice] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, member.user.id));
    expect(approvedNotice?.body).toBe(
      `Your loan of $1,000.00 from the ${loan.plan_name} plan has been approved and paid into your balance.`,
    );
    const other = await signedInMember(app);
    expect((await other.client.get(`/api/loans/${loanId}`, { token: other.token })).statusCode).toBe(404);
    expect((await other.client.get('/api/loans', { token: other.token })).json()).toEqual([]);
    expect((await member.client.get('/api/loans/x', { token: member.token })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/loans' })).statusCode).toBe(401);
    await expectBooksBalance(db, 'mismatchedLoans');
  });

  it('two approvals racing disburse once: one 200, one 409', async () => {
    const member = await signedInMember(app);
    const plan = await createLoanPlan(app);
    const application = await applyFor(member, plan.id, 2500, 6);
    const admin = await signedInAdmin(app);
    const second = await signedInAdmin(app);
    expect(
      (
        await admin.client.post('/api/admin/loan-applications/999999/approve', undefined, {
          token: admin.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await admin.client.post('/api/admin/loan-applications/x/approve', undefined, { token: admin.token }))
        .statusCode,
    ).toBe(400);
    const url = `/api/admin/loan-applications/${application.id}/approve`;
    const answers = await Promise.all([
      admin.client.post(url, undefined, { token: admin.token }),
      second.client.post(url, undefined, { token: second.token }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await balanceOf(member)).balance).toBe(2500);
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, member.user.id), eq(ledgerEntries.kind, 'loan_disbursement')));
    expect(entries).toHaveLength(1);
    await expectBooksBalance(db, 'mismatchedLoans');
  });
});

describe('collection', () => {
  it('collects each instalment on its due date over a year, then the loan is completed and notified', async () => {
    clock.set(new Date('2026-01-31T10:00:00Z'));
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 200);
    const { loanId, application } = await approvedLoan(member);
    expect((await balanceOf(member)).balance).toBe(1200);
    await runJobsAt('2026-02-27T23:59:00Z', member);
    expect((await loanOf(member, loanId)).payments).toEqual([]);
    await runJobsAt('2026-02-28T00:00:30Z', member);
    let loan = await loanOf(member, loanId);
    expect(loan.schedule[0]).toMatchObject({ status: 'paid', paid_principal: 83.33, paid_interest: 10 });
    expect(loan).toMatchObject({
      paid_principal: 83.33,
      paid_interest: 10,
      next_due_date: '2026-03-31',
      overdue: false,
    });
    expect((await balanceOf(member)).balance).toBe(1106.67);
    const activity = await member.client.get('/api/activity?per_page=5', { token: member.token });
    expect(activity.json<ActivityResponse>().data.slice(0, 2)).toEqual([
      expect.objectContaining({
        type: 'loan_payment',
        amount: -93.33,
        description: 'Loan instalment 1 paid',
      }),
      expect.objectContaining({
        type: 'loan_disbursement',
        amount: 1000,
        description: expect.stringMatching(/^Loan disbursed: Loan plan /),
      }),
    ]);
    const payments = await member.client.get('/api/activity?type=loan_payment', { token: member.token });
    expect(payments.json<ActivityResponse>().data).toHaveLength(1);
    // Running again the same day collects nothing more.
    await runJobsAt('2026-02-28T12:00:00Z', member);
    expect((await balanceOf(member)).balance).toBe(1106.67);
    for (const day of [
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
    ]) {
      await runJobsAt(`${day}T01:00:00Z`, member);
    }
    loan = await loanOf(member, loanId);
    expect(loan.schedule.filter((row) => row.status === 'paid')).toHaveLength(11);
    await runJobsAt('2027-01-31T01:00:00Z', member);
    loan = await loanOf(member, loanId);
    expect(loan).toMatchObject({
      status: 'completed',
      paid_principal: 1000,
      paid_interest: 120,
      outstanding_principal: 0,
      outstanding_interest: 0,
      next_due_date: null,
      payoff_amount: 0,
    });
    expect(loan.payments).toHaveLength(12);
    expect((await balanceOf(member)).balance).toBe(80); // 1200 − 1120
    const applications = (await member.client.get('/api/loan-applications', { token: member.token })).json<
      LoanApplication[]
    >();
    expect(applications.find((row) => row.id === application.id)?.status).toBe('completed');
    expect((await mailsTo(app, member.email)).some((mail) => mail.subject === 'Loan repaid')).toBe(true);
    await expectBooksBalance(db, 'mismatchedLoans');
  });

  it('short of cash: collects what there is, interest first, shows the loan overdue with days, tells the member once, catches up when money arrives', async () => {
    clock.set(new Date('2026-03-02T09:00:00Z'));
    const member = await signedInMember(app);
    const { loanId } = await approvedLoan(member);
    // Spend the loan: move all but 5.00 to a pending withdrawal (held money is never touched).
    const held = await member.client.post(
      '/api/withdrawal',
      { amount: 995, withdrawal_method: 'crypto', destination: 'wallet' },
      { token: member.token },
    );
    expect(held.statusCode).toBe(201);
    await runJobsAt('2026-04-02T00:10:00Z', member);
    let loan = await loanOf(member, loanId);
    expect(loan.schedule[0]).toMatchObject({
      status: 'due',
      paid_interest: 5,
      paid_principal: 0,
      outstanding: 88.33,
    });
    expect((await balanceOf(member)).balance).toBe(0);
    expect(loan.overdue).toBe(false);
    await runJobsAt('2026-04-05T08:00:00Z', member);
    loan = await loanOf(member, loanId);
    expect(loan).toMatchObject({ overdue: true, overdue_amount: 88.33, days_past_due: 3 });
    expect(loan.schedule[0]?.status).toBe('overdue');
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.user.id), eq(notifications.kind, 'loan_payment_missed')));
    expect(told).toHaveLength(1);
    // Told, and no cash to collect from: the minute's run leaves the member alone until money arrives.
    expect(await dueMembers(db, '2026-04-05', member.user.id - 1, 10)).not.toContain(member.user.id);
    // Money arrives: the next run collects the overdue instalment, interest then principal.
    await depositThroughSandbox(member, 50);
    expect(await dueMembers(db, '2026-04-05', member.user.id - 1, 10)).toContain(member.user.id);
    await runJobsAt('2026-04-05T08:01:00Z', member);
    loan = await loanOf(member, loanId);
    expect(loan.schedule[0]).toMatchObject({ paid_interest: 10, paid_principal: 45, outstanding: 38.33 });
    await depositThroughSandbox(member, 100);
    await runJobsAt('2026-04-05T08:02:00Z', member);
    loan = await loanOf(member, loanId);
    expect(loan).toMatchObject({
      overdue: false,
      overdue_amount: 0,
      days_past_due: 0,
      next_due_date: '2026-05-02',
    });
    expect((await balanceOf(member)).balance).toBe(61.67);
    expect(loan.payments.map((payment) => payment.amount)).toEqual([38.33, 50, 5]);
    // Activity says which collections paid only part of the instalment (es and ar: activity-text.test.ts).
    const activity = await member.client.get('/api/activity?type=loan_payment', { token: member.token });
    expect(activity.json<ActivityResponse>().data.map((row) => [row.amount, row.description])).toEqual([
      [-38.33, 'Loan instalment 1 paid'],
      [-50, 'Part of loan instalment 1 paid'],
      [-5, 'Part of loan instalment 1 paid'],
    ]);
    await expectBooksBalance(db, 'mismatchedLoans');
  });

  it('catches up after downtime: every instalment due while down is collected, oldest first', async () => {
    clock.set(new Date('2026-03-02T09:00:00Z'));
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 100);
    const { loanId } = await approvedLoan(member, { change: '5% weekly', amount: 520, term: 10 });
    await runJobsAt('2026-04-06T09:00:00Z', member); // five weeks later
    const loan = await loanOf(member, loanId);
    expect(loan.schedule.map((row) => row.status)).toEqual([
      'paid',
      'paid',
      'paid',
      'paid',
      'paid',
      'scheduled',
      'scheduled',
      'scheduled',
      'scheduled',
      'scheduled',
    ]);
    expect((await balanceOf(member)).balance).toBe(620 - 5 * 52.5);
    await expectBooksBalance(db, 'mismatchedLoans');
  });

  it('two nodes running the job at once collect once', async () => {
    clock.set(new Date('2026-03-02T09:00:00Z'));
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 10);
    const { loanId } = await approvedLoan(member, { change: '0.5% daily', amount: 365, term: 5 });
    const at = new Date('2026-03-09T00:30:00Z');
    const runs = await Promise.all([
      runLoanCollection({ database: app.deps.database, mailer: app.deps.mailer }, at),
      runLoanCollection({ database: app.deps.database, mailer: app.deps.mailer }, at),
    ]);
    clock.set(at);
    const loan = await loanOf(member, loanId);
    expect(loan.status).toBe('completed');
    expect(loan.payments).toHaveLength(5);
    expect(runs.reduce((sum, run) => sum + run.payments, 0)).toBeGreaterThanOrEqual(5);
    const entries = await db
      .select()
      .from(ledgerEntries)
      .where(like(ledgerEntries.reference, `loan:${loanId}:instalment:%`));
    expect(entries).toHaveLength(5);
    // 365 × 0.5% × 5/365 = 0.025 → 0.02 (half-even): 10 + 365 − 365.02
    expect((await balanceOf(member)).balance).toBe(9.98);
    await expectBooksBalance(db, 'mismatchedLoans');
  });

  it("a loan's detail carries its newest 20 payments; Activity keeps them all", async () => {
    clock.set(new Date('2026-03-02T09:00:00Z'));
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 10);
    const { loanId } = await approvedLoan(member, { change: '0.5% daily', amount: 365, term: 24 });
    await runJobsAt('2026-03-27T09:00:00Z', member); // all 24 daily instalments due: one run pays each
    const loan = await loanOf(member, loanId);
    expect(loan.schedule.every((row) => row.status === 'paid')).toBe(true);
    expect(loan.payments).toHaveLength(LOAN_DETAIL_PAYMENTS);
    // Newest first: one run wrote them all at one instant, so the last instalment paid leads.
    expect(loan.payments.map((payment) => payment.instalment_number)).toEqual(
      Array.from({ length: 20 }, (_, index) => 24 - index),
    );
    const activity = await member.client.get('/api/activity?type=loan_payment&per_page=10', {
      token: member.token,
    });
    expect(activity.json<ActivityResponse>().meta.total).toBe(24);
  });
});

describe('POST /api/loans/:id/repay', () => {
  it('repays the outstanding principal and the interest already due; future interest is waived', async () => {
    clock.set(new Date('2026-03-02T09:00:00Z'));
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 100);
    const { loanId } = await approvedLoan(member);
    await runJobsAt('2026-04-02T09:00:00Z', member); // first instalment collected: 93.33
    const before = await loanOf(member, loanId);
    expect(before).toMatchObject({ payoff_amount: 916.67, payoff_waived_interest: 110 });
    const other = await signedInMember(app);
    expect(
      (await other.client.post(`/api/loans/${loanId}/repay`, undefined, { token: other.token })).statusCode,
    ).toBe(404);
    const response = await member.client.post(`/api/loans/${loanId}/repay`, undefined, {
      token: member.token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const loan = response.json<{ message: string; loan: LoanDetail }>();
    expect(loan.message).toBe('Loan repaid in full.');
    expect(loan.loan).toMatchObject({
      status: 'completed',
      outstanding_principal: 0,
      outstanding_interest: 0,
      paid_interest: 10,
      // The $120 of the schedule: $10 paid, the rest never charged.
      waived_interest: 110,
    });
    expect(loan.loan.schedule.slice(1).every((row) => row.status === 'repaid_early')).toBe(true);
    expect((await balanceOf(member)).balance).toBe(1100 - 93.33 - 916.67);
    expect(
      (await member.client.post('/api/loans/0/repay', undefined, { token: member.token })).statusCode,
    ).toBe(400);
    const again = await member.client.post(`/api/loans/${loanId}/repay`, undefined, { token: member.token });
    expect(again.statusCode).toBe(422);
    // Nothing is collected afterwards.
    await runJobsAt('2026-06-02T09:00:00Z', member);
    expect((await balanceOf(member)).balance).toBe(90);
    await expectBooksBalance(db, 'mismatchedLoans');
  });

  it('takes exactly the amount the member confirmed: one that changed meanwhile is a 409 and moves nothing', async () => {
    clock.set(new Date('2026-03-02T09:00:00Z'));
    const member = await signedInMember(app);
    await depositThroughSandbox(member, 100);
    const { loanId } = await approvedLoan(member);
    const repay = (body: unknown) =>
      member.client.post(`/api/loans/${loanId}/repay`, body, { token: member.token });
    // Ten seconds before the first instalment is due: the payoff is the principal alone.
    clock.set(new Date('2026-04-01T23:59:50Z'));
    member.token = await signIn(member.client, member.email); // a month on: a fresh session (decision 216)
    const shown = await loanOf(member, loanId);
    expect(shown).toMatchObject({ payoff_amount: 1000, payoff_waived_interest: 120 });
    for (const bad of [{ expected_amount: 'abc' }, { expected_amount: 0 }, { expected_amount: '1000.001' }]) {
      const refused = await repay(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(errorOf(refused).errors?.expected_amount).toHaveLength(1);
    }
    // The member confirms at 00:00:05: the first instalment's interest is due now, no longer waived.
    clock.set(new Date('2026-04-02T00:00:05Z'));
    const changed = await repay({ expected_amount: shown.payoff_amount });
    expect(changed.statusCode).toBe(409);
    expect(errorOf(changed).message).toBe(
      'The amount to repay has changed. Check the new amount and confirm again.',
    );
    expect((await balanceOf(member)).balance).toBe(1100);
    const now = await loanOf(member, loanId);
    expect(now).toMatchObject({ status: 'active', payoff_amount: 1010, payoff_waived_interest: 110 });
    const paid = await repay({ expected_amount: '1010.00' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await balanceOf(member)).balance).toBe(90);
    await expectBooksBalance(db, 'mismatchedLoans');
  });

  it('refuses when the balance does not cover it and changes nothing', async () => {
    clock.set(new Date('2026-03-02T09:00:00Z'));
    const member = await signedInMember(app);
    const { loanId } = await approvedLoan(member);
    const held = await member.client.post(
      '/api/withdrawal',
      { amount: 10, withdrawal_method: 'crypto', destination: 'wallet' },
      { token: member.token },
    );
    expect(held.statusCode).toBe(201);
    const response = await member.client.post(`/api/loans/${loanId}/repay`, undefined, {
      token: member.token,
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).message).toBe('Insufficient balance to repay this loan.');
    expect((await loanOf(member, loanId)).status).toBe('active');
    expect((await balanceOf(member)).balance).toBe(990);
    const list = (await member.client.get('/api/loans', { token: member.token })).json<LoanListResponse>();
    expect(list.map((row) => row.id)).toEqual([loanId]);
  });
});
