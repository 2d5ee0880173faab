import type {
  AuthUser,
  Database,
  DbOrTx,
  LoanApplicationRow,
  LoanInstalmentRow,
  LoanPlanRow,
  LoanRow,
  Tx,
} from '@app/db';
import {
  LOAN_MESSAGES,
  loanLimitProblem,
  centsToMajor,
  loanEstimate,
  loanRatePercent,
  loanSchedule,
  parseLoanChange,
  splitPayment,
  ageSeconds,
  rejectionText,
  type AdminLoanApplication,
  type AdminLoanApplicationDetailResponse,
  type AdminLoanApplicationListResponse,
  type QueueFilters,
  type InstalmentStatus,
  type Loan,
  type LoanApplication,
  type LoanApplicationStatus,
  type LoanApplyResponse,
  type LoanDetail,
  type LoanPlan,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { Mailer } from '../../integrations/mail/mailer';
import { lockUserBalances, postEntriesBulk, type BulkEntry } from '../../ledger/bulk';
import { InsufficientFundsError, postEntry, transfer, type Posting } from '../../ledger/ledger';
import { ADMIN_QUEUE_PAGE_SIZE, pageMeta } from '../../lib/paging';
import { recordAudit } from '../admin/audit.service';
import { alreadyDecided, lastDecision, queueMemberSummary } from '../admin/queues';
import { findUserById, requireVerifiedEmail } from '../auth/account.service';
import { notify } from '../notifications/notifications.service';
import * as repository from './loans.repository';

/** The UTC calendar date (YYYY-MM-DD) of an instant: the day instalments fall due on. */
export const utcDate = (instant: Date): string => instant.toISOString().slice(0, 10);

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

// ── Plans ────────────────────────────────────────────────────────────────────────────────────
export function toLoanPlan(row: LoanPlanRow): LoanPlan {
  const rate = parseLoanChange(row.change);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    min_amount: centsToMajor(row.minAmount),
    max_amount: centsToMajor(row.maxAmount),
    change: row.change,
    duration: row.duration,
    category: row.category,
    profit_rate: rate ? loanRatePercent(rate.rateBps) : null,
    profit_interval: rate?.interval ?? null,
  };
}

export async function listLoanPlans(db: DbOrTx): Promise<LoanPlan[]> {
  return (await repository.listActivePlans(db)).map(toLoanPlan);
}

export interface NewLoanPlanInput {
  name: string;
  description: string;
  category: string;
  change: string;
  duration: number | null;
  minAmountCents: number;
  maxAmountCents: number;
  status?: 'active' | 'inactive';
  sortOrder?: number;
}

export function createLoanPlan(db: DbOrTx, input: NewLoanPlanInput, now: Date): Promise<LoanPlanRow> {
  return repository.insertPlan(db, {
    name: input.name,
    description: input.description,
    category: input.category,
    change: input.change,
    duration: input.duration,
    minAmount: input.minAmountCents,
    maxAmount: input.maxAmountCents,
    status: input.status ?? 'active',
    sortOrder: input.sortOrder ?? 0,
    createdAt: now,
    updatedAt: now,
  });
}

const dollars = (major: number) => major * 100;

/** The starting catalogue (docs/decisions/082-loan-plans-and-early-repayment.md). */
export const LOAN_PLAN_CATALOGUE: NewLoanPlanInput[] = [
  {
    name: 'Personal Loan',
    description: 'Borrow for life’s plans and repay in equal monthly instalments.',
    category: 'personal',
    change: '12% monthly',
    duration: 24,
    minAmountCents: dollars(100),
    maxAmountCents: dollars(10_000),
  },
  {
    name: 'Quick Cash',
    description: 'A short loan repaid day by day.',
    category: 'personal',
    change: '0.5% daily',
    duration: 90,
    minAmountCents: dollars(50),
    maxAmountCents: dollars(2_000),
  },
  {
    name: 'Business Working Capital',
    description: 'Weekly repayments that follow your company’s cash flow.',
    category: 'business',
    change: '5% weekly',
    duration: null,
    minAmountCents: dollars(1_000),
    maxAmountCents: dollars(100_000),
  },
  {
    name: 'Business Expansion',
    description: 'Larger sums over a longer term, repaid monthly.',
    category: 'business',
    change: '9% monthly',
    duration: null,
    minAmountCents: dollars(5_000),
    maxAmountCents: dollars(500_000),
  },
];

