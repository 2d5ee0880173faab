import type { AuthUser, DbOrTx, LoanApplicationRow, LoanPlanRow, LoanRow, Tx } from '@app/db';
import {
  LOAN_LIST_LIMIT,
  LOAN_MESSAGES,
  alreadyDecidedMessage,
  centsToMajor,
  loanEstimate,
  loanLimitProblem,
  loanSchedule,
  parseLoanChange,
  type LoanApplication,
  type LoanApplyResponse,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { postEntry, transfer } from '../../ledger/ledger';
import { holdActiveMember, requireVerifiedEmail } from '../auth/account.service';
import { recordMemberCancel } from '../notifications/member-cancel';
import * as repository from './loans.repository';
import { utcDate } from './loans.service';

/**
 * Loan applications (DESIGN §6 "Loans"): a member applies and may withdraw while it is pending; the
 * back office approves (the loan is disbursed) or rejects through its decision flow (decision 166).
 */

/** A plan's name and its rate and interval as the back office wrote them (`change`). */
export interface LoanTerms {
  name: string;
  change: string;
}

/** The loan an approved application became, with the terms it was made on. */
export interface ApplicationLoan {
  id: number;
  planName: string;
  change: string;
}

/**
 * The terms an application shows: its loan's once it has one (the plan may have been edited since the
 * approval), else its plan's as they stand.
 */
export function applicationTerms(plan: LoanTerms | null, loan: ApplicationLoan | null): LoanTerms | null {
  return loan ? { name: loan.planName, change: loan.change } : plan;
}

export function toApplication(
  row: LoanApplicationRow,
  plan: LoanTerms | null,
  loan: ApplicationLoan | null,
): LoanApplication {
  const terms = applicationTerms(plan, loan);
  return {
    id: row.id,
    plan_id: row.planId,
    plan_name: terms?.name ?? null,
    amount_requested: centsToMajor(row.amountRequested),
    term: row.term,
    profit_interval: parseLoanChange(terms?.change)?.interval ?? null,
    status: row.status,
    reason: row.reason,
    loan_id: loan?.id ?? null,
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
  const now = deps.clock.now();
  // One transaction: the plan stays as it was checked until the application is written (sharePlan).
  return deps.database.db.transaction(async (tx) => {
    await holdActiveMember(tx, user.id);
    const plan = await applicablePlan(tx, input);
    const row = await repository.insertApplication(tx, {
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
  });
}

/** The loan plan applied for, held until the transaction ends, if the amount and term fit it. */
async function applicablePlan(
  tx: Tx,
  input: { plan_id: number; amount_requested: number; term: number },
): Promise<LoanPlanRow> {
  const plan = await repository.sharePlan(tx, input.plan_id);
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
  return plan;
}

/**
 * GET /api/loan-applications: every pending application of the member and the newest LOAN_LIST_LIMIT
 * decided or withdrawn ones, newest first (decision 219); the data export asks for every one (`limit`
 * null).
 */
export async function listApplications(
  deps: AppDeps,
  userId: number,
  limit: number | null = LOAN_LIST_LIMIT,
): Promise<LoanApplication[]> {
  const rows = await repository.listUserApplications(deps.database.db, userId, limit);
  return rows.map(({ row, planName, change, loan }) =>
    toApplication(row, planName === null ? null : { name: planName, change: change ?? '' }, loan),
  );
}

/**
 * POST /api/loan-applications/:id/withdraw: the member takes back a pending application (decision
 * 174). The row is locked FOR UPDATE as the back office's decision locks it: whoever comes first wins
 * and the other reads the status it left (409).
 */
export async function withdrawApplication(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  ip: string,
): Promise<LoanApplication> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const row = await repository.lockApplication(tx, id);
    if (!row || row.userId !== user.id) throw AppError.notFound(LOAN_MESSAGES.applicationNotFound);
    if (row.status !== 'pending')
      throw new AppError('CONFLICT', alreadyDecidedMessage('loan application', row.status));
    const updated = await repository.updateApplication(tx, id, {
      status: 'withdrawn',
      decidedAt: now,
      updatedAt: now,
    });
    const plan = await repository.findPlan(tx, row.planId);
    await recordMemberCancel(
      tx,
      deps,
      {
        user,
        subjectType: 'loan_application',
        subjectId: row.id,
        action: 'loan_application.withdrawn',
        before: { status: row.status },
        after: { status: updated.status, amount: centsToMajor(row.amountRequested) },
        ip,
        notice: {
          kind: 'loan_application_cancelled',
          message: {
            key: 'loan_application_cancelled',
            params: { plan: plan?.name ?? '', amount: row.amountRequested },
          },
          reference: `loan_application:${row.id}:withdrawn`,
        },
      },
      now,
    );
    return toApplication(updated, plan, null);
  });
}

// ── The back office's decision (its decision flow, decision 166) ─────────────────────────────────

/** One application, any member's (the back office reads it). */
export function findApplication(db: DbOrTx, id: number): Promise<LoanApplicationRow | null> {
  return repository.findApplication(db, id);
}

/** One application locked FOR UPDATE in the caller's transaction (the back office decides on it). */
export function lockApplication(tx: Tx, id: number): Promise<LoanApplicationRow | null> {
  return repository.lockApplication(tx, id);
}

/** The loans the applications of these ids became, with their terms, by application id. */
export function loansOfApplications(db: DbOrTx, ids: number[]): Promise<Map<number, ApplicationLoan>> {
  return repository.loansOfApplications(db, ids);
}

/** A decided application with its plan and, when approved, its loan. */
export interface DecidedApplication {
  row: LoanApplicationRow;
  plan: LoanPlanRow;
  loan: LoanRow | null;
}

/** An admin approves a locked pending application: the loan is disbursed in the caller's transaction. */
export async function approveApplication(
  tx: Tx,
  application: LoanApplicationRow,
  adminId: number,
  now: Date,
): Promise<DecidedApplication> {
  const plan = await planOf(tx, application);
  const loan = await disburse(tx, application, plan, now);
  const row = await decided(tx, application, { status: 'approved', reason: null }, adminId, now);
  return { row, plan, loan };
}

/** An admin rejects a locked pending application with a reason; the member reads it. */
export async function rejectApplication(
  tx: Tx,
  application: LoanApplicationRow,
  reason: string,
  adminId: number,
  now: Date,
): Promise<DecidedApplication> {
  const plan = await planOf(tx, application);
  const row = await decided(tx, application, { status: 'rejected', reason }, adminId, now);
  return { row, plan, loan: null };
}

async function planOf(tx: Tx, application: LoanApplicationRow): Promise<LoanPlanRow> {
  const plan = await repository.findPlan(tx, application.planId);
  if (!plan) throw AppError.notFound(LOAN_MESSAGES.planNotFound);
  return plan;
}

function decided(
  tx: Tx,
  application: LoanApplicationRow,
  outcome: { status: 'approved' | 'rejected'; reason: string | null },
  adminId: number,
  now: Date,
): Promise<LoanApplicationRow> {
  return repository.updateApplication(tx, application.id, {
    status: outcome.status,
    reason: outcome.reason,
    decidedBy: adminId,
    decidedAt: now,
    updatedAt: now,
  });
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
