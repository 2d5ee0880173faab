import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type AuthUser, type DepositRow, deposits, type Tx } from '@app/db';
import {
  DEPOSIT_MESSAGES,
  REFERRAL_CODE_ALPHABET,
  ageSeconds,
  centsToMajor,
  rejectionText,
  type AdminDeposit,
  type AdminDepositDetailResponse,
  type AdminDepositListResponse,
  type QueueFilters,
  type CreateDepositResponse,
  type Deposit,
  type DepositListResponse,
  type DepositStatus,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { findUserById } from '../auth/account.service';
import { GatewayError } from '../../integrations/payments/gateway';
import { accountFigures, postEntry, transfer, type AccountFigures } from '../../ledger/ledger';
import { ADMIN_QUEUE_PAGE_SIZE, pageMeta } from '../../lib/paging';
import { recordAudit } from '../admin/audit.service';
import {
  alreadyDecided,
  depositsQueue,
  lastDecision,
  queueMemberSummary,
  selectQueuePageWithTotals,
} from '../admin/queues';
import { notify } from '../notifications/notifications.service';
import { rewardReferrer } from '../rewards/rewards.service';
import { getSettings } from '../settings/settings.service';
import * as repository from './deposits.repository';
import { collectRefundDebts, reverseCreditedDeposit } from './refunds.service';

/** Gateway deposits wait this long for their payment, then expire (DESIGN §6; job deposit-expiry). */
export const GATEWAY_DEPOSIT_TTL_MS = 24 * 60 * 60 * 1000;

export function toDeposit(row: DepositRow): Deposit {
  return {
    id: row.id,
    amount: centsToMajor(row.amount),
    payment_method: row.method,
    currency: row.currency,
    status: row.status,
    reference: row.reference,
    credited_amount: centsToMajor(row.credited),
    created_at: row.createdAt.toISOString(),
  };
}

function toAdminDeposit(
  row: DepositRow,
  user: { id: number; username: string; email: string },
  now: Date,
): AdminDeposit {
  // Object.assign, not a spread followed by new keys: a queue row's cost (decision 138).
  return Object.assign(toDeposit(row), {
    user,
    rejection_reason: row.rejectionReason,
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    age_seconds: ageSeconds(row.createdAt, now),
  });
}

/** DEP-XXXXXXXX from an alphabet without look-alikes: what a member quotes on a bank transfer. */
async function newReference(deps: AppDeps): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    let code = '';
    for (let i = 0; i < 8; i += 1) code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
    const reference = `DEP-${code}`;
    if (!(await repository.referenceExists(deps.database.db, reference))) return reference;
  }
  throw new Error('could not find an unused deposit reference');
}

/**
 * POST /api/deposit. A bank transfer is a pending deposit with the platform's bank details and a
 * unique reference, confirmed later by an admin. A gateway deposit is a pending deposit (expiring in
 * 24 hours) and an invoice at the gateway, where the member is sent; only the signed IPN credits it.
 */
export async function createDeposit(
  deps: AppDeps,
  user: AuthUser,
  input: { amount: number; payment_method: DepositRow['method']; currency: string },
): Promise<CreateDepositResponse> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const gatewayMethod = input.payment_method !== 'bank_transfer';
  const deposit = await repository.insertDeposit(db, {
    userId: user.id,
    amount: input.amount,
    method: input.payment_method,
    currency: input.currency,
    status: 'pending',
    reference: await newReference(deps),
    expiresAt: gatewayMethod ? new Date(now.getTime() + GATEWAY_DEPOSIT_TTL_MS) : null,
    createdAt: now,
    updatedAt: now,
  });

  if (!gatewayMethod) {
    const settings = await getSettings(db);
    return {
      message: DEPOSIT_MESSAGES.createdBank,
      deposit: toDeposit(deposit),
      payment_url: null,
      bank_details: {
        bank_name: settings.deposit_bank_name,
        account_number: settings.deposit_bank_account_number,
        routing_number: settings.deposit_bank_routing_number,
        reference: deposit.reference,
      },
    };
  }

  const gateway =
    input.payment_method === 'nowpayment' ? deps.payments.nowpayments : deps.payments.coinpayments;
  const appUrl = deps.config.appUrl;
  try {
    const invoice = await gateway.createInvoice({
      depositId: deposit.id,
      amountCents: deposit.amount,
      currency: deposit.currency,
      description: `Deposit ${deposit.reference}`,
      buyerEmail: user.email,
      ipnUrl: `${appUrl}/api/webhooks/${gateway.name}`,
      successUrl: `${appUrl}/dashboard?deposit=${deposit.id}`,
      cancelUrl: `${appUrl}/dashboard?deposit=${deposit.id}&payment=cancelled`,
    });
    const updated = await repository.updateDeposit(db, deposit.id, {
      gatewayInvoiceId: invoice.invoiceId,
      paymentUrl: invoice.paymentUrl,
      updatedAt: now,
    });
    return {
      message: DEPOSIT_MESSAGES.createdGateway,
      deposit: toDeposit(updated),
      payment_url: invoice.paymentUrl,
      bank_details: null,
    };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    await repository.updateDeposit(db, deposit.id, { status: 'failed', updatedAt: now });
    throw new AppError('GATEWAY_UNAVAILABLE', DEPOSIT_MESSAGES.gatewayUnavailable);
  }
}