/** Seeds the loan catalogue on a database without loan plans; answers how many were added. */
export async function seedLoanPlanCatalogue(db: DbOrTx, now: Date): Promise<number> {
  if ((await repository.countPlans(db)) > 0) return 0;
  let order = 0;
  for (const plan of LOAN_PLAN_CATALOGUE) {
    order += 10;
    await createLoanPlan(db, { ...plan, sortOrder: plan.sortOrder ?? order }, now);
  }
  return LOAN_PLAN_CATALOGUE.length;
}

// ── Applications ─────────────────────────────────────────────────────────────────────────────
function toApplication(
  row: LoanApplicationRow,
  plan: { name: string; change: string } | null,
  loanId: number | null,
): LoanApplication {
  return {
    id: row.id,
    plan_id: row.planId,
    plan_name: plan?.name ?? null,
    amount_requested: centsToMajor(row.amountRequested),
    term: row.term,
    profit_interval: parseLoanChange(plan?.change)?.interval ?? null,
    status: row.status,
    reason: row.reason,
    loan_id: loanId,
    date: row.createdAt.toISOString(),
  };
}

/**
 * POST /api/loans/apply: a verified member asks for an amount within the plan's bounds over a term
 * the plan allows; at most one pending application per member and plan (a unique index decides).
 */
export async function applyForLoan(
  deps: AppDeps,
  user: AuthUser,
  input: { plan_id: number; amount_requested: number; term: number },
): Promise<LoanApplyResponse> {
  requireVerifiedEmail(user);
  const { db } = deps.database;
  const now = deps.clock.now();
  const plan = await repository.findPlan(db, input.plan_id);
  if (!plan) throw AppError.notFound(LOAN_MESSAGES.planNotFound);
  if (plan.status !== 'active')
    throw new AppError('BUSINESS_RULE', LOAN_MESSAGES.planInactive, {
      plan_id: [LOAN_MESSAGES.planInactive],
    });
  const limits = { minCents: plan.minAmount, maxCents: plan.maxAmount, duration: plan.duration };
  const problem = loanLimitProblem(limits, input.amount_requested, input.term);
  if (problem) {
    const message =
      problem.field === 'term'
        ? LOAN_MESSAGES.termTooLong(problem.maxTerm, parseLoanChange(plan.change)?.interval ?? null)
        : LOAN_MESSAGES.outOfRange(centsToMajor(problem.min), centsToMajor(problem.max));
    throw new AppError('BUSINESS_RULE', message, { [problem.field]: [message] });
  }
  if (!loanEstimate(input.amount_requested, input.term, parseLoanChange(plan.change)))
    throw new AppError('BUSINESS_RULE', LOAN_MESSAGES.noEstimate, { plan_id: [LOAN_MESSAGES.noEstimate] });
  const row = await repository.insertApplication(db, {
    userId: user.id,
    planId: plan.id,
    amountRequested: input.amount_requested,
    term: input.term,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
  });
  if (!row)
    throw new AppError('BUSINESS_RULE', LOAN_MESSAGES.alreadyPending, {
      plan_id: [LOAN_MESSAGES.alreadyPending],
    });
  return { message: LOAN_MESSAGES.submitted, application: toApplication(row, plan, null) };
}

/** GET /api/loan-applications: the member's, newest first. */
export async function listApplications(deps: AppDeps, userId: number): Promise<LoanApplication[]> {
  const rows = await repository.listUserApplications(deps.database.db, userId);
  return rows.map(({ row, planName, change, loanId }) =>
    toApplication(row, planName === null ? null : { name: planName, change: change ?? '' }, loanId),
  );
}

