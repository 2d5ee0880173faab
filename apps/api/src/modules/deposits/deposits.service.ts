import { randomInt } from 'node:crypto';
import { type AuthUser, type DbOrTx, type DepositRow, type Tx } from '@app/db';
import {
  CANCEL_MESSAGES,
  DEPOSIT_MESSAGES,
  alreadyDecidedMessage,
  type CancelDepositResponse,
  type DepositBankDetailsResponse,
  REFERRAL_CODE_ALPHABET,
  centsToMajor,
  type CreateDepositResponse,
  type Deposit,
  type DepositListResponse,
} from '@app/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { GatewayError } from '../../integrations/payments/gateway';
import { accountFigures } from '../../ledger/ledger';
import { pageMeta } from '../../lib/paging';
import { holdActiveMember } from '../auth/account.service';
import { recordAudit } from '../audit/audit.service';
import { getSettings } from '../settings/settings.service';
import { confirmBankTransfer } from './deposit-crediting.service';
import { recordMemberCancel } from '../notifications/member-cancel';
import * as repository from './deposits.repository';

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
  const reference = await newReference(deps);
  const deposit = await db.transaction(async (tx) => {
    // Not on an account that is closing or closed: no money may arrive where nobody can take it out.
    await holdActiveMember(tx, user.id);
    return repository.insertDeposit(tx, {
      userId: user.id,
      amount: input.amount,
      method: input.payment_method,
      currency: input.currency,
      status: 'pending',
      reference,
      expiresAt: gatewayMethod ? new Date(now.getTime() + GATEWAY_DEPOSIT_TTL_MS) : null,
      createdAt: now,
      updatedAt: now,
    });
  });

  if (!gatewayMethod) {
    return {
      message: DEPOSIT_MESSAGES.createdBank,
      deposit: toDeposit(deposit),
      payment_url: null,
      bank_details: await bankDetails(db, deposit),
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
    // The deposit failed; the error handler answers 503 and logs the gateway's reason.
    if (error instanceof GatewayError)
      await repository.updateDeposit(db, deposit.id, { status: 'failed', updatedAt: now });
    throw error;
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

/** The platform's bank account (settings) and the deposit's reference: where to send the transfer. */
async function bankDetails(db: DbOrTx, deposit: DepositRow) {
  const settings = await getSettings(db);
  return {
    bank_name: settings.deposit_bank_name,
    account_number: settings.deposit_bank_account_number,
    routing_number: settings.deposit_bank_routing_number,
    reference: deposit.reference,
  };
}

/**
 * GET /api/deposits/:id/bank-details: the bank details of the member's pending bank transfer, shown
 * again until it is confirmed or cancelled (decision 174); 409 once it is not pending.
 */
export async function depositBankDetails(
  deps: AppDeps,
  userId: number,
  id: number,
): Promise<DepositBankDetailsResponse> {
  const { db } = deps.database;
  const row = await repository.findUserDeposit(db, userId, id);
  if (!row) throw AppError.notFound(DEPOSIT_MESSAGES.notFound);
  if (row.method !== 'bank_transfer') throw new AppError('BUSINESS_RULE', CANCEL_MESSAGES.noBankDetails);
  if (row.status !== 'pending') throw new AppError('CONFLICT', alreadyDecidedMessage('deposit', row.status));
  return { deposit: toDeposit(row), bank_details: await bankDetails(db, row) };
}

/**
 * POST /api/deposits/:id/cancel (decision 174): the member takes back a pending bank transfer (a
 * gateway deposit ends at the gateway) until an admin has matched it on the bank statement. Nothing was credited, so no money moves; the row is locked
 * FOR UPDATE as the back office's confirmation locks it: whoever comes first wins, the other a 409.
 */
export async function cancelDeposit(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  ip: string,
): Promise<CancelDepositResponse> {
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    const row = await repository.lockDeposit(tx, id);
    if (!row || row.userId !== user.id) throw AppError.notFound(DEPOSIT_MESSAGES.notFound);
    if (row.method !== 'bank_transfer') throw new AppError('BUSINESS_RULE', CANCEL_MESSAGES.onlyBankTransfer);
    if (row.status !== 'pending')
      throw new AppError('CONFLICT', alreadyDecidedMessage('deposit', row.status));
    // A first confirmation records the bank statement's line (decision 237): the money has arrived, and
    // a cancel now would leave it at the bank with nothing to credit it.
    if (row.firstApprovedBy !== null) throw new AppError('CONFLICT', CANCEL_MESSAGES.depositMatched);
    const updated = await repository.updateDeposit(tx, row.id, { status: 'cancelled', updatedAt: now });
    await recordMemberCancel(
      tx,
      deps,
      {
        user,
        subjectType: 'deposit',
        subjectId: row.id,
        action: 'deposit.cancelled',
        before: { status: row.status, credited: row.credited },
        after: { status: updated.status, credited: updated.credited },
        ip,
        notice: {
          kind: 'deposit_cancelled',
          message: { key: 'deposit_cancelled', params: { reference: row.reference, amount: row.amount } },
          reference: `deposit:${row.id}:cancelled`,
        },
      },
      now,
    );
    return { message: CANCEL_MESSAGES.depositCancelled, deposit: toDeposit(updated) };
  });
}

export async function getDeposit(deps: AppDeps, userId: number, id: number): Promise<Deposit> {
  const row = await repository.findUserDeposit(deps.database.db, userId, id);
  if (!row) throw AppError.notFound(DEPOSIT_MESSAGES.notFound);
  return toDeposit(row);
}

/** GET /api/deposits/total: what reached the balance through deposits (the ledger's figure). */
export async function depositTotal(deps: AppDeps, userId: number): Promise<{ total_deposits: number }> {
  const figures = await accountFigures(deps.database.db, userId);
  return { total_deposits: centsToMajor(figures.totalDeposit) };
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
    const updated = await confirmBankTransfer(tx, deps, deposit, now);
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

/** One deposit, any member's (the back office reads it). */
export function findDeposit(db: DbOrTx, id: number): Promise<DepositRow | null> {
  return repository.findDeposit(db, id);
}

/** One deposit locked FOR UPDATE in the caller's transaction (the back office decides on it). */
export function lockDeposit(tx: Tx, id: number): Promise<DepositRow | null> {
  return repository.lockDeposit(tx, id);
}
