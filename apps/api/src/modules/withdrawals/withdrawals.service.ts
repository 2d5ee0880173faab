import type { Tx, UserRow, WithdrawalDestinationRow, WithdrawalRow } from '@app/db';
import {
  WITHDRAWAL_HISTORY_PAGE_SIZE,
  WITHDRAWAL_MESSAGES,
  centsToMajor,
  formatMoney,
  type AdminWithdrawal,
  type AdminWithdrawalListResponse,
  type CreateWithdrawalResponse,
  type Destination,
  type Withdrawal,
  type WithdrawalHistoryResponse,
  type WithdrawalStatus,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { InsufficientFundsError, postEntry, transfer } from '../../ledger/ledger';
import { ADMIN_QUEUE_PAGE_SIZE, pageCount, pageMeta } from '../../lib/paging';
import { recordAudit } from '../admin/audit.service';
import { findUserById, requireVerifiedEmail } from '../auth/account.service';
import { notify } from '../notifications/notifications.service';
import * as repository from './withdrawals.repository';

/** "•••• 6789": what a member's screens show of an account number (DESIGN §8). */
export function maskAccountNumber(value: string): string {
  return `•••• ${value.slice(-4)}`;
}

/**
 * The destination text as the member sees it: for bank transfers every run of 5 or more letters and
 * digits holding a digit (an account number, an IBAN) shows only its last 4 characters.
 */
export function maskDestination(text: string, method: WithdrawalRow['method']): string {
  if (method !== 'bank_transfer') return text;
  return text.replace(/[A-Za-z0-9]{5,}/g, (run) => (/\d/.test(run) ? maskAccountNumber(run) : run));
}

/** The full text of a saved destination, stored on the withdrawal for the operator who pays it. */
export function describeDestination(row: WithdrawalDestinationRow): string {
  if (row.kind === 'bank') {
    return `${row.bankName ?? ''}, ${row.accountName ?? ''}, account ${row.accountNumber ?? ''}, routing ${row.routingNumber ?? ''}`;
  }
  return `${row.asset ?? ''} (${row.network ?? ''}) ${row.address ?? ''}`;
}

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amount: centsToMajor(row.amount),
    withdrawal_method: row.method,
    destination: maskDestination(row.destination, row.method),
    status: row.status,
    reason: row.reason,
    created_at: row.createdAt.toISOString(),
  };
}