/** POST /api/loan-applications/:id/withdraw: the member takes back a pending application. */
export async function withdrawApplication(
  deps: AppDeps,
  userId: number,
  id: number,
): Promise<LoanApplication> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const row = await repository.lockApplication(tx, id);
    if (!row || row.userId !== userId) throw AppError.notFound(LOAN_MESSAGES.applicationNotFound);
    if (row.status !== 'pending') throw new AppError('CONFLICT', LOAN_MESSAGES.notPending);
    const updated = await repository.updateApplication(tx, id, { status: 'withdrawn', updatedAt: now });
    const plan = await repository.findPlan(tx, row.planId);
    return toApplication(updated, plan, null);
  });
}

// ── Admin ────────────────────────────────────────────────────────────────────────────────────
function toAdminApplication(
  row: LoanApplicationRow,
  plan: LoanPlanRow | null,
  loanId: number | null,
  user: { id: number; username: string; email: string },
  now: Date,
): AdminLoanApplication {
  const estimate = loanEstimate(row.amountRequested, row.term, parseLoanChange(plan?.change));
  // Object.assign, not a spread followed by new keys: a queue row's cost (decision 138).
  return Object.assign(toApplication(row, plan, loanId), {
    user,
    decided_at: row.decidedAt?.toISOString() ?? null,
    profit: estimate ? centsToMajor(estimate.profit) : null,
    per_period: estimate ? centsToMajor(estimate.perPeriod) : null,
    age_seconds: ageSeconds(row.createdAt, now),
  });
}

const DECISION_ACTIONS = ['loan_application.approved', 'loan_application.rejected'];

/** GET /api/admin/loan-applications: filtered, pending oldest first, with the queue's totals. */
export async function adminListLoanApplications(
  deps: AppDeps,
  filters: QueueFilters<LoanApplicationStatus>,
): Promise<AdminLoanApplicationListResponse> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const perPage = filters.per_page ?? ADMIN_QUEUE_PAGE_SIZE;
  const { rows, total, totals } = await repository.listApplicationsWithUsers(db, filters, perPage);
  const plans = new Map(
    (await repository.plansByIds(db, [...new Set(rows.map(({ row }) => row.planId))])).map((plan) => [
      plan.id,
      plan,
    ]),
  );
  const loanIds = await repository.loanIdsOfApplications(
    db,
    rows.map(({ row }) => row.id),
  );
  return {
    data: rows.map(({ row, member }) =>
      toAdminApplication(row, plans.get(row.planId) ?? null, loanIds.get(row.id) ?? null, member, now),
    ),
    meta: pageMeta(filters.page, perPage, total),
    totals,
  };
}

/** GET /api/admin/loan-applications/:id: the application, the member's summary and the decision if any. */
export async function adminLoanApplicationDetail(
  deps: AppDeps,
  id: number,
): Promise<AdminLoanApplicationDetailResponse> {
  const { db } = deps.database;
  const row = await repository.findApplication(db, id);
  if (!row) throw AppError.notFound(LOAN_MESSAGES.applicationNotFound);
  const plan = await repository.findPlan(db, row.planId);
  const loanIds = await repository.loanIdsOfApplications(db, [row.id]);
  const member = await findUserById(db, row.userId);
  return {
    application: toAdminApplication(
      row,
      plan,
      loanIds.get(row.id) ?? null,
      { id: row.userId, username: member?.username ?? '', email: member?.email ?? '' },
      deps.clock.now(),
    ),
    member: await queueMemberSummary(db, row.userId),
    decision:
      row.status === 'pending' ? null : await lastDecision(db, 'loan_application', row.id, DECISION_ACTIONS),
  };
}

/**
 * Disburses an approved application in the caller's transaction: the loan, its schedule (asserted to
 * sum to the amount and the profit) and the ledger entry loan → cash (DESIGN §5).
 */
