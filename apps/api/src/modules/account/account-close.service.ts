import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  DEPOSIT_LATE_PAYMENT_DAYS,
  MIN_POINTS_TO_REDEEM,
  MIN_WITHDRAWAL_CENTS,
  convertPointsToCents,
  type CloseAccountResponse,
} from '@app/shared';
import type { AuthUser, Tx, UserRow } from '@app/db';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { lockBalances } from '../../ledger/ledger';
import { encryptSecret } from '../../lib/crypto';
import { hashPassword, verifyPassword } from '../../lib/password';
import { fieldError, findPasswordHash } from '../auth/account.service';
import { mailSecurityNotice, recordSecurityEvent, type RequestMeta } from '../auth/security-events';
import * as throttle from '../auth/throttle.service';
import { revokeUserTokens } from '../auth/token.service';
import { closeVerification } from '../kyc/kyc-closing';
import { openPersonal } from '../profile/profile-sealing';
import { pauseMemberGoals } from '../goals/goal-lifecycle.service';
import { getSettings } from '../settings/settings.service';
import { checkSecondFactor } from '../two-factor/two-factor.service';
import * as repository from './account.repository';
import { closedIdentityContext } from './closed-identity';

/** The first reason the member cannot close yet, in the order a member would deal with them. */
function refusal(
  balances: Map<string, number>,
  open: Awaited<ReturnType<typeof repository.openItems>>,
  pointsWorthCents: number,
) {
  const of = (kind: string) => balances.get(kind) ?? 0;
  if (open.withdrawal || of('withdrawal_hold') !== 0) return ACCOUNT_MESSAGES.pendingWithdrawal;
  if (open.deposit) return ACCOUNT_MESSAGES.pendingDeposit;
  if (open.latePayment) return ACCOUNT_MESSAGES.latePayment;
  if (open.loan || of('loan') !== 0) return ACCOUNT_MESSAGES.outstandingLoan;
  if (open.flexiblePlan) return ACCOUNT_MESSAGES.openFlexiblePlan;
  if (open.plan || of('invested') !== 0) return ACCOUNT_MESSAGES.openPlan;
  if (of('cash') < 0 || of('debt') !== 0) return ACCOUNT_MESSAGES.balanceOwed;
  if (pointsWorthCents > 0) return ACCOUNT_MESSAGES.pointsLeft;
  // Only cash a withdrawal could take out stops the closing: under the minimum withdrawal it stays
  // in the ledger in the member's name (decision 177, amended 2026-12-03).
  if (of('cash') >= MIN_WITHDRAWAL_CENTS) return ACCOUNT_MESSAGES.balanceLeft;
  return null;
}

/** What the sealed identity keeps of a closing member: their names, addresses and profile fields. */
async function identityOf(deps: AppDeps, tx: Tx, row: UserRow) {
  const profile = await repository.findProfile(tx, row.id);
  return {
    email: row.email,
    username: row.username,
    business_name: row.businessName,
    business_email: row.businessEmail,
    country: profile?.country ?? null,
    ...openPersonal(deps.appKey, row.id, profile?.personalEnc ?? null),
  };
}

/**
 * POST /api/account/close (decision 177): the password (throttled like a sign-in) and, with 2FA on, a
 * code; then in one transaction, with the member's row and ledger accounts locked: refused (409, the
 * reason and the way forward) while money or anything open remains; otherwise the account is closed,
 * its identity replaced by a tombstone and sealed until the retention period ends, every session
 * ended. No ledger entry is touched. A refusal rolls back the second factor it used.
 */
