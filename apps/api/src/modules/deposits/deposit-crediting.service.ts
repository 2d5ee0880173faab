import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx, DepositRow, Tx } from '@app/db';
import { DEPOSIT_MESSAGES, fourEyesWindowStart, type DepositStatus } from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { postEntry, transfer } from '../../ledger/ledger';
import { fieldError, findUserById, lockMemberStatus } from '../auth/account.service';
import { notify } from '../notifications/notifications.service';
import { holdReferrerPoints, rewardReferrer } from '../rewards/rewards.service';
import * as repository from './deposits.repository';
import { collectRefundDebts, reverseCreditedDeposit } from './refunds.service';

/**
 * How money reaches a deposit, or does not (DESIGN §6 "Deposits"): credited up to an amount (a
 * gateway's notification, an admin's confirmation of a bank transfer), marked unpaid (failed, expired,
 * rejected), reversed (decision 155). Each change tells the member, whoever made it.
 */

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
  if (status === 'confirmed' && deposit.status !== 'confirmed') await holdReferrerPoints(tx, deposit.userId);
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
    await rewardReferrer(tx, deps, member, updated, now, (id) => findUserById(tx, id));
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
    | {
        kind: 'credit';
        target: (deposit: DepositRow) => number;
        status: 'confirmed' | 'partially_paid';
        /** Called by the delivery that confirms the deposit (once, inside its transaction). */
        confirmed?: () => void;
      }
    | { kind: 'unpaid'; status: 'failed' | 'expired' }
    | { kind: 'reversed'; refund: boolean }
    | { kind: 'pending' };
  /** Where a reversal that finds nothing to reverse is logged (ids and statuses only). */
  log?: Pick<FastifyBaseLogger, 'warn'> | undefined;
}

/**
 * A verified notification that changed nothing: the operator learns that a gateway says something
 * about a deposit the books do not follow (ids, statuses and the reason only, never personal data).
 */
function logUnapplied(event: GatewayEvent, why: string): void {
  event.log?.warn(
    {
      gateway: event.method,
      deposit_id: event.depositId,
      payment_id: event.paymentId,
      gateway_status: event.gatewayStatus,
      why,
    },
    'gateway notification not applied: check the payment at the gateway',
  );
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

/** The largest id a deposit can have (`deposits.id` is a 32-bit serial). */
const MAX_DEPOSIT_ID = 2_147_483_647;

/**
 * Applies a verified IPN: once per payment whatever the number of deliveries (credits are referenced
 * by their running total), never backwards (ranks), amount and currency checked against the deposit.
 * A deposit a gateway has failed, or that an admin rejected, stays so; a late payment for an expired
 * invoice is still credited (the money did arrive), unless the member's account has closed since (the
 * member's row is held until the commit, so a closing waits for the credit or comes first); a reversal of a credited deposit takes the money
 * back (decision 155), and a refunded deposit is never credited again.
 */
export async function applyGatewayEvent(deps: AppDeps, event: GatewayEvent): Promise<DepositStatus> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    // An id past the serial column's range names no deposit (the database would refuse the number).
    const deposit =
      event.depositId <= MAX_DEPOSIT_ID ? await repository.lockDeposit(tx, event.depositId) : null;
    if (!deposit || deposit.method !== event.method) {
      if (event.outcome.kind === 'reversed' && event.outcome.refund)
        logIgnoredReversal(event, 'unknown deposit');
      else if (event.outcome.kind === 'credit') logUnapplied(event, 'unknown deposit');
      throw AppError.notFound(DEPOSIT_MESSAGES.notFound);
    }
    const mismatch = event.mismatch(deposit);
    if (mismatch) {
      logUnapplied(event, `does not match the deposit: ${mismatch}`);
      throw new AppError('BUSINESS_RULE', `The payment does not match the deposit: ${mismatch}`);
    }
    if (event.outcome.kind === 'reversed') return applyReversal(tx, deps, deposit, event, now);
    // Ends: a failed or rejected deposit stays so, and a refunded one is never credited again.
    if (deposit.status === 'failed' || deposit.status === 'rejected' || deposit.status === 'refunded') {
      if (event.outcome.kind === 'credit')
        logUnapplied(event, `paid after the deposit ended ${deposit.status}`);
      return deposit.status;
    }
    if (event.rank < event.rankOf(deposit.gatewayStatus)) return deposit.status;
    const patch: repository.DepositPatch = {
      gatewayStatus: event.gatewayStatus,
      ...(event.paymentId ? { gatewayPaymentId: event.paymentId } : {}),
    };
    const { outcome } = event;
    if (outcome.kind === 'credit' && (await lockMemberStatus(tx, deposit.userId)) === 'closed') {
      // The money arrived after the member closed the account: no one could spend or withdraw it
      // there, so it is not credited. The deposit keeps the gateway's word and the operator refunds
      // the payment at the gateway (decision 177).
      logUnapplied(event, 'paid after the member closed the account: refund it at the gateway');
      return (await repository.updateDeposit(tx, deposit.id, { ...patch, updatedAt: now })).status;
    }
    if (outcome.kind === 'credit') {
      const target = outcome.target(deposit);
      if (target <= 0 && deposit.credited === 0) {
        return (await repository.updateDeposit(tx, deposit.id, { ...patch, updatedAt: now })).status;
      }
      const updated = await creditUpTo(tx, deps, deposit, target, outcome.status, now, patch);
      if (updated.status === 'confirmed' && deposit.status !== 'confirmed') outcome.confirmed?.();
      return updated.status;
    }
    if (outcome.kind === 'unpaid' && (deposit.status === 'pending' || deposit.status === 'expired')) {
      return (await markUnpaid(tx, deps, deposit, outcome.status, now, patch)).status;
    }
    if (deposit.status === 'confirmed') return deposit.status;
    return (await repository.updateDeposit(tx, deposit.id, { ...patch, updatedAt: now })).status;
  });
}

