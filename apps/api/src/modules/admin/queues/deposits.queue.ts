import { eq } from 'drizzle-orm';
import { type AuthUser, type DbOrTx, type DepositRow, deposits } from '@app/db';
import {
  DEPOSIT_MESSAGES,
  QUEUE_MESSAGES,
  ageSeconds,
  centsToMajor,
  type AdminDeposit,
  type AdminDepositDetailResponse,
  type AdminDepositListResponse,
  type DepositStatus,
  type QueueFilters,
} from '@app/shared';
import type { AppDeps } from '../../../deps';
import { AppError } from '../../../errors';
import { ADMIN_QUEUE_PAGE_SIZE, pageMeta } from '../../../lib/paging';
import { lastDecision } from '../../audit/audit.service';
import { findUserById } from '../../auth/account.service';
import { isoDate } from '../../../lib/iso-date';
import { fourEyesThresholdDollars } from '../../settings/four-eyes';
import {
  bankConfirmedInWindow,
  bankConfirmedInWindowForDecision,
  checkBankEvidence,
  confirmBankTransfer,
  recordFirstConfirmation,
  rejectBankTransfer,
} from '../../deposits/deposit-crediting.service';
import { findDeposit, lockDeposit, toDeposit } from '../../deposits/deposits.service';
import {
  decideQueueItem,
  decisionActions,
  rejection,
  type ApprovalEvidence,
  type QueueDefinition,
  type QueueMember,
} from './decision-flow';
import { depositsQueue, queueMemberSummary, selectQueuePageWithTotals, usernamesOf } from './queue-pages';

/**
 * The bank-transfer deposits queue (decision 166): an admin confirms (credited) or rejects; above the
 * four-eyes threshold (the transfer with the member's transfers confirmed in the last day) a first
 * confirmation is recorded and a second, different admin's credits it (decision 235).
 */

function toAdminDeposit(
  row: DepositRow,
  user: QueueMember,
  now: Date,
  firstApprover: string | null,
): AdminDeposit {
  // Object.assign, not a spread followed by new keys: a queue row's cost (decision 138).
  return Object.assign(toDeposit(row), {
    user,
    rejection_reason: row.rejectionReason,
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    age_seconds: ageSeconds(row.createdAt, now),
    first_approval:
      row.firstApprovedBy !== null && row.firstApprovedAt
        ? { by: { id: row.firstApprovedBy, username: firstApprover ?? '' }, at: isoDate(row.firstApprovedAt) }
        : null,
    awaiting_second_approval: row.status === 'pending' && row.firstApprovedBy !== null,
    // Shown once decided: a second admin finds the statement line without the first one's reference.
    bank_reference: row.status === 'pending' ? null : row.bankReference,
  });
}

/** Rows with their first confirmer's username (one query for the page). */
async function withFirstApprovers(
  db: DbOrTx,
  rows: { row: DepositRow; member: QueueMember }[],
  now: Date,
): Promise<AdminDeposit[]> {
  const ids = new Set(rows.flatMap(({ row }) => (row.firstApprovedBy === null ? [] : [row.firstApprovedBy])));
  const names = await usernamesOf(db, [...ids]);
  return rows.map(({ row, member }) =>
    toAdminDeposit(
      row,
      member,
      now,
      row.firstApprovedBy === null ? null : (names.get(row.firstApprovedBy) ?? null),
    ),
  );
}

export const depositDecisions: QueueDefinition<DepositRow, { row: DepositRow }, AdminDeposit> = {
  queue: 'deposits',
  subjectType: 'deposit',
  actions: {
    approved: 'deposit.confirmed',
    rejected: 'deposit.rejected',
    firstApproval: 'deposit.first_approval',
    cancelled: 'deposit.cancelled',
  },
  messages: {
    notFound: DEPOSIT_MESSAGES.notFound,
    notPending: DEPOSIT_MESSAGES.notPending,
    approved: DEPOSIT_MESSAGES.confirmed,
    rejected: DEPOSIT_MESSAGES.rejected,
  },
  lock: lockDeposit,
  refuse: (deposit) =>
    deposit.method === 'bank_transfer'
      ? null
      : new AppError('BUSINESS_RULE', 'Gateway deposits are confirmed by the gateway’s notification.'),
  amount: (deposit) => deposit.amount,
  // The statement line the admin matched (decision 237): its amount and a reference no other used.
  checkApproval: (tx, _deps, deposit, approval) => checkBankEvidence(tx, deposit, evidenceOf(approval)),
  fourEyes: {
    firstApprovedBy: (deposit) => deposit.firstApprovedBy,
    paidBefore: (tx, deposit, now) => bankConfirmedInWindowForDecision(tx, deposit.userId, now),
    recordFirstApproval: (tx, deposit, admin, now, approval) =>
      recordFirstConfirmation(tx, deposit, admin.id, now, evidenceOf(approval).reference),
    firstApprovalRecorded: QUEUE_MESSAGES.firstConfirmationRecorded,
    // Two admins must name the same statement line: another reference takes the first one's place.
    agrees: (deposit, approval) => deposit.bankReference === evidenceOf(approval).reference,
    firstApprovalReplaced: DEPOSIT_MESSAGES.firstConfirmationReplaced,
    windowAuditKey: 'confirmed_last_day',
  },
  approve: async (tx, deps, deposit, _admin, now, approval) => ({
    row: await confirmBankTransfer(tx, deps, deposit, now, evidenceOf(approval).reference),
  }),
  reject: async (tx, deps, deposit, reason, _admin, now) => ({
    row: await rejectBankTransfer(tx, deps, deposit, reason, now),
  }),
  auditState: (row) => ({
    status: row.status,
    credited: row.credited,
    reason: row.rejectionReason,
    first_approved_by: row.firstApprovedBy,
    bank_reference: row.bankReference,
  }),
  // No notification here: the crediting path tells the member (deposit_confirmed, deposit_rejected),
  // as it does when a gateway credits.
  view: async (db, row, member, now) => (await withFirstApprovers(db, [{ row, member }], now))[0]!,
};