export async function closeAccount(
  deps: AppDeps,
  user: AuthUser,
  input: { password: string; code?: string | undefined },
  meta: RequestMeta,
): Promise<CloseAccountResponse> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const attempt = await throttle.countAttempt(db, 'password', [throttle.userKey(user.id)], now);
  const passwordHash = await findPasswordHash(db, user.id);
  if (passwordHash === null) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  if (!(await verifyPassword(passwordHash, input.password))) {
    throw fieldError({ password: ACCOUNT_MESSAGES.passwordIncorrect });
  }
  await throttle.attemptSucceeded(db, attempt);
  const twoFactorOn = user.totpEnabledAt !== null;
  if (twoFactorOn && !input.code) throw fieldError({ code: ACCOUNT_MESSAGES.codeRequired });
  const codeAttempt = twoFactorOn
    ? await throttle.countAttempt(db, 'two_factor', [throttle.userKey(user.id), throttle.ipKey(meta.ip)], now)
    : null;
  const settings = await getSettings(db);
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const retainUntil = new Date(now);
  retainUntil.setUTCFullYear(retainUntil.getUTCFullYear() + settings.account_retention_years);

  let codeAccepted = false;
  // Cash under the minimum withdrawal left on the closed account (decision 177).
  let leftOnRecord = false;
  const closing = db.transaction(async (tx) => {
    const row = await repository.lockMember(tx, user.id);
    if (!row || row.status !== 'active') throw new AppError('UNAUTHENTICATED', 'Not authenticated');
    if (
      twoFactorOn &&
      !(await checkSecondFactor(deps, tx, user, input.code ?? '', { allowRecoveryCode: true }))
    ) {
      throw fieldError({ code: ACCOUNT_MESSAGES.codeInvalid });
    }
    codeAccepted = true;
    // Every session ends before the balances are taken, as an email change's undo does: a withdrawal's
    // request holds its session from the start and then the cash account (decision 175), so ending
    // the sessions after the balances would wait for it while it waited for them. Refused below, the
    // closing rolls this back with the rest.
    await revokeUserTokens(tx, user.id, now);
    // The goals before the balances, in the goal-contribution job's order (goals, then cash).
    await pauseMemberGoals(tx, user.id, now);
    const balances = await lockBalances(tx, user.id, ['cash', 'invested', 'withdrawal_hold', 'loan', 'debt']);
    const lateSince = new Date(now.getTime() - DEPOSIT_LATE_PAYMENT_DAYS * 24 * 60 * 60_000);
    // Points that a redemption would turn into cash are the member's money too (decision 177).
    const redeemable = row.loyaltyPoints >= MIN_POINTS_TO_REDEEM ? row.loyaltyPoints : 0;
    const pointsWorth = convertPointsToCents(redeemable, settings.points_per_dollar).cents;
    const reason = refusal(balances, await repository.openItems(tx, user.id, lateSince), pointsWorth);
    if (reason) throw new AppError('CONFLICT', reason);
    leftOnRecord = (balances.get('cash') ?? 0) > 0;
    const identity = await identityOf(deps, tx, row);
    const tombstone = `closed-${user.id}-${randomBytes(6).toString('hex')}`;
    const updated = await repository.closeMember(tx, user.id, {
      email: `${tombstone}@closed.invalid`,
      username: tombstone,
      passwordHash: unusable,
      sealed: encryptSecret(deps.appKey, JSON.stringify(identity), closedIdentityContext(user.id)),
      now,
      retainUntil,
      previousEmail: row.email,
    });
    await closeVerification(tx, user.id);
    await recordSecurityEvent(deps, tx, { user, action: 'account.closed', meta });
    return updated;
  });
  // A right code is no failure, whether or not the closing was then refused.
  const closed = await closing.finally(async () => {
    if (codeAttempt && codeAccepted) await throttle.attemptSucceeded(db, codeAttempt);
  });
  // To the address the member had: the row now holds the tombstone.
  await mailSecurityNotice(deps, user, meta, now, 'account_closed');
  return {
    message: leftOnRecord ? ACCOUNT_MESSAGES.closedSmallBalance : ACCOUNT_MESSAGES.closed,
    closed_at: (closed.closedAt ?? now).toISOString(),
    retain_until: retainUntil.toISOString(),
  };
}