async function disburse(
  tx: Tx,
  application: LoanApplicationRow,
  plan: LoanPlanRow,
  now: Date,
): Promise<LoanRow> {
  const rate = parseLoanChange(plan.change);
  const estimate = loanEstimate(application.amountRequested, application.term, rate);
  const schedule = loanSchedule(application.amountRequested, application.term, rate, utcDate(now));
  if (!rate || !estimate || !schedule)
    throw new AppError('BUSINESS_RULE', LOAN_MESSAGES.noEstimate, { plan_id: [LOAN_MESSAGES.noEstimate] });
  const loan = await repository.insertLoan(tx, {
    applicationId: application.id,
    userId: application.userId,
    planId: plan.id,
    planName: plan.name,
    change: plan.change,
    rateBps: rate.rateBps,
    interval: rate.interval,
    term: application.term,
    principal: application.amountRequested,
    profit: estimate.profit,
    status: 'active',
    disbursedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await repository.insertInstalments(
    tx,
    schedule.map((row) => ({
      loanId: loan.id,
      number: row.number,
      userId: loan.userId,
      dueDate: row.dueDate,
      principal: row.principal,
      interest: row.interest,
    })),
  );
  const sums = await repository.scheduleSums(tx, loan.id);
  if (sums.count !== loan.term || sums.principal !== loan.principal || sums.interest !== loan.profit)
    throw new Error(`loan ${loan.id}: the stored schedule does not sum to its principal and profit`);
  await postEntry(
    tx,
    {
      kind: 'loan_disbursement',
      reference: `loan:${loan.id}:disburse`,
      userId: loan.userId,
      metadata: { loan_id: loan.id, application_id: application.id, plan_name: plan.name },
      postings: transfer(
        { userId: loan.userId, kind: 'loan' },
        { userId: loan.userId, kind: 'cash' },
        loan.principal,
      ),
    },
    now,
  );
  return loan;
}

async function decide(
  deps: AppDeps,
  admin: AuthUser,
  id: number,
  ip: string,
  outcome: { status: 'approved' } | { status: 'rejected'; reason: string; reasonCode: string | null },
): Promise<AdminLoanApplication> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const application = await repository.lockApplication(tx, id);
    if (!application) throw AppError.notFound(LOAN_MESSAGES.applicationNotFound);
    if (application.status !== 'pending') {
      throw await alreadyDecided(
        tx,
        'loan_application',
        application.id,
        DECISION_ACTIONS,
        LOAN_MESSAGES.notPending,
        application.status,
      );
    }
    const plan = await repository.findPlan(tx, application.planId);
    if (!plan) throw AppError.notFound(LOAN_MESSAGES.planNotFound);
    const loan = outcome.status === 'approved' ? await disburse(tx, application, plan, now) : null;
    const updated = await repository.updateApplication(tx, application.id, {
      status: outcome.status,
      reason: outcome.status === 'rejected' ? outcome.reason : null,
      decidedBy: admin.id,
      decidedAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.adminRole,
      action: `loan_application.${outcome.status}`,
      subjectType: 'loan_application',
      subjectId: String(application.id),
      before: { status: application.status, reason: application.reason, decided_by: application.decidedBy },
      after: {
        status: updated.status,
        reason: updated.reason,
        decided_by: updated.decidedBy,
        loan_id: loan?.id ?? null,
        amount: centsToMajor(application.amountRequested),
        ...(outcome.status === 'rejected' ? { reason_code: outcome.reasonCode } : {}),
      },
      reason: outcome.status === 'rejected' ? outcome.reason : null,
      ip,
      createdAt: now,
    });
    const member = await findUserById(tx, application.userId);
    if (member) {
      const amount = application.amountRequested;
      await notify(
        tx,
        deps,
        loan
          ? {
              user: member,
              kind: 'loan_approved',
              message: { key: 'loan_approved', params: { plan: plan.name, amount } },
              reference: `loan_application:${application.id}:approved`,
              mail: true,
            }
          : {
              user: member,
              kind: 'loan_rejected',
              message: {
                key: 'loan_rejected',
                params: {
                  plan: plan.name,
                  amount,
                  reason: outcome.status === 'rejected' ? outcome.reason : '',
                },
              },
              reference: `loan_application:${application.id}:rejected`,
              mail: true,
            },
        now,
      );
    }
    return toAdminApplication(
      updated,
      plan,
      loan?.id ?? null,
      member ?? { id: application.userId, username: '', email: '' },
      now,
    );
  });
}