const DECISION_ACTIONS = decisionActions(depositDecisions.actions);

/** The statement line of a confirmation: the route always sends it (DepositConfirmRequest). */
function evidenceOf(approval: { evidence?: ApprovalEvidence }): ApprovalEvidence {
  if (!approval.evidence) throw new Error('a bank transfer is confirmed with its statement line');
  return approval.evidence;
}

/** GET /api/admin/deposits: filtered (?method=bank_transfer: the bank deposits queue), pending oldest first. */
export async function adminListDeposits(
  deps: AppDeps,
  filters: QueueFilters<DepositStatus> & { method?: DepositRow['method'] | undefined },
): Promise<AdminDepositListResponse> {
  const { db } = deps.database;
  const perPage = filters.per_page ?? ADMIN_QUEUE_PAGE_SIZE;
  const now = deps.clock.now();
  const extra = filters.method ? [eq(deposits.method, filters.method)] : [];
  // The queue's running totals count pending bank transfers: the count of that view, the default one.
  const { rows, total, totals } = await selectQueuePageWithTotals<DepositRow>(
    db,
    'deposits',
    depositsQueue,
    filters,
    perPage,
    {
      extra,
      totalsExtra: [eq(deposits.method, 'bank_transfer')],
      wholeQueue: filters.method === 'bank_transfer',
    },
  );
  return {
    data: await withFirstApprovers(db, rows, now),
    meta: pageMeta(filters.page, perPage, total),
    totals,
  };
}

/**
 * GET /api/admin/deposits/:id: the deposit, the member's summary, the decision if any, the threshold,
 * what was confirmed to the member in the last day and whether confirming it now needs a second admin.
 */
export async function adminDepositDetail(deps: AppDeps, id: number): Promise<AdminDepositDetailResponse> {
  const { db } = deps.database;
  const row = await findDeposit(db, id);
  if (!row) throw AppError.notFound(DEPOSIT_MESSAGES.notFound);
  const member = await findUserById(db, row.userId);
  const now = deps.clock.now();
  const threshold = await fourEyesThresholdDollars(db);
  const confirmed = await bankConfirmedInWindow(db, row.userId, now);
  const user = { id: row.userId, username: member?.username ?? '', email: member?.email ?? '' };
  return {
    deposit: (await withFirstApprovers(db, [{ row, member: user }], now))[0]!,
    member: await queueMemberSummary(db, row.userId),
    decision: row.status === 'pending' ? null : await lastDecision(db, 'deposit', row.id, DECISION_ACTIONS),
    four_eyes_threshold: threshold,
    confirmed_last_day: centsToMajor(confirmed),
    // Once a first confirmation is recorded, confirming credits it (a different admin's).
    needs_second_approval:
      row.status === 'pending' &&
      row.method === 'bank_transfer' &&
      row.firstApprovedBy === null &&
      row.amount + confirmed > threshold * 100,
  };
}

/**
 * An admin confirms a pending bank transfer against the statement line they matched (its bank
 * reference and amount): the full amount is credited (external → cash); above the four-eyes threshold
 * the first confirmation is recorded and a second admin's, naming the same line, credits it.
 */
export function adminConfirmDeposit(
  deps: AppDeps,
  admin: AuthUser,
  id: number,
  input: { bank_reference: string; amount_received: number },
  ip: string,
) {
  return decideQueueItem(deps, depositDecisions, admin, id, ip, {
    status: 'approved',
    evidence: { reference: input.bank_reference, amount: input.amount_received },
  });
}

/**
 * An admin rejects a pending bank transfer with a reason (a code of the list and free text); nothing
 * is credited; the member is told the reason.
 */
export function adminRejectDeposit(
  deps: AppDeps,
  admin: AuthUser,
  id: number,
  input: { reason: string; reason_code?: string | undefined },
  ip: string,
) {
  return decideQueueItem(deps, depositDecisions, admin, id, ip, rejection(depositDecisions.queue, input));
}