export async function listDeposits(
  deps: AppDeps,
  userId: number,
  page: number,
  perPage = 10,
): Promise<DepositListResponse> {
  const { rows, total } = await repository.listUserDeposits(deps.database.db, userId, page, perPage);
  return {
    data: rows.map(toDeposit),
    meta: pageMeta(page, perPage, total),
  };
}

export async function getDeposit(deps: AppDeps, userId: number, id: number): Promise<Deposit> {
  const row = await repository.findUserDeposit(deps.database.db, userId, id);
  if (!row) throw AppError.notFound(DEPOSIT_MESSAGES.notFound);
  return toDeposit(row);
}

/**
 * GET /api/deposits/total: what reached the balance through deposits (the ledger's figure). The route
 * has `config.withAccount`, so the figures come with the token's read (`preloaded`, one statement for
 * the requests that arrive together, decisions 006 and 144); without them, one more query.
 */
export async function depositTotal(
  deps: AppDeps,
  userId: number,
  preloaded?: AccountFigures,
): Promise<{ total_deposits: number }> {
  const figures = preloaded ?? (await accountFigures(deps.database.db, userId));
  return { total_deposits: centsToMajor(figures.totalDeposit) };
}

// ── Crediting ────────────────────────────────────────────────────────────────────────────────

/**
 * Brings a locked deposit's credited amount up to `target` cents (never down): one ledger entry
 * external → cash for the difference, referenced by the new total so each amount is credited once.
 */
async function creditUpTo(
  tx: Tx,
  deps: Pick<AppDeps, 'mailer'>,
  deposit: DepositRow,
  target: number,
  status: 'confirmed' | 'partially_paid',
  now: Date,
  patch: repository.DepositPatch = {},
): Promise<DepositRow> {
  const capped = Math.min(target, deposit.amount);
  const delta = capped - deposit.credited;
  if (delta > 0) {
    await postEntry(
      tx,
      {
        kind: 'deposit',
        reference: `deposit:${deposit.id}:paid:${capped}`,
        userId: deposit.userId,
        metadata: { deposit_id: deposit.id, method: deposit.method, total_credited: capped },
        postings: transfer({ platform: 'external' }, { userId: deposit.userId, kind: 'cash' }, delta),
      },
      now,
    );
  }
  const wasConfirmed = deposit.status === 'confirmed';
  const updated = await repository.updateDeposit(tx, deposit.id, {
    ...patch,
    credited: Math.max(capped, deposit.credited),
    status: wasConfirmed ? 'confirmed' : status,
    confirmedAt: status === 'confirmed' && !wasConfirmed ? now : deposit.confirmedAt,
    updatedAt: now,
  });
  await tellCredited(tx, deps, deposit, updated, wasConfirmed, delta, now);
  // What the member owes for a reversed deposit is paid from the money that just arrived, in this
  // transaction (decision 155).
  if (delta > 0) await collectRefundDebts(tx, deps, deposit.userId, now);
  return updated;
}

