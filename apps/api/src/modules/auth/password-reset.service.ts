import { mailLanguage } from '../../integrations/mail/mail-texts';
import { passwordResetMail } from '../mail/mail-templates';
import { type MessageResponse } from '@app/shared';
import { emailChanges, users, type DbOrTx, type Tx, type UserRow } from '@app/db';
import { and, eq, isNotNull } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppDeps } from '../../deps';
import { hashPassword } from '../../lib/password';
import { randomSecret, sha256Hex } from '../../lib/crypto';
import { getSettings } from '../settings/settings.service';
import { fieldError, findUserByEmail, storePasswordHash } from './account.service';
import { mailSecurityNotice, recordSecurityEvent, type RequestMeta } from './security-events';
import * as links from './reset-link.repository';
import * as throttle from './throttle.service';
import { revokeUserTokens } from './token.service';
import { removeSecondFactor } from '../two-factor/two-factor.service';
import { forgetDestinations } from '../withdrawals/destinations.service';
import { addressee, unprovenAddressee } from '../../integrations/mail/mail-content';
import { requireUncommonPassword } from '../../lib/password-policy';

/**
 * Decision 172: links live 60 minutes and only their sha256 is stored. Decision 238: every link mailed
 * within its hour works until one of them sets a password.
 */
export const RESET_TOKEN_TTL_MINUTES = 60;
export const RESET_MESSAGES = {
  sent: 'If an account exists for that address, we have emailed a password reset link.',
  reset: 'Your password has been reset. Please sign in.',
  invalid: 'This password reset link is invalid or has expired. Please ask for a new one.',
};

const hashToken = (userId: number, token: string) => sha256Hex(`password-reset:${userId}:${token}`);

/**
 * Every answer of POST /api/forgot-password takes at least this long (decision 172): a member's
 * address costs a token and a mail more than an unknown one (about 7 ms), which its answer's time
 * would otherwise tell.
 */
export const FORGOT_PASSWORD_MIN_ANSWER_MS = 250;

/**
 * POST /api/forgot-password: the same answer, in the same time, whether or not the account exists (no
 * enumeration); every request is counted per address and per IP on its own throttle scope, so the
 * mailbox cannot be flooded and the member's reset tries are not used up. Admins get no link (a
 * superadmin resets an admin).
 */
export async function forgotPassword(
  deps: AppDeps,
  email: string,
  meta: RequestMeta,
): Promise<MessageResponse> {
  const started = performance.now();
  try {
    return await mailResetLink(deps, email, meta);
  } finally {
    await sleep(Math.max(0, started + FORGOT_PASSWORD_MIN_ANSWER_MS - performance.now()));
  }
}

async function mailResetLink(deps: AppDeps, email: string, meta: RequestMeta): Promise<MessageResponse> {
  const { db } = deps.database;
  const now = deps.clock.now();
  // Counted and left counted: 10 links per address and 50 per IP in 15 minutes.
  const keys = [throttle.accountKey(email), throttle.ipKey(meta.ip)];
  await throttle.countAttempt(db, 'reset_request', keys, now);
  const user = await findUserByEmail(db, email);
  if (!user || user.role !== 'member') return { message: RESET_MESSAGES.sent };
  await sendResetLink(deps, db, user, now);
  return { message: RESET_MESSAGES.sent };
}

/**
 * Stores a new reset link for the member (the earlier ones stay live, decision 238) and mails it, in
 * the caller's transaction when it has one (the mail is written with the change, decision 209).
 */
