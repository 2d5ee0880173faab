import type { AuthUser, DbOrTx, Tx, WithdrawalDestinationRow, WithdrawalRow } from '@app/db';
import {
  CANCEL_MESSAGES,
  KYC_MESSAGES,
  fourEyesWindowStart,
  WITHDRAWAL_HISTORY_PAGE_SIZE,
  alreadyDecidedMessage,
  type CancelWithdrawalResponse,
  WITHDRAWAL_MESSAGES,
  centsToMajor,
  type CreateWithdrawalResponse,
  type Destination,
  type Withdrawal,
  type WithdrawalHistoryResponse,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { InsufficientFundsError, lockBalances, postEntry, transfer } from '../../ledger/ledger';
import { pageCount } from '../../lib/paging';
import { isoDate } from '../../lib/iso-date';
import { requireVerifiedEmail } from '../auth/account.service';
import { holdLiveSession } from '../auth/token.service';
import { recordMemberCancel } from '../notifications/member-cancel';
import { requireKycForWithdrawal, verificationMissingFor } from '../kyc/kyc.service';
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
    created_at: isoDate(row.createdAt),
  };
}

/**
 * POST /api/withdrawal: a verified member asks for at most their balance; the amount is held at once
 * (cash → withdrawal_hold) in the transaction that records the request, so two requests can never
 * spend the same money (the ledger's conditional update and CHECK decide, in the database).
 */
export async function createWithdrawal(
  deps: AppDeps,
  user: AuthUser,
  input: {
    amount: number;
    withdrawal_method: WithdrawalRow['method'];
    destination: string;
    destination_id?: number | null | undefined;
  },
  /** The request's session (null for the demo seed, which asks as no session). */
  tokenId: number | null,
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
      // The session first, held until the commit: an email change's undo ends every session before
      // it cancels what was asked since, so it waits for this request and then cancels it, or this
      // request waits for the undo and finds its session ended (decision 175).
      if (tokenId !== null && !(await holdLiveSession(tx, tokenId)))
        throw new AppError('UNAUTHENTICATED', 'Not authenticated');
      // The member's balances before the withdrawal row: its insert takes the back office's queue
      // totals row (a trigger) until the commit, and a cancel or a decision takes the balances before
      // that row. Waiting for a balance a batch job holds, this request holds nothing shared (decision 222).
      await lockBalances(tx, user.id, ['cash']);
      // The cash account locked, two requests of one member take turns. The held amount's account is
      // locked by a statement of its own, after: a statement that waited for the cash row cannot see
      // the account the first request created meanwhile, and both must be held before the queue's row
      // (decision 242). Locked, the held amount and the payments read next cannot change in between.
      const held = (await lockBalances(tx, user.id, ['withdrawal_hold'])).get('withdrawal_hold') ?? 0;
      await requireKycForWithdrawal(deps, tx, user.id, {
        amount: input.amount,
        earlier: async () => held + (await repository.sumPaidSince(tx, user.id, fourEyesWindowStart(now))),
      });
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

/**
 * POST /api/withdrawals/:id/cancel (decision 174): the member takes back a pending withdrawal; the
 * hold goes back to the balance by the rejection's own posting (reference withdrawal:<id>:released,
 * so it can happen once). The row is locked FOR UPDATE, as the back office's decision locks it:
 * whichever comes first wins and the other reads the status it left (409).
 */
export async function cancelWithdrawal(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  ip: string,
): Promise<CancelWithdrawalResponse> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const row = await repository.lockWithdrawal(tx, id);
    if (!row || row.userId !== user.id) throw AppError.notFound(WITHDRAWAL_MESSAGES.notFound);
    if (row.status !== 'pending')
      throw new AppError('CONFLICT', alreadyDecidedMessage('withdrawal', row.status));
    const updated = await cancelLocked(deps, tx, user, row, { ip, now, byUndo: false });
    return { message: CANCEL_MESSAGES.withdrawalCancelled, withdrawal: toWithdrawal(updated) };
  });
}

