import type { FastifyBaseLogger } from 'fastify';
import type { DepositRefundRow, DepositRow, Tx } from '@app/db';
import {
  centsToMajor,
  type AdminRefundListResponse,
  type DepositRefund,
  type MemberRefundsResponse,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { lockBalances, postEntry, transfer } from '../../ledger/ledger';
import { describeError } from '../../lib/error-line';
import { ADMIN_QUEUE_PAGE_SIZE, pageMeta } from '../../lib/paging';
import { recordAudit } from '../audit/audit.service';
import { findUserById } from '../auth/account.service';
import { notify } from '../notifications/notifications.service';
import { holdReferrerPoints, takeBackReferralReward } from '../rewards/rewards.service';
import * as deposits from './deposits.repository';
import * as repository from './refunds.repository';

/**
 * Refunds and chargebacks (decision 155). When a gateway takes back a deposit it had paid, the
 * credited amount leaves the member's cash as far as the balance allows (cash → external, entry kind
 * `deposit_refund`); the rest is booked as the member's debt (debt → external, kind `refund_debt`) and
 * is collected from the next money that reaches the balance (cash → debt, kind `deposit_refund`), at
 * the next deposit's credit and by the `refund-debt-collection` job. Every step is one transaction,
 * idempotent by its reference; the member is told and the audit log records it.
 */

type Mailing = Pick<AppDeps, 'mailer'>;

/**
 * Reverses a credited deposit (its row locked by the caller, not yet refunded): takes back what the
 * cash balance allows, books the rest as owed, marks the deposit refunded with the gateway's status,
 * and writes the refund row, the notification and the audit entry, all in the caller's transaction.
 */
export async function reverseCreditedDeposit(
  tx: Tx,
  deps: Mailing,
  deposit: DepositRow,
  patch: deposits.DepositPatch & { gatewayStatus: string },
  now: Date,
): Promise<DepositRow> {
  const amount = deposit.credited;
  // The referrer's points first (their reward goes back below), then the member's cash and the
  // external account in ledger_post's order: the balance read here is the one the take-back moves.
  await holdReferrerPoints(tx, deposit.userId);
  const balances = await lockBalances(tx, deposit.userId, ['cash'], ['external']);
  const takenBack = Math.min(balances.get('cash') ?? 0, amount);
  const owed = amount - takenBack;
  await postReversal(tx, deposit, patch.gatewayStatus, takenBack, owed, now);
  await repository.insertRefund(tx, {
    depositId: deposit.id,
    userId: deposit.userId,
    gatewayStatus: patch.gatewayStatus,
    amount,
    takenBack,
    recovered: 0,
    outstanding: owed,
    createdAt: now,
    settledAt: owed === 0 ? now : null,
  });
  const updated = await deposits.updateDeposit(tx, deposit.id, {
    ...patch,
    status: 'refunded',
    updatedAt: now,
  });
  await tellRefunded(tx, deps, deposit, takenBack, owed, now);
  // The referral reward this deposit earned goes back with it (decision 214).
  const referral = await takeBackReferralReward(tx, deps, deposit, now);
  await recordAudit(tx, {
    actorId: null,
    action: 'deposit.refunded',
    subjectType: 'deposit',
    subjectId: String(deposit.id),
    before: { status: deposit.status, credited: deposit.credited, gateway_status: deposit.gatewayStatus },
    after: {
      status: updated.status,
      gateway_status: patch.gatewayStatus,
      taken_back: centsToMajor(takenBack),
      owed: centsToMajor(owed),
      // What the referrer kept (already redeemed) is finance's to see (decision 214).
      ...(referral.reward > 0
        ? {
            referral_points_taken_back: referral.takenBack,
            referral_points_kept: referral.reward - referral.takenBack,
          }
        : {}),
    },
    createdAt: now,
  });
  return updated;
}

/**
 * The reversal's entries: what the cash balance held back to the outside world (cash → external),
 * and the rest booked as owed (debt → external); each once, by its reference.
 */
async function postReversal(
  tx: Tx,
  deposit: DepositRow,
  gatewayStatus: string,
  takenBack: number,
  owed: number,
  now: Date,
): Promise<void> {
  const metadata = {
    deposit_id: deposit.id,
    deposit_reference: deposit.reference,
    method: deposit.method,
    gateway_status: gatewayStatus,
  };
  const member = { userId: deposit.userId, kind: 'cash' } as const;
  if (takenBack > 0) {
    await postEntry(
      tx,
      {
        kind: 'deposit_refund',
        reference: `deposit:${deposit.id}:refund:taken`,
        userId: deposit.userId,
        metadata,
        postings: transfer(member, { platform: 'external' }, takenBack),
      },
      now,
    );
  }
  if (owed > 0) {
    await postEntry(
      tx,
      {
        kind: 'refund_debt',
        reference: `deposit:${deposit.id}:refund:debt`,
        userId: deposit.userId,
        metadata,
        postings: transfer({ userId: deposit.userId, kind: 'debt' }, { platform: 'external' }, owed),
      },
      now,
    );
  }
}

async function tellRefunded(
  tx: Tx,
  deps: Mailing,
  deposit: DepositRow,
  takenBack: number,
  owed: number,
  now: Date,
): Promise<void> {
  const member = await findUserById(tx, deposit.userId);
  if (!member) return;
  await notify(
    tx,
    deps,
    {
      user: member,
      kind: 'deposit_refunded',
      message: {
        key: 'deposit_refunded',
        params: { reference: deposit.reference, credited: deposit.credited, taken: takenBack, owed },
      },
      reference: `deposit:${deposit.id}:refunded`,
      mail: true,
    },
    now,
  );
}

/**
 * Pays what the member owes for refunds from their cash balance, oldest refund first, as far as the
 * balance allows: one entry cash → debt per refund, referenced by the refund's new recovered total (a
 * repeat posts nothing). The accounts and then the refunds are locked first, so two collections for
 * one member run one after the other. Answers the cents collected.
 */
export async function collectRefundDebts(tx: Tx, deps: Mailing, userId: number, now: Date): Promise<number> {
  if (!(await repository.owesAnything(tx, userId))) return 0;
  const balances = await lockBalances(tx, userId, ['cash', 'debt']);
  let cash = balances.get('cash') ?? 0;
  if (cash <= 0) return 0;
  let collected = 0;
  for (const open of await repository.lockOpenRefunds(tx, userId)) {
    if (cash <= 0) break;
    const paid = Math.min(cash, open.refund.outstanding);
    const recovered = open.refund.recovered + paid;
    const posted = await postEntry(
      tx,
      {
        kind: 'deposit_refund',
        reference: `deposit:${open.refund.depositId}:refund:recovered:${recovered}`,
        userId,
        metadata: {
          deposit_id: open.refund.depositId,
          deposit_reference: open.reference,
          recovered_total: recovered,
        },
        postings: transfer({ userId, kind: 'cash' }, { userId, kind: 'debt' }, paid),
      },
      now,
    );
    if (!posted.created) continue;
    const outstanding = open.refund.outstanding - paid;
    await repository.updateRefund(tx, open.refund.id, {
      recovered,
      outstanding,
      settledAt: outstanding === 0 ? now : null,
    });
    await tellRecovered(tx, deps, open, paid, outstanding, now);
    cash -= paid;
    collected += paid;
  }
  return collected;
}

async function tellRecovered(
  tx: Tx,
  deps: Mailing,
  open: repository.RefundWithDeposit,
  paid: number,
  outstanding: number,
  now: Date,
): Promise<void> {
  const { refund } = open;
  const member = await findUserById(tx, refund.userId);
  if (!member) return;
  await notify(
    tx,
    deps,
    {
      user: member,
      kind: 'deposit_refund_recovered',
      message: {
        key: 'deposit_refund_recovered',
        params: { reference: open.reference, paid, outstanding },
      },
      reference: `deposit:${refund.depositId}:refund:recovered:${refund.recovered + paid}`,
    },
    now,
  );
  await recordAudit(tx, {
    actorId: null,
    action: 'deposit.refund_recovered',
    subjectType: 'deposit',
    subjectId: String(refund.depositId),
    before: { outstanding: centsToMajor(refund.outstanding) },
    after: { collected: centsToMajor(paid), outstanding: centsToMajor(outstanding) },
    createdAt: now,
  });
}

/**
 * The refund-debt-collection job: every member who owes and has a balance, one transaction each, in
 * pages of `batch` by member id (deposit_refunds_open_idx) until none is left: the loan and goal jobs
 * after it would otherwise spend the balance of the members past the first page.
 */
export async function collectDueRefundDebts(
  deps: Pick<AppDeps, 'database' | 'mailer'> & { now: Date; log?: FastifyBaseLogger },
  batch = 500,
): Promise<number> {
  let collected = 0;
  let after = 0;
  for (;;) {
    const members = await repository.membersToCollect(deps.database.db, after, batch);
    for (const userId of members) {
      // One member's failure is logged and the others go on: the jobs after this one (loan collection,
      // goal contributions) must not stop with it.
      try {
        collected += await deps.database.db.transaction((tx) =>
          collectRefundDebts(tx, deps, userId, deps.now),
        );
      } catch (error) {
        deps.log?.error(
          { user_id: userId, error: describeError(error) },
          'refund debt collection failed for a member',
        );
      }
    }
    if (members.length < batch) return collected;
    after = members[members.length - 1] ?? after;
  }
}

function toDepositRefund(row: repository.RefundWithDeposit): DepositRefund {
  const refund: DepositRefundRow = row.refund;
  return {
    id: refund.id,
    deposit_id: refund.depositId,
    reference: row.reference,
    payment_method: row.method,
    amount: centsToMajor(refund.amount),
    taken_back: centsToMajor(refund.takenBack),
    recovered: centsToMajor(refund.recovered),
    outstanding: centsToMajor(refund.outstanding),
    refunded_at: refund.createdAt.toISOString(),
    settled_at: refund.settledAt?.toISOString() ?? null,
  };
}

/** GET /api/deposits/refunds: what the member still owes, and the refunds it comes from. */
export async function memberRefunds(deps: AppDeps, userId: number): Promise<MemberRefundsResponse> {
  const rows = await repository.memberOpenRefunds(deps.database.db, userId);
  const owed = rows.reduce((total, row) => total + row.refund.outstanding, 0);
  return { amount_owed: centsToMajor(owed), data: rows.map(toDepositRefund) };
}

/** GET /api/admin/refunds: open refunds oldest first (or settled, or all), with the open totals. */
export async function adminListRefunds(
  deps: AppDeps,
  query: { state: 'open' | 'settled' | 'all'; page: number; per_page?: number | undefined },
): Promise<AdminRefundListResponse> {
  const { db } = deps.database;
  const perPage = query.per_page ?? ADMIN_QUEUE_PAGE_SIZE;
  const { rows, total } = await repository.refundPage(db, query.state, query.page, perPage);
  const totals = await repository.openRefundTotals(db);
  return {
    data: rows.map((row) =>
      Object.assign(toDepositRefund(row), { user: row.user, gateway_status: row.refund.gatewayStatus }),
    ),
    meta: pageMeta(query.page, perPage, total),
    totals: { open_count: totals.count, outstanding: centsToMajor(totals.outstanding) },
  };
}