export const adminApproveLoanApplication = (deps: AppDeps, admin: AuthUser, id: number, ip: string) =>
  decide(deps, admin, id, ip, { status: 'approved' });

/** An admin rejects with a reason (a code of the list and free text); the member reads it. */
export const adminRejectLoanApplication = (
  deps: AppDeps,
  admin: AuthUser,
  id: number,
  input: { reason: string; reason_code?: string | undefined },
  ip: string,
) =>
  decide(deps, admin, id, ip, {
    status: 'rejected',
    reason: rejectionText('loan_applications', input.reason_code, input.reason),
    reasonCode: input.reason_code ?? null,
  });

// ── Loans ────────────────────────────────────────────────────────────────────────────────────
const outstandingOf = (row: LoanInstalmentRow) => ({
  principal: row.principal - row.paidPrincipal,
  interest: row.interest - row.paidInterest,
});

function instalmentStatus(row: LoanInstalmentRow, today: string): InstalmentStatus {
  if (row.status === 'paid') return 'paid';
  if (row.status === 'waived') return 'repaid_early';
  if (row.dueDate < today) return 'overdue';
  if (row.dueDate === today) return 'due';
  return row.paidPrincipal + row.paidInterest > 0 ? 'partially_paid' : 'scheduled';
}

/** What an early repayment takes today: outstanding principal + interest of instalments due; the rest is waived. */
function payoffOf(loan: LoanRow, instalments: LoanInstalmentRow[], today: string) {
  let dueInterest = 0;
  let futureInterest = 0;
  for (const row of instalments) {
    if (row.status !== 'open') continue;
    const { interest } = outstandingOf(row);
    if (row.dueDate <= today) dueInterest += interest;
    else futureInterest += interest;
  }
  return { principal: loan.principal - loan.paidPrincipal, interest: dueInterest, waived: futureInterest };
}

export function toLoan(loan: LoanRow, instalments: LoanInstalmentRow[], today: string): Loan {
  const open = instalments.filter((row) => row.status === 'open');
  const next = open[0];
  const late = open.filter((row) => row.dueDate < today);
  const overdueAmount = late.reduce((sum, row) => {
    const { principal, interest } = outstandingOf(row);
    return sum + principal + interest;
  }, 0);
  const payoff = payoffOf(loan, instalments, today);
  const active = loan.status === 'active';
  return {
    id: loan.id,
    application_id: loan.applicationId,
    plan_id: loan.planId,
    plan_name: loan.planName,
    principal: centsToMajor(loan.principal),
    profit: centsToMajor(loan.profit),
    total: centsToMajor(loan.principal + loan.profit),
    term: loan.term,
    profit_interval: loan.interval,
    rate: loanRatePercent(loan.rateBps),
    change: loan.change,
    status: loan.status,
    disbursed_at: loan.disbursedAt.toISOString(),
    completed_at: loan.completedAt?.toISOString() ?? null,
    paid_principal: centsToMajor(loan.paidPrincipal),
    paid_interest: centsToMajor(loan.paidInterest),
    outstanding_principal: centsToMajor(loan.principal - loan.paidPrincipal),
    outstanding_interest: centsToMajor(loan.profit - loan.paidInterest - loan.waivedInterest),
    next_due_date: next?.dueDate ?? null,
    next_due_amount: next ? centsToMajor(outstandingOf(next).principal + outstandingOf(next).interest) : null,
    overdue: late.length > 0,
    overdue_amount: centsToMajor(overdueAmount),
    days_past_due: late[0] ? daysBetween(late[0].dueDate, today) : 0,
    payoff_amount: active ? centsToMajor(payoff.principal + payoff.interest) : 0,
    payoff_waived_interest: active ? centsToMajor(payoff.waived) : 0,
  };
}

