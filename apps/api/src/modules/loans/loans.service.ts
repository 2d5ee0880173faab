import type { AuthUser, DbOrTx, LoanInstalmentRow, LoanRow, Tx } from '@app/db';
import {
  LOAN_DETAIL_PAYMENTS,
  LOAN_LIST_LIMIT,
  LOAN_MESSAGES,
  centsToMajor,
  loanRatePercent,
  type InstalmentStatus,
  type Loan,
  type LoanDetail,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { Mailer } from '../../integrations/mail/mailer';
import { lockUserBalances } from '../../ledger/bulk-entries';
import { InsufficientFundsError, postEntry, type Posting } from '../../ledger/ledger';
import { findUserById } from '../auth/account.service';
import { notify } from '../notifications/notifications.service';
import * as repository from './loans.repository';

/**
 * A member's loans (DESIGN §6 "Loans"): read with their schedule, repaid early (decision 082). Plans
 * are loan-plans.service.ts, applications loan-applications.service.ts, the collection job
 * loan-collection.service.ts.
 */

/** The UTC calendar date (YYYY-MM-DD) of an instant: the day instalments fall due on. */
export const utcDate = (instant: Date): string => instant.toISOString().slice(0, 10);

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export const outstandingOf = (row: LoanInstalmentRow) => ({
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
    waived_interest: centsToMajor(loan.waivedInterest),
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

/**
 * GET /api/loans: every active loan of the member and the newest LOAN_LIST_LIMIT completed ones, newest
 * first, each with its schedule's figures (decision 219); the data export asks for every one (`limit`
 * null).
 */
export async function listLoans(
  deps: AppDeps,
  userId: number,
  limit: number | null = LOAN_LIST_LIMIT,
): Promise<Loan[]> {
  const { db } = deps.database;
  const loans = await repository.listUserLoans(db, userId, limit);
  // Each loan's instalments, found by its id (the rows come in loan order, then number).
  const instalments = new Map<number, LoanInstalmentRow[]>();
  for (const row of await repository.instalmentsOf(
    db,
    loans.map((loan) => loan.id),
  )) {
    const rows = instalments.get(row.loanId);
    if (rows) rows.push(row);
    else instalments.set(row.loanId, [row]);
  }
  const today = utcDate(deps.clock.now());
  return loans.map((loan) => toLoan(loan, instalments.get(loan.id) ?? [], today));
}

async function loanDetail(db: DbOrTx, loan: LoanRow, today: string): Promise<LoanDetail> {
  const instalments = await repository.instalmentsOf(db, [loan.id]);
  const payments = await repository.newestPayments(db, loan.id, LOAN_DETAIL_PAYMENTS);
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
export async function repayLoan(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  /** The payoff in cents the member confirmed; another figure today refuses (409) and moves nothing. */
  expected?: number,
): Promise<LoanDetail> {
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
      if (expected !== undefined && expected !== payoff.principal + payoff.interest)
        throw new AppError('CONFLICT', LOAN_MESSAGES.payoffChanged, {
          expected_amount: [LOAN_MESSAGES.payoffChanged],
        });
      await postPayoff(tx, loan, payoff, now);
      await settleInstalments(tx, instalments, today, now);
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

/** The early repayment's ledger entry (cash → loan, cash → interest_income) and its payment row. */
async function postPayoff(
  tx: Tx,
  loan: LoanRow,
  payoff: ReturnType<typeof payoffOf>,
  now: Date,
): Promise<void> {
  const postings: Posting[] = [
    { account: { userId: loan.userId, kind: 'cash' }, amount: -(payoff.principal + payoff.interest) },
  ];
  if (payoff.principal > 0)
    postings.push({ account: { userId: loan.userId, kind: 'loan' }, amount: payoff.principal });
  if (payoff.interest > 0)
    postings.push({ account: { platform: 'interest_income' }, amount: payoff.interest });
  if (postings.length === 1) return;
  const { entryId } = await postEntry(
    tx,
    {
      kind: 'loan_payment',
      reference: `loan:${loan.id}:repay`,
      userId: loan.userId,
      metadata: { loan_id: loan.id, early_repayment: true, waived_interest: payoff.waived },
      postings,
    },
    now,
  );
  await repository.insertPayments(tx, [
    {
      loanId: loan.id,
      userId: loan.userId,
      kind: 'early_repayment',
      instalmentNumber: null,
      principal: payoff.principal,
      interest: payoff.interest,
      entryId,
      createdAt: now,
    },
  ]);
}

/** An early repayment closes every open instalment: those due are paid, the others' interest waived. */
async function settleInstalments(
  tx: Tx,
  instalments: LoanInstalmentRow[],
  today: string,
  now: Date,
): Promise<void> {
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
}

export async function notifyCompleted(
  tx: Tx,
  deps: { mailer: Mailer },
  loan: LoanRow,
  now: Date,
): Promise<void> {
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