/** The member is told of a credit: the deposit confirmed (and the referrer rewarded), or a part of it. */
async function tellCredited(
  tx: Tx,
  deps: Pick<AppDeps, 'mailer'>,
  deposit: DepositRow,
  updated: DepositRow,
  wasConfirmed: boolean,
  delta: number,
  now: Date,
): Promise<void> {
  const member = await findUserById(tx, deposit.userId);
  if (!member) return;
  if (updated.status === 'confirmed' && !wasConfirmed) {
    await notify(
      tx,
      deps,
      {
        user: member,
        kind: 'deposit_confirmed',
        message: {
          key: 'deposit_confirmed',
          params: { reference: deposit.reference, amount: updated.credited },
        },
        reference: `deposit:${deposit.id}:confirmed`,
        mail: true,
      },
      now,
    );
    await rewardReferrer(tx, deps, member, updated.credited, now, (id) => findUserById(tx, id));
  } else if (updated.status === 'partially_paid' && delta > 0) {
    await notify(
      tx,
      deps,
      {
        user: member,
        kind: 'deposit_partially_paid',
        message: {
          key: 'deposit_partially_paid',
          params: { reference: deposit.reference, credited: updated.credited, amount: deposit.amount },
        },
        reference: `deposit:${deposit.id}:partial:${updated.credited}`,
      },
      now,
    );
  }
}

async function markUnpaid(
  tx: Tx,
  deps: Pick<AppDeps, 'mailer'>,
  deposit: DepositRow,
  status: 'failed' | 'expired' | 'rejected',
  now: Date,
  patch: repository.DepositPatch = {},
  reason?: string,
): Promise<DepositRow> {
  const updated = await repository.updateDeposit(tx, deposit.id, { ...patch, status, updatedAt: now });
  const member = await findUserById(tx, deposit.userId);
  if (member) {
    await notify(
      tx,
      deps,
      {
        user: member,
        kind: 'deposit_failed',
        message:
          status === 'rejected'
            ? {
                key: 'deposit_rejected',
                params: { reference: deposit.reference, amount: deposit.amount, reason: reason ?? '' },
              }
            : {
                key: status === 'expired' ? 'deposit_expired' : 'deposit_failed',
                params: { reference: deposit.reference, amount: deposit.amount },
              },
        reference: `deposit:${deposit.id}:${status}`,
        mail: status !== 'expired',
      },
      now,
    );
  }
  return updated;
}

/** What a verified gateway notification says about a deposit. */
export interface GatewayEvent {
  method: 'nowpayment' | 'coinpayment';
  depositId: number;
  /** The gateway's status as stored, and its rank (a lower rank than the stored one is ignored). */
  gatewayStatus: string;
  rank: number;
  rankOf: (stored: string | null) => number;
  paymentId: string | null;
  /** Why the notification does not match the deposit (amount, currency), or null. */
  mismatch: (deposit: DepositRow) => string | null;
  /**
   * `reversed`: the gateway took the payment back, or ended it after it was paid (a refund, a
   * chargeback, a cancellation; decision 155). A credited deposit is reversed; one never credited is
   * left as `unpaid` would leave it (a pending or expired invoice ends failed) and nothing is taken
   * back. `refund`: the gateway's status says refunded or reversed, so a deposit with nothing to take
   * back is worth a log line.
   */
  outcome:
    | { kind: 'credit'; target: (deposit: DepositRow) => number; status: 'confirmed' | 'partially_paid' }
    | { kind: 'unpaid'; status: 'failed' | 'expired' }
    | { kind: 'reversed'; refund: boolean }
    | { kind: 'pending' };
  /** Where a reversal that finds nothing to reverse is logged (ids and statuses only). */
  log?: Pick<FastifyBaseLogger, 'warn'> | undefined;
}

/** A reversal that changed no money: logged with the gateway's ids and status, never personal data. */
function logIgnoredReversal(event: GatewayEvent, why: 'unknown deposit' | 'never credited'): void {
  event.log?.warn(
    { gateway: event.method, deposit_id: event.depositId, gateway_status: event.gatewayStatus, why },
    why === 'unknown deposit'
      ? 'refund notification for an unknown deposit: nothing changed'
      : 'refund notification for a deposit that was never credited: nothing taken back',
  );
}

/** A verified reversal of the locked deposit: once, whatever the number of deliveries. */
async function applyReversal(
  tx: Tx,
  deps: Pick<AppDeps, 'mailer'>,
  deposit: DepositRow,
  event: GatewayEvent,
  now: Date,
): Promise<DepositStatus> {
  if (deposit.status === 'refunded') return deposit.status;
  const patch = {
    gatewayStatus: event.gatewayStatus,
    ...(event.paymentId ? { gatewayPaymentId: event.paymentId } : {}),
  };
  if (deposit.credited > 0) return (await reverseCreditedDeposit(tx, deps, deposit, patch, now)).status;
  // A refund of money never credited changes nothing (issue 33); a cancellation or time-out of an
  // unpaid invoice ends it as failed, as decision 034 says.
  if (event.outcome.kind === 'reversed' && event.outcome.refund) {
    logIgnoredReversal(event, 'never credited');
    return deposit.status;
  }
  if (deposit.status === 'pending' || deposit.status === 'expired') {
    return (await markUnpaid(tx, deps, deposit, 'failed', now, patch)).status;
  }
  return deposit.status;
}