/**
 * An email change undone by the owner (decision 175, amended 2026-12-04): whoever held the account
 * since `since` (the change was asked) may have asked for withdrawals and saved destinations of
 * their own. Each pending withdrawal asked since then is cancelled as the member's own cancel is (its
 * hold back in the balance, audited, told), and each destination saved or edited since then is
 * forgotten. Runs in the undo's transaction, the member's row locked first. Answers how many of each.
 */
export async function cancelWithdrawalsSince(
  deps: AppDeps,
  tx: Tx,
  user: AuthUser,
  since: Date,
  meta: { ip: string; now: Date },
): Promise<{ withdrawals: number; destinations: number }> {
  const { ip, now } = meta;
  const pending = await repository.lockPendingSince(tx, user.id, since);
  for (const row of pending) await cancelLocked(deps, tx, user, row, { ip, now, byUndo: true });
  const destinations = await repository.deleteDestinationsChangedSince(tx, user.id, since);
  return { withdrawals: pending.length, destinations };
}

/**
 * A pending withdrawal, locked, cancelled: its hold back in the balance, the cancel audited and the
 * member told (by the member's own cancel, or by an email change's undo, in words of its own).
 */
async function cancelLocked(
  deps: AppDeps,
  tx: Tx,
  user: AuthUser,
  row: WithdrawalRow,
  context: { ip: string; now: Date; byUndo: boolean },
): Promise<WithdrawalRow> {
  const { ip, now, byUndo } = context;
  await postRelease(tx, row, { cancelled_by: user.id }, now);
  const updated = await repository.updateWithdrawal(tx, row.id, {
    status: 'cancelled',
    decidedAt: now,
    updatedAt: now,
  });
  const params = { amount: row.amount };
  await recordMemberCancel(
    tx,
    deps,
    {
      user,
      subjectType: 'withdrawal',
      subjectId: row.id,
      action: 'withdrawal.cancelled',
      before: { status: row.status },
      after: {
        status: updated.status,
        amount: centsToMajor(row.amount),
        ...(byUndo ? { by: 'email_change_undone' } : {}),
      },
      ip,
      notice: {
        kind: 'withdrawal_cancelled',
        message: byUndo
          ? { key: 'withdrawal_cancelled_by_undo', params }
          : { key: 'withdrawal_cancelled', params },
        reference: `withdrawal:${row.id}:cancelled`,
      },
    },
    now,
  );
  return updated;
}

/** The hold back to the balance (withdrawal_hold → cash): a rejection's or a cancel's one posting. */
async function postRelease(
  tx: Tx,
  withdrawal: WithdrawalRow,
  by: { admin_id: number } | { cancelled_by: number },
  now: Date,
): Promise<void> {
  await postEntry(
    tx,
    {
      kind: 'withdrawal_released',
      reference: `withdrawal:${withdrawal.id}:released`,
      userId: withdrawal.userId,
      metadata: { withdrawal_id: withdrawal.id, ...by },
      postings: transfer(
        { userId: withdrawal.userId, kind: 'withdrawal_hold' },
        { userId: withdrawal.userId, kind: 'cash' },
        withdrawal.amount,
      ),
    },
    now,
  );
}

// ── An admin's decision (the back office's decision flow, decision 166) ─────────────────────────

/** One withdrawal, any member's (the back office reads it). */
export function findWithdrawal(db: DbOrTx, id: number): Promise<WithdrawalRow | null> {
  return repository.findWithdrawal(db, id);
}

/** One withdrawal locked FOR UPDATE in the caller's transaction (the back office decides on it). */
export function lockWithdrawal(tx: Tx, id: number): Promise<WithdrawalRow | null> {
  return repository.lockWithdrawal(tx, id);
}

/** What the member was paid in the FOUR_EYES_WINDOW_HOURS before `now`, in cents (a read, no lock). */
export function paidInWindow(db: DbOrTx, userId: number, now: Date): Promise<number> {
  return repository.sumPaidSince(db, userId, fourEyesWindowStart(now));
}