export async function listLoans(deps: AppDeps, userId: number): Promise<Loan[]> {
  const { db } = deps.database;
  const loans = await repository.listUserLoans(db, userId);
  const instalments = await repository.instalmentsOf(
    db,
    loans.map((loan) => loan.id),
  );
  const today = utcDate(deps.clock.now());
  return loans.map((loan) =>
    toLoan(
      loan,
      instalments.filter((row) => row.loanId === loan.id),
      today,
    ),
  );
}

async function loanDetail(db: DbOrTx, loan: LoanRow, today: string): Promise<LoanDetail> {
  const instalments = await repository.instalmentsOf(db, [loan.id]);
  const payments = await repository.paymentsOf(db, loan.id);
  return {
    ...toLoan(loan, instalments, today),
    schedule: instalments.map((row) => {
      const { principal, interest } = outstandingOf(row);
      return {
        number: row.number,
        due_date: row.dueDate,
        amount: centsToMajor(row.principal + row.interest),
        principal: centsToMajor(row.principal),
        interest: centsToMajor(row.interest),
        paid_principal: centsToMajor(row.paidPrincipal),
        paid_interest: centsToMajor(row.paidInterest),
        outstanding: row.status === 'open' ? centsToMajor(principal + interest) : 0,
        status: instalmentStatus(row, today),
        paid_at: row.paidAt?.toISOString() ?? null,
      };
    }),
    payments: payments.map((row) => ({
      id: row.id,
      kind: row.kind,
      instalment_number: row.instalmentNumber,
      principal: centsToMajor(row.principal),
      interest: centsToMajor(row.interest),
      amount: centsToMajor(row.principal + row.interest),
      date: row.createdAt.toISOString(),
    })),
  };
}

/** GET /api/loans/:id: another member's loan is a 404. */
export async function getLoan(deps: AppDeps, userId: number, id: number): Promise<LoanDetail> {
  const { db } = deps.database;
  const loan = await repository.findUserLoan(db, userId, id);
  if (!loan) throw AppError.notFound(LOAN_MESSAGES.loanNotFound);
  return loanDetail(db, loan, utcDate(deps.clock.now()));
}

/**
 * POST /api/loans/:id/repay: pays the outstanding principal and the interest of instalments already
 * due, in one entry; the interest of instalments not yet due is waived (decision 082). The member's
 * cash account is locked first, as the collection job does, so the two never deadlock.
 */