/**
 * Applies a verified IPN: once per payment whatever the number of deliveries (credits are referenced
 * by their running total), never backwards (ranks), amount and currency checked against the deposit.
 * A deposit a gateway has failed, or that an admin rejected, stays so; a late payment for an expired
 * invoice is still credited (the money did arrive); a reversal of a credited deposit takes the money
 * back (decision 155), and a refunded deposit is never credited again.
 */
export async function applyGatewayEvent(deps: AppDeps, event: GatewayEvent): Promise<DepositStatus> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const deposit = await repository.lockDeposit(tx, event.depositId);
    if (!deposit || deposit.method !== event.method) {
      if (event.outcome.kind === 'reversed' && event.outcome.refund)
        logIgnoredReversal(event, 'unknown deposit');
      throw AppError.notFound(DEPOSIT_MESSAGES.notFound);
    }
    const mismatch = event.mismatch(deposit);
    if (mismatch) throw new AppError('BUSINESS_RULE', `The payment does not match the deposit: ${mismatch}`);
    if (event.outcome.kind === 'reversed') return applyReversal(tx, deps, deposit, event, now);
    // Ends: a failed or rejected deposit stays so, and a refunded one is never credited again.
    if (deposit.status === 'failed' || deposit.status === 'rejected' || deposit.status === 'refunded')
      return deposit.status;
    if (event.rank < event.rankOf(deposit.gatewayStatus)) return deposit.status;
    const patch: repository.DepositPatch = {
      gatewayStatus: event.gatewayStatus,
      ...(event.paymentId ? { gatewayPaymentId: event.paymentId } : {}),
    };
    const { outcome } = event;
    if (outcome.kind === 'credit') {
      const target = outcome.target(deposit);
      if (target <= 0 && deposit.credited === 0) {
        return (await repository.updateDeposit(tx, deposit.id, { ...patch, updatedAt: now })).status;
      }
      return (await creditUpTo(tx, deps, deposit, target, outcome.status, now, patch)).status;
    }
    if (outcome.kind === 'unpaid' && (deposit.status === 'pending' || deposit.status === 'expired')) {
      return (await markUnpaid(tx, deps, deposit, outcome.status, now, patch)).status;
    }
    if (deposit.status === 'confirmed') return deposit.status;
    return (await repository.updateDeposit(tx, deposit.id, { ...patch, updatedAt: now })).status;
  });
}

// ── Expiry ───────────────────────────────────────────────────────────────────────────────────

/** Expires pending gateway deposits older than 24 hours (job deposit-expiry). */
export async function expireDueDeposits(
  deps: Pick<AppDeps, 'database' | 'mailer'> & { now: Date },
): Promise<number> {
  const due = await repository.dueForExpiry(deps.database.db, deps.now);
  let expired = 0;
  for (const { id } of due) {
    await deps.database.db.transaction(async (tx) => {
      const deposit = await repository.lockDeposit(tx, id);
      if (!deposit || deposit.status !== 'pending' || !deposit.expiresAt || deposit.expiresAt > deps.now)
        return;
      await markUnpaid(tx, deps, deposit, 'expired', deps.now);
      expired += 1;
    });
  }
  return expired;
}

// ── Admin ────────────────────────────────────────────────────────────────────────────────────

const DECISION_ACTIONS = ['deposit.confirmed', 'deposit.rejected'];

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
    data: rows.map(({ row, member }) => toAdminDeposit(row, member, now)),
    meta: pageMeta(filters.page, perPage, total),
    totals,
  };
}

