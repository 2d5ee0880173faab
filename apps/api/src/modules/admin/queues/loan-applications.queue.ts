import type { AuthUser, LoanApplicationRow, LoanPlanRow } from '@app/db';
import {
  LOAN_MESSAGES,
  ageSeconds,
  centsToMajor,
  loanEstimate,
  parseLoanChange,
  type AdminLoanApplication,
  type AdminLoanApplicationDetailResponse,
  type AdminLoanApplicationListResponse,
  type LoanApplicationStatus,
  type QueueFilters,
} from '@app/shared';
import type { AppDeps } from '../../../deps';
import { AppError } from '../../../errors';
import { ADMIN_QUEUE_PAGE_SIZE, pageMeta } from '../../../lib/paging';
import { lastDecision } from '../../audit/audit.service';
import { findUserById } from '../../auth/account.service';
import {
  approveApplication,
  findApplication,
  applicationTerms,
  loansOfApplications,
  lockApplication,
  rejectApplication,
  toApplication,
  type ApplicationLoan,
  type DecidedApplication,
} from '../../loans/loan-applications.service';
import { findLoanPlan, loanPlansByIds } from '../../loans/loan-plans.service';
import {
  decideQueueItem,
  decisionActions,
  rejection,
  type QueueDefinition,
  type QueueMember,
} from './decision-flow';
import { applicationsQueue, queueMemberSummary, selectQueuePageWithTotals } from './queue-pages';

/** The loan applications queue (decision 166): an admin approves (the loan is disbursed) or rejects. */

/** An application as the back office reads it; an approved one with the terms its loan was made on. */
function toAdminApplication(
  row: LoanApplicationRow,
  plan: LoanPlanRow | null,
  loan: ApplicationLoan | null,
  user: QueueMember,
  now: Date,
): AdminLoanApplication {
  const terms = applicationTerms(plan, loan);
  const estimate = loanEstimate(row.amountRequested, row.term, parseLoanChange(terms?.change));
  // Object.assign, not a spread followed by new keys: a queue row's cost (decision 138).
  return Object.assign(toApplication(row, plan, loan), {
    user,
    decided_at: row.decidedAt?.toISOString() ?? null,
    profit: estimate ? centsToMajor(estimate.profit) : null,
    per_period: estimate ? centsToMajor(estimate.perPeriod) : null,
    age_seconds: ageSeconds(row.createdAt, now),
  });
}

export const loanApplicationDecisions: QueueDefinition<
  LoanApplicationRow,
  DecidedApplication,
  AdminLoanApplication
> = {
  queue: 'loan_applications',
  subjectType: 'loan_application',
  actions: {
    approved: 'loan_application.approved',
    rejected: 'loan_application.rejected',
    cancelled: 'loan_application.withdrawn',
  },
  messages: {
    notFound: LOAN_MESSAGES.applicationNotFound,
    notPending: LOAN_MESSAGES.notPending,
    approved: LOAN_MESSAGES.approved,
    rejected: LOAN_MESSAGES.rejected,
  },
  lock: lockApplication,
  amount: (application) => application.amountRequested,
  approve: (tx, _deps, application, admin, now) => approveApplication(tx, application, admin.id, now),
  reject: (tx, _deps, application, reason, admin, now) =>
    rejectApplication(tx, application, reason, admin.id, now),
  auditState: (row) => ({ status: row.status, reason: row.reason, decided_by: row.decidedBy }),
  auditExtra: ({ loan }) => ({ loan_id: loan?.id ?? null }),
  notification: ({ row, plan, loan }, outcome) =>
    loan
      ? {
          kind: 'loan_approved',
          message: { key: 'loan_approved', params: { plan: plan.name, amount: row.amountRequested } },
          reference: `loan_application:${row.id}:approved`,
          mail: true,
        }
      : {
          kind: 'loan_rejected',
          message: {
            key: 'loan_rejected',
            params: {
              plan: plan.name,
              amount: row.amountRequested,
              reason: outcome.status === 'rejected' ? outcome.reason : '',
            },
          },
          reference: `loan_application:${row.id}:rejected`,
          mail: true,
        },
  view: async (_db, row, member, now, decided) =>
    toAdminApplication(row, decided?.plan ?? null, decided?.loan ?? null, member, now),
};

const DECISION_ACTIONS = decisionActions(loanApplicationDecisions.actions);

/** GET /api/admin/loan-applications: filtered, pending oldest first, with the queue's totals. */
export async function adminListLoanApplications(
  deps: AppDeps,
  filters: QueueFilters<LoanApplicationStatus>,
): Promise<AdminLoanApplicationListResponse> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const perPage = filters.per_page ?? ADMIN_QUEUE_PAGE_SIZE;
  const { rows, total, totals } = await selectQueuePageWithTotals<LoanApplicationRow>(
    db,
    'loan_applications',
    applicationsQueue,
    filters,
    perPage,
  );
  const plans = new Map(
    (await loanPlansByIds(db, [...new Set(rows.map(({ row }) => row.planId))])).map((plan) => [
      plan.id,
      plan,
    ]),
  );
  const loans = await loansOfApplications(
    db,
    rows.map(({ row }) => row.id),
  );
  return {
    data: rows.map(({ row, member }) =>
      toAdminApplication(row, plans.get(row.planId) ?? null, loans.get(row.id) ?? null, member, now),
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
  const row = await findApplication(db, id);
  if (!row) throw AppError.notFound(LOAN_MESSAGES.applicationNotFound);
  const plan = await findLoanPlan(db, row.planId);
  const loans = await loansOfApplications(db, [row.id]);
  const member = await findUserById(db, row.userId);
  return {
    application: toAdminApplication(
      row,
      plan,
      loans.get(row.id) ?? null,
      { id: row.userId, username: member?.username ?? '', email: member?.email ?? '' },
      deps.clock.now(),
    ),
    member: await queueMemberSummary(db, row.userId),
    decision:
      row.status === 'pending' ? null : await lastDecision(db, 'loan_application', row.id, DECISION_ACTIONS),
  };
}

/** An admin approves: the amount is paid into the balance and the schedule is created. */
export function adminApproveLoanApplication(deps: AppDeps, admin: AuthUser, id: number, ip: string) {
  return decideQueueItem(deps, loanApplicationDecisions, admin, id, ip, { status: 'approved' });
}

/** An admin rejects with a reason (a code of the list and free text); the member reads it. */
export function adminRejectLoanApplication(
  deps: AppDeps,
  admin: AuthUser,
  id: number,
  input: { reason: string; reason_code?: string | undefined },
  ip: string,
) {
  return decideQueueItem(
    deps,
    loanApplicationDecisions,
    admin,
    id,
    ip,
    rejection(loanApplicationDecisions.queue, input),
  );
}