/**
 * The same, for a decision: read with the member's held amount locked (as paying it locks it), so two
 * admins deciding two withdrawals of one member take turns and the second counts the first's payment.
 */
export async function paidInWindowForDecision(tx: Tx, userId: number, now: Date): Promise<number> {
  await lockBalances(tx, userId, ['withdrawal_hold']);
  return repository.sumPaidSince(tx, userId, fourEyesWindowStart(now));
}

/**
 * An approval's identity check (decision 180): the limit is judged again when an admin approves, as
 * the request was judged (this withdrawal with the member's others under review and those paid in the
 * last day). A member whose verification was withdrawn (an identity field changed) or expired after
 * asking, or never verified while the limit moved below what it asks, is not paid until verified; 422,
 * nothing changes. The held amount is locked, as paying
 * it locks it.
 */
export async function requireKycForPayment(tx: Tx, withdrawal: WithdrawalRow, now: Date): Promise<void> {
  const held = (await lockBalances(tx, withdrawal.userId, ['withdrawal_hold'])).get('withdrawal_hold') ?? 0;
  const missing = await verificationMissingFor(tx, withdrawal.userId, {
    amount: withdrawal.amount,
    earlier: async () =>
      held -
      withdrawal.amount +
      (await repository.sumPaidSince(tx, withdrawal.userId, fourEyesWindowStart(now))),
    now,
  });
  if (missing !== null) throw new AppError('BUSINESS_RULE', KYC_MESSAGES.verificationLapsed);
}

/** Four eyes: an admin's first approval of a withdrawal above the threshold, recorded; nothing is paid. */
export function recordFirstApproval(
  tx: Tx,
  withdrawal: WithdrawalRow,
  adminId: number,
  now: Date,
): Promise<WithdrawalRow> {
  return repository.updateWithdrawal(tx, withdrawal.id, {
    firstApprovedBy: adminId,
    firstApprovedAt: now,
    updatedAt: now,
  });
}

/** An admin approves a locked pending withdrawal: the held amount leaves the platform (hold → external). */
export async function payWithdrawal(
  tx: Tx,
  withdrawal: WithdrawalRow,
  adminId: number,
  now: Date,
): Promise<WithdrawalRow> {
  await postEntry(
    tx,
    {
      kind: 'withdrawal_paid',
      reference: `withdrawal:${withdrawal.id}:paid`,
      userId: withdrawal.userId,
      metadata: {
        withdrawal_id: withdrawal.id,
        admin_id: adminId,
        ...(withdrawal.firstApprovedBy === null ? {} : { first_admin_id: withdrawal.firstApprovedBy }),
      },
      postings: transfer(
        { userId: withdrawal.userId, kind: 'withdrawal_hold' },
        { platform: 'external' },
        withdrawal.amount,
      ),
    },
    now,
  );
  return decided(tx, withdrawal, { status: 'approved', reason: null }, adminId, now);
}

/** An admin rejects a locked pending withdrawal with a reason: the hold goes back to the balance. */
export async function releaseWithdrawal(
  tx: Tx,
  withdrawal: WithdrawalRow,
  reason: string,
  adminId: number,
  now: Date,
): Promise<WithdrawalRow> {
  await postRelease(tx, withdrawal, { admin_id: adminId }, now);
  return decided(tx, withdrawal, { status: 'rejected', reason }, adminId, now);
}

function decided(
  tx: Tx,
  withdrawal: WithdrawalRow,
  outcome: { status: 'approved' | 'rejected'; reason: string | null },
  adminId: number,
  now: Date,
): Promise<WithdrawalRow> {
  return repository.updateWithdrawal(tx, withdrawal.id, {
    status: outcome.status,
    reason: outcome.reason,
    decidedBy: adminId,
    decidedAt: now,
    updatedAt: now,
  });
}

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