export async function sendResetLink(
  deps: AppDeps,
  db: DbOrTx,
  user: Pick<
    UserRow,
    'id' | 'email' | 'username' | 'language' | 'accountType' | 'businessName' | 'emailVerifiedAt'
  >,
  now: Date,
): Promise<void> {
  const token = randomSecret(32);
  await links.storeResetLink(db, {
    userId: user.id,
    tokenHash: hashToken(user.id, token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
  });
  const { sitename } = await getSettings(db);
  const link = `${deps.config.appUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  await deps.mailer.send(db, {
    to: user.email,
    content: passwordResetMail(mailLanguage(user.language), {
      // An address nobody proved (a sign-up never confirmed) is greeted by the username alone: the
      // business name is its author's free text (decision 185).
      name: user.emailVerifiedAt ? addressee(user) : unprovenAddressee(user),
      site: sitename,
      link,
      minutes: RESET_TOKEN_TTL_MINUTES,
    }),
  });
}

/**
 * Ends the reset links mailed earlier: the password or the address they were sent for has changed
 * since, so they must not set a password any more (they stay usable for an hour otherwise).
 */
export function dropResetLink(db: DbOrTx, userId: number): Promise<void> {
  return links.dropResetLinks(db, userId);
}

/** Drops links that expired more than a day ago (run by the auth clean-up job). */
export async function pruneResetLinks(db: DbOrTx, now: Date): Promise<void> {
  await links.resetLinksPrune(db, new Date(now.getTime() - 24 * 3_600_000));
}

/**
 * Whether the account has never proven an address: its own is not verified, and no change of address
 * was ever confirmed (a confirmed change proved the new address, so an unverified address now is one
 * an undo put back, not a sign-up nobody proved).
 */
async function neverProven(tx: Tx, user: { id: number; emailVerifiedAt: Date | null }): Promise<boolean> {
  if (user.emailVerifiedAt !== null) return false;
  const [confirmed] = await tx
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, user.id), isNotNull(emailChanges.confirmedAt)))
    .limit(1);
  return !confirmed;
}

/**
 * A reset of an account that never proved an address: the link proves it, so its owner takes the
 * account over from whoever signed up with it. The address counts as verified, the second factor
 * that person set is removed (an impostor's authenticator must not lock the owner out), and so are
 * the withdrawal destinations they saved (decision 172, amended). The referrer stays: taking it away here would leave a later reversal of a deposit's
 * reward without the referrer's lock it takes first (decision 222).
 */
async function takeOverUnproven(tx: Tx, userId: number, now: Date): Promise<void> {
  await removeSecondFactor(tx, userId, now);
  // Payout details whoever signed up saved would otherwise be listed to the owner as their own.
  await forgetDestinations(tx, userId);
  await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * POST /api/reset-password: a used, expired, wrong or another member's token changes nothing (422 with
 * a field error on `token`). On success the password is stored, every token of the member is revoked,
 * and a notice is mailed. Two-factor stays on: the next sign-in still asks for it, unless the address
 * had never been verified (`takeOverUnproven`).
 */
export async function resetPassword(
  deps: AppDeps,
  input: { token: string; email: string; password: string },
  meta: RequestMeta,
): Promise<MessageResponse> {
  const { db } = deps.database;
  const now = deps.clock.now();
  // Per address only: a token is 256 random bits, nothing to guess, and a count per account would let a
  // stranger keep its owner from the reset that lifts a lock (decision 236).
  const attempt = await throttle.countAttempt(db, 'password', [throttle.ipKey(meta.ip)], now);
  const invalid = () => fieldError({ token: RESET_MESSAGES.invalid });
  const user = await findUserByEmail(db, input.email);
  if (!user || user.role !== 'member') throw invalid();
  const tokenHash = hashToken(user.id, input.token);
  if (!(await links.liveResetLink(db, user.id, tokenHash, now))) throw invalid();
  requireUncommonPassword(input.password, 'password');
  const newHash = await hashPassword(input.password);
  const done = await db.transaction(async (tx) => {
    // Ends every link of the member; goes on only when this one was still among them.
    if (!(await links.takeResetLinks(tx, user.id, tokenHash, now))) return false;
    await storePasswordHash(tx, user.id, newHash, now);
    if (await neverProven(tx, user)) await takeOverUnproven(tx, user.id, now);
    await revokeUserTokens(tx, user.id, now);
    await recordSecurityEvent(deps, tx, { user, action: 'auth.password_reset', meta });
    // The mailbox is proven: a code or second factor locked by the ceiling opens again (decision 236).
    await throttle.forgetAccountFailures(tx, { email: user.email, userId: user.id });
    return true;
  });
  if (!done) throw invalid();
  await throttle.attemptSucceeded(db, attempt);
  await mailSecurityNotice(deps, user, meta, now, 'password_reset');
  return { message: RESET_MESSAGES.reset };
}