/** GET /api/admin/deposits/:id: the deposit, the member's summary and the decision if any. */
export async function adminDepositDetail(deps: AppDeps, id: number): Promise<AdminDepositDetailResponse> {
  const { db } = deps.database;
  const row = await repository.findDeposit(db, id);
  if (!row) throw AppError.notFound(DEPOSIT_MESSAGES.notFound);
  const member = await findUserById(db, row.userId);
  return {
    deposit: toAdminDeposit(
      row,
      { id: row.userId, username: member?.username ?? '', email: member?.email ?? '' },
      deps.clock.now(),
    ),
    member: await queueMemberSummary(db, row.userId),
    decision: row.status === 'pending' ? null : await lastDecision(db, 'deposit', row.id, DECISION_ACTIONS),
  };
}

function auditState(row: DepositRow) {
  return { status: row.status, credited: row.credited, reason: row.rejectionReason };
}

/**
 * A decision on one bank transfer, atomic: the row is locked, only a pending one moves (else 409
 * naming who decided), and the credit, the row and the audit entry (before/after) are one transaction.
 */
async function adminDecide(
  deps: AppDeps,
  admin: AuthUser,
  id: number,
  ip: string,
  decide: (tx: Tx, deposit: DepositRow, now: Date) => Promise<DepositRow>,
  action: string,
  extraAfter: Record<string, unknown> = {},
  reason: string | null = null,
): Promise<AdminDeposit> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const deposit = await repository.lockDeposit(tx, id);
    if (!deposit) throw AppError.notFound(DEPOSIT_MESSAGES.notFound);
    if (deposit.method !== 'bank_transfer') {
      throw new AppError('BUSINESS_RULE', 'Gateway deposits are confirmed by the gateway’s notification.');
    }
    if (deposit.status !== 'pending') {
      throw await alreadyDecided(
        tx,
        'deposit',
        deposit.id,
        DECISION_ACTIONS,
        DEPOSIT_MESSAGES.notPending,
        deposit.status,
      );
    }
    const updated = await decide(tx, deposit, now);
    await recordAudit(tx, {
      actorId: admin.id,
      actorRole: admin.adminRole,
      action,
      subjectType: 'deposit',
      subjectId: String(deposit.id),
      before: auditState(deposit),
      after: { ...auditState(updated), amount: centsToMajor(deposit.amount), ...extraAfter },
      reason,
      ip,
      createdAt: now,
    });
    const member = await findUserById(tx, updated.userId);
    return toAdminDeposit(
      updated,
      { id: updated.userId, username: member?.username ?? '', email: member?.email ?? '' },
      now,
    );
  });
}

/** An admin confirms a pending bank transfer: the full amount is credited (external → cash). */
export function adminConfirmDeposit(deps: AppDeps, admin: AuthUser, id: number, ip: string) {
  return adminDecide(
    deps,
    admin,
    id,
    ip,
    (tx, deposit, now) => creditUpTo(tx, deps, deposit, deposit.amount, 'confirmed', now),
    'deposit.confirmed',
  );
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
  const reason = rejectionText('deposits', input.reason_code, input.reason);
  return adminDecide(
    deps,
    admin,
    id,
    ip,
    (tx, deposit, now) => markUnpaid(tx, deps, deposit, 'rejected', now, { rejectionReason: reason }, reason),
    'deposit.rejected',
    { reason_code: input.reason_code ?? null },
    reason,
  );
}

/**
 * Seeds (CONVENTIONS §9): a demo balance is a real bank-transfer deposit, confirmed through the same
 * crediting path as an admin's confirmation, audited as done by the system.
 */
export async function seedConfirmedDeposit(deps: AppDeps, user: AuthUser, cents: number): Promise<Deposit> {
  const created = await createDeposit(deps, user, {
    amount: cents,
    payment_method: 'bank_transfer',
    currency: 'usd',
  });
  const now = deps.clock.now();
  const confirmed = await deps.database.db.transaction(async (tx) => {
    const deposit = await repository.lockDeposit(tx, created.deposit.id);
    if (!deposit) throw new Error('seeded deposit vanished');
    const updated = await creditUpTo(tx, deps, deposit, deposit.amount, 'confirmed', now);
    await recordAudit(tx, {
      actorId: null,
      action: 'deposit.confirmed',
      subjectType: 'deposit',
      subjectId: String(deposit.id),
      before: { status: deposit.status, credited: deposit.credited },
      after: { status: updated.status, credited: updated.credited, seeded: true },
      createdAt: now,
    });
    return updated;
  });
  return toDeposit(confirmed);
}

/** How many deposits are pending (GET /metrics). */
export function pendingDepositCount(deps: Pick<AppDeps, 'database'>): Promise<number> {
  return repository.countPending(deps.database.db);
}