// ── Expiry ───────────────────────────────────────────────────────────────────────────────────

/**
 * Expires pending gateway deposits older than 24 hours (job deposit-expiry), except those whose payment
 * the gateway reported underway: the member is not told "expired" while their coins are arriving.
 */
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
      if (repository.paymentUnderway(deposit.gatewayStatus)) return;
      await markUnpaid(tx, deps, deposit, 'expired', deps.now);
      expired += 1;
    });
  }
  return expired;
}

// ── An admin's decision (the back office's decision flow, decision 166) ─────────────────────────

/**
 * An admin confirms a locked pending bank transfer: the full amount is credited (external → cash),
 * with the bank's reference of the credit the admin matched (decision 237; none for a demo seed).
 */
export async function confirmBankTransfer(
  tx: Tx,
  deps: Pick<AppDeps, 'mailer'>,
  deposit: DepositRow,
  now: Date,
  bankReference: string | null = null,
): Promise<DepositRow> {
  const matched =
    bankReference === null ? deposit : await repository.updateDeposit(tx, deposit.id, { bankReference });
  return creditUpTo(tx, deps, matched, deposit.amount, 'confirmed', now);
}

/**
 * An admin's evidence for confirming a bank transfer (decision 237): the statement shows the transfer's
 * amount, and its bank reference has confirmed no other transfer. 422 with the field otherwise.
 */
export async function checkBankEvidence(
  tx: Tx,
  deposit: DepositRow,
  evidence: { reference: string; amount: number },
): Promise<void> {
  if (evidence.amount !== deposit.amount) {
    throw fieldError({ amount_received: DEPOSIT_MESSAGES.amountReceivedDiffers });
  }
  if (await repository.bankReferenceTaken(tx, evidence.reference, deposit.id)) {
    throw fieldError({ bank_reference: DEPOSIT_MESSAGES.bankReferenceUsed });
  }
}

/** Cents of bank transfers confirmed to the member in the four-eyes window before `now` (a read, no lock). */
export function bankConfirmedInWindow(db: DbOrTx, userId: number, now: Date): Promise<number> {
  return repository.sumBankConfirmedSince(db, userId, fourEyesWindowStart(now));
}

/**
 * The same, for a decision: read with the member's row held (`FOR NO KEY UPDATE`), so two admins
 * confirming two transfers of one member take turns and the second counts the first's. The row, not
 * the cash account: a member who never had money has no cash account to lock yet, and a member's row
 * comes before the referrer's and before any balance (decision 222).
 */
export async function bankConfirmedInWindowForDecision(tx: Tx, userId: number, now: Date): Promise<number> {
  await lockMemberStatus(tx, userId, 'no key update');
  return repository.sumBankConfirmedSince(tx, userId, fourEyesWindowStart(now));
}

/** Four eyes: an admin's first confirmation of a bank transfer above the threshold; nothing is credited. */
export function recordFirstConfirmation(
  tx: Tx,
  deposit: DepositRow,
  adminId: number,
  now: Date,
  bankReference: string | null,
): Promise<DepositRow> {
  return repository.updateDeposit(tx, deposit.id, {
    firstApprovedBy: adminId,
    firstApprovedAt: now,
    bankReference,
    updatedAt: now,
  });
}

/** An admin rejects a locked pending bank transfer: nothing is credited; the member reads the reason. */
export function rejectBankTransfer(
  tx: Tx,
  deps: Pick<AppDeps, 'mailer'>,
  deposit: DepositRow,
  reason: string,
  now: Date,
): Promise<DepositRow> {
  return markUnpaid(tx, deps, deposit, 'rejected', now, { rejectionReason: reason }, reason);
}