export async function repayLoan(deps: AppDeps, user: AuthUser, id: number): Promise<LoanDetail> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const today = utcDate(now);
  try {
    return await db.transaction(async (tx) => {
      await lockUserBalances(tx, [user.id], 'cash', now);
      const loan = await repository.lockUserLoan(tx, user.id, id);
      if (!loan) throw AppError.notFound(LOAN_MESSAGES.loanNotFound);
      if (loan.status !== 'active') throw new AppError('BUSINESS_RULE', LOAN_MESSAGES.notActive);
      const instalments = await repository.lockInstalments(tx, loan.id);
      const payoff = payoffOf(loan, instalments, today);
      const postings: Posting[] = [
        { account: { userId: user.id, kind: 'cash' }, amount: -(payoff.principal + payoff.interest) },
      ];
      if (payoff.principal > 0)
        postings.push({ account: { userId: user.id, kind: 'loan' }, amount: payoff.principal });
      if (payoff.interest > 0)
        postings.push({ account: { platform: 'interest_income' }, amount: payoff.interest });
      if (postings.length > 1) {
        const { entryId } = await postEntry(
          tx,
          {
            kind: 'loan_payment',
            reference: `loan:${loan.id}:repay`,
            userId: user.id,
            metadata: { loan_id: loan.id, early_repayment: true, waived_interest: payoff.waived },
            postings,
          },
          now,
        );
        await repository.insertPayments(tx, [
          {
            loanId: loan.id,
            userId: user.id,
            kind: 'early_repayment',
            instalmentNumber: null,
            principal: payoff.principal,
            interest: payoff.interest,
            entryId,
            createdAt: now,
          },
        ]);
      }
      await repository.updateInstalments(
        tx,
        instalments
          .filter((row) => row.status === 'open')
          .map((row) => {
            const due = row.dueDate <= today;
            return {
              loan_id: row.loanId,
              number: row.number,
              paid_principal: row.principal,
              paid_interest: due ? row.interest : row.paidInterest,
              status: due ? ('paid' as const) : ('waived' as const),
              paid_at: now.toISOString(),
              shortfall_notified_at: null,
            };
          }),
      );
      const updated = await repository.updateLoan(tx, loan.id, {
        paidPrincipal: loan.principal,
        paidInterest: loan.paidInterest + payoff.interest,
        waivedInterest: loan.waivedInterest + payoff.waived,
        status: 'completed',
        completedAt: now,
        updatedAt: now,
      });
      await repository.markApplicationsCompleted(tx, [loan.applicationId], now);
      await notifyCompleted(tx, deps, updated, now);
      return loanDetail(tx, updated, today);
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      throw new AppError('INSUFFICIENT_FUNDS', LOAN_MESSAGES.insufficientFunds);
    throw error;
  }
}

async function notifyCompleted(tx: Tx, deps: { mailer: Mailer }, loan: LoanRow, now: Date): Promise<void> {
  const member = await findUserById(tx, loan.userId);
  if (!member) return;
  await notify(
    tx,
    deps,
    {
      user: member,
      kind: 'loan_completed',
      message: { key: 'loan_completed', params: { plan: loan.planName, amount: loan.principal } },
      reference: `loan:${loan.id}:completed`,
      mail: true,
    },
    now,
  );
}

// ── Collection ───────────────────────────────────────────────────────────────────────────────
export const COLLECTION_BATCH_MEMBERS = 5_000;

export interface CollectionRun {
  /** Payments made (one per instalment and run that collected something). */
  payments: number;
  /** Cents collected. */
  collected: number;
  completed: number;
  /** Instalments left with something owed after their due date's collection. */
  short: number;
}

/**
 * The collection job (DESIGN §6, decisions 081 and 083): every open instalment due on or before today,
 * oldest first per member, is collected from the member's cash (cash → loan for the principal part,
 * cash → interest_income for the interest part); when cash is short what there is is taken, interest
 * first, and the rest is retried on the next run. Invested and held money are never touched. Set-based
 * in batches of members; idempotent by references that name the instalment and what it is paid
 * through (`loan:12:instalment:3:paid:9333`).
 */
export async function runLoanCollection(
  deps: { database: Database; mailer: Mailer },
  now: Date,
  batchMembers = COLLECTION_BATCH_MEMBERS,
): Promise<CollectionRun> {
  const { db } = deps.database;
  const today = utcDate(now);
  const run: CollectionRun = { payments: 0, collected: 0, completed: 0, short: 0 };
  let cursor = 0;
  for (;;) {
    const members = await repository.dueMembers(db, today, cursor, batchMembers);
    if (members.length === 0) break;
    cursor = members[members.length - 1] ?? cursor;
    await db.transaction((tx) => collectBatch(tx, deps.mailer, members, today, now, run));
  }
  return run;
}

async function collectBatch(
  tx: Tx,
  mailer: Mailer,
  members: number[],
  today: string,
  now: Date,
  run: CollectionRun,
): Promise<void> {
  const balances = await lockUserBalances(tx, members, 'cash', now);
  const due = await repository.lockDueInstalments(tx, members, today);
  const entries: BulkEntry[] = [];
  const planned: { row: LoanInstalmentRow; principal: number; interest: number; reference: string }[] = [];
  const shortfalls: LoanInstalmentRow[] = [];
  for (const row of due) {
    const available = balances.get(row.userId) ?? 0;
    const pay = splitPayment(available, outstandingOf(row));
    const paying = pay.principal + pay.interest;
    const owedAfter = row.principal + row.interest - row.paidPrincipal - row.paidInterest - paying;
    if (owedAfter > 0 && !row.shortfallNotifiedAt) shortfalls.push(row);
    if (paying === 0) continue;
    balances.set(row.userId, available - paying);
    const paidThrough = row.paidPrincipal + row.paidInterest + paying;
    const reference = `loan:${row.loanId}:instalment:${row.number}:paid:${paidThrough}`;
    const postings: BulkEntry['postings'] = [
      { account: { userId: row.userId, kind: 'cash' }, amount: -paying },
    ];
    if (pay.principal > 0)
      postings.push({ account: { userId: row.userId, kind: 'loan' }, amount: pay.principal });
    if (pay.interest > 0) postings.push({ account: { platform: 'interest_income' }, amount: pay.interest });
    entries.push({
      kind: 'loan_payment',
      reference,
      userId: row.userId,
      metadata: {
        loan_id: row.loanId,
        instalment: row.number,
        principal: pay.principal,
        interest: pay.interest,
      },
      postings,
    });
    planned.push({ row, ...pay, reference });
  }
  const created = await postEntriesBulk(tx, entries, now);
  const updates: repository.InstalmentUpdate[] = [];
  const payments: repository.NewLoanPayment[] = [];
  const loanTotals = new Map<number, { id: number; principal: number; interest: number }>();
  for (const { row, principal, interest, reference } of planned) {
    const entryId = created.get(reference);
    if (entryId === undefined) continue; // written by another run already: its rows were updated with it
    const paidPrincipal = row.paidPrincipal + principal;
    const paidInterest = row.paidInterest + interest;
    const full = paidPrincipal === row.principal && paidInterest === row.interest;
    updates.push({
      loan_id: row.loanId,
      number: row.number,
      paid_principal: paidPrincipal,
      paid_interest: paidInterest,
      status: full ? 'paid' : 'open',
      paid_at: full ? now.toISOString() : null,
      shortfall_notified_at: null,
    });
    payments.push({
      loanId: row.loanId,
      userId: row.userId,
      kind: 'instalment',
      instalmentNumber: row.number,
      principal,
      interest,
      entryId,
      createdAt: now,
    });
    const totals = loanTotals.get(row.loanId) ?? { id: row.loanId, principal: 0, interest: 0 };
    totals.principal += principal;
    totals.interest += interest;
    loanTotals.set(row.loanId, totals);
    run.payments += 1;
    run.collected += principal + interest;
  }
  for (const row of shortfalls) {
    const member = await findUserById(tx, row.userId);
    if (member) {
      await notify(
        tx,
        { mailer },
        {
          user: member,
          kind: 'loan_payment_missed',
          message: {
            key: 'loan_payment_missed',
            params: { amount: row.principal + row.interest, due: row.dueDate },
          },
          reference: `loan:${row.loanId}:instalment:${row.number}:shortfall`,
          mail: true,
        },
        now,
      );
    }
    const planned = updates.find((update) => update.loan_id === row.loanId && update.number === row.number);
    if (planned) planned.shortfall_notified_at = now.toISOString();
    else
      updates.push({
        loan_id: row.loanId,
        number: row.number,
        paid_principal: row.paidPrincipal,
        paid_interest: row.paidInterest,
        status: 'open',
        paid_at: null,
        shortfall_notified_at: now.toISOString(),
      });
    run.short += 1;
  }
  await repository.updateInstalments(tx, updates);
  await repository.insertPayments(tx, payments);
  const completed = await repository.addLoanPayments(tx, [...loanTotals.values()], now);
  await repository.markApplicationsCompleted(
    tx,
    completed.map((loan) => loan.applicationId),
    now,
  );
  for (const loan of completed) await notifyCompleted(tx, { mailer }, loan, now);
  run.completed += completed.length;
}