function toAdminWithdrawal(
  row: WithdrawalRow,
  user: { id: number; username: string; email: string },
): AdminWithdrawal {
  return {
    ...toWithdrawal(row),
    user,
    destination_full: row.destination,
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/withdrawal: a verified member asks for at most their balance; the amount is held at once
 * (cash → withdrawal_hold) in the transaction that records the request, so two requests can never
 * spend the same money (the ledger's conditional update and CHECK decide, in the database).
 */
export async function createWithdrawal(
  deps: AppDeps,
  user: UserRow,
  input: {
    amount: number;
    withdrawal_method: WithdrawalRow['method'];
    destination: string;
    destination_id?: number | null | undefined;
  },
): Promise<CreateWithdrawalResponse> {
  requireVerifiedEmail(user);
  const { db } = deps.database;
  const now = deps.clock.now();
  let destination = input.destination;
  if (input.destination_id) {
    const saved = await repository.findDestination(db, user.id, input.destination_id);
    if (!saved) throw AppError.notFound(WITHDRAWAL_MESSAGES.destinationNotFound);
    const matches = (saved.kind === 'bank') === (input.withdrawal_method === 'bank_transfer');
    if (!matches) {
      throw new AppError('BUSINESS_RULE', WITHDRAWAL_MESSAGES.destinationMethodMismatch, {
        destination_id: [WITHDRAWAL_MESSAGES.destinationMethodMismatch],
      });
    }
    destination = describeDestination(saved);
  }
  try {
    const withdrawal = await db.transaction(async (tx) => {
      const row = await repository.insertWithdrawal(tx, {
        userId: user.id,
        amount: input.amount,
        method: input.withdrawal_method,
        destination,
        destinationId: input.destination_id ?? null,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      });
      await postEntry(
        tx,
        {
          kind: 'withdrawal_hold',
          reference: `withdrawal:${row.id}:hold`,
          userId: user.id,
          metadata: { withdrawal_id: row.id },
          postings: transfer(
            { userId: user.id, kind: 'cash' },
            { userId: user.id, kind: 'withdrawal_hold' },
            row.amount,
          ),
        },
        now,
      );
      return row;
    });
    return { message: WITHDRAWAL_MESSAGES.submitted, withdrawal: toWithdrawal(withdrawal) };
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new AppError('INSUFFICIENT_FUNDS', WITHDRAWAL_MESSAGES.insufficientFunds, {
        amount: [WITHDRAWAL_MESSAGES.insufficientFunds],
      });
    }
    throw error;
  }
}

/** GET /api/withdrawal/history?page=: the spec's shape, 10 per page, newest first. */
export async function withdrawalHistory(
  deps: AppDeps,
  userId: number,
  page: number,
): Promise<WithdrawalHistoryResponse> {
  const perPage = WITHDRAWAL_HISTORY_PAGE_SIZE;
  const { rows, total } = await repository.listUserWithdrawals(deps.database.db, userId, page, perPage);
  return {
    data: rows.map(toWithdrawal),
    current_page: page,
    last_page: pageCount(total, perPage),
  };
}

// ── Admin ────────────────────────────────────────────────────────────────────────────────────

export async function adminListWithdrawals(
  deps: AppDeps,
  status: WithdrawalStatus | undefined,
  page: number,
  perPage = ADMIN_QUEUE_PAGE_SIZE,
): Promise<AdminWithdrawalListResponse> {
  const { rows, total } = await repository.listWithdrawalsWithUsers(deps.database.db, status, page, perPage);
  return {
    data: rows.map(({ row, member }) => toAdminWithdrawal(row, member)),
    meta: pageMeta(page, perPage, total),
  };
}

async function decide(
  deps: AppDeps,
  admin: UserRow,
  id: number,
  ip: string,
  outcome: { status: 'approved' } | { status: 'rejected'; reason: string },
): Promise<AdminWithdrawal> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx: Tx) => {
    const withdrawal = await repository.lockWithdrawal(tx, id);
    if (!withdrawal) throw AppError.notFound(WITHDRAWAL_MESSAGES.notFound);
    if (withdrawal.status !== 'pending') throw new AppError('CONFLICT', WITHDRAWAL_MESSAGES.notPending);
    const hold = { userId: withdrawal.userId, kind: 'withdrawal_hold' as const };
    if (outcome.status === 'approved') {
      await postEntry(
        tx,
        {
          kind: 'withdrawal_paid',
          reference: `withdrawal:${withdrawal.id}:paid`,
          userId: withdrawal.userId,
          metadata: { withdrawal_id: withdrawal.id, admin_id: admin.id },
          postings: transfer(hold, { platform: 'external' }, withdrawal.amount),
        },
        now,
      );
    } else {
      await postEntry(
        tx,
        {
          kind: 'withdrawal_released',
          reference: `withdrawal:${withdrawal.id}:released`,
          userId: withdrawal.userId,
          metadata: { withdrawal_id: withdrawal.id, admin_id: admin.id },
          postings: transfer(hold, { userId: withdrawal.userId, kind: 'cash' }, withdrawal.amount),
        },
        now,
      );
    }
    const updated = await repository.updateWithdrawal(tx, withdrawal.id, {
      status: outcome.status,
      reason: outcome.status === 'rejected' ? outcome.reason : null,
      decidedBy: admin.id,
      decidedAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: `withdrawal.${outcome.status}`,
      subjectType: 'withdrawal',
      subjectId: String(withdrawal.id),
      before: { status: withdrawal.status },
      after: { status: updated.status, reason: updated.reason },
      ip,
      createdAt: now,
    });
    const member = await findUserById(tx, withdrawal.userId);
    if (member) {
      const amount = formatMoney(centsToMajor(withdrawal.amount));
      await notify(
        tx,
        deps,
        outcome.status === 'approved'
          ? {
              user: member,
              kind: 'withdrawal_approved',
              title: 'Withdrawal approved',
              body: `Your withdrawal of ${amount} has been approved and is on its way.`,
              reference: `withdrawal:${withdrawal.id}:approved`,
              mail: true,
            }
          : {
              user: member,
              kind: 'withdrawal_rejected',
              title: 'Withdrawal rejected',
              body: `Your withdrawal of ${amount} was rejected: ${outcome.reason}. The amount is back in your balance.`,
              reference: `withdrawal:${withdrawal.id}:rejected`,
              mail: true,
            },
        now,
      );
    }
    return toAdminWithdrawal(updated, member ?? { id: withdrawal.userId, username: '', email: '' });
  });
}

/** An admin approves: the held amount leaves the platform (withdrawal_hold → external). */
export const adminApproveWithdrawal = (deps: AppDeps, admin: UserRow, id: number, ip: string) =>
  decide(deps, admin, id, ip, { status: 'approved' });

/** An admin rejects with a reason: the hold is released back to the balance. */
export const adminRejectWithdrawal = (
  deps: AppDeps,
  admin: UserRow,
  id: number,
  reason: string,
  ip: string,
) => decide(deps, admin, id, ip, { status: 'rejected', reason });

// ── Saved destinations ───────────────────────────────────────────────────────────────────────

export function toDestination(row: WithdrawalDestinationRow): Destination {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    bank_name: row.bankName,
    account_name: row.accountName,
    account_number: row.accountNumber ? maskAccountNumber(row.accountNumber) : null,
    routing_number: row.routingNumber,
    asset: row.asset,
    network: row.network,
    address: row.address,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
  };
}

/** How many withdrawals wait for an operator (GET /metrics). */
export function pendingWithdrawalCount(deps: Pick<AppDeps, 'database'>): Promise<number> {
  return repository.countPending(deps.database.db);
}
