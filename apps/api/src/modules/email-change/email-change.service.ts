import { mailLanguage } from '../../integrations/mail/mail-texts';
import { emailChangeCodeMail, emailChangedMail, emailRestoredMail } from '../mail/mail-templates';
import {
  AUTH_MESSAGES,
  EMAIL_CHANGE_CODE_TTL_MINUTES,
  EMAIL_CHANGE_MAX_ATTEMPTS,
  EMAIL_CHANGE_MESSAGES as MESSAGES,
  EMAIL_CHANGE_UNDO_DAYS,
  OTP_RESEND_INTERVAL_SECONDS,
  type EmailChangeRequest,
  type EmailChangeResponse,
  type MessageResponse,
} from '@app/shared';
import type { AuthUser } from '@app/db';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { randomDigits, randomSecret, safeEqual, sha256Hex } from '../../lib/crypto';
import { uniqueViolation } from '../../lib/db-errors';
import { verifyPassword } from '../../lib/password';
import { getSettings } from '../settings/settings.service';
import {
  fieldError,
  findPasswordHash,
  findUserByEmail,
  heldForUndo,
  lockUserById,
} from '../auth/account.service';
import { recordSecurityEvent, type RequestMeta } from '../auth/security-events';
import * as throttle from '../auth/throttle.service';
import { revokeUserTokens } from '../auth/token.service';
import { dropResetLink } from '../auth/password-reset.service';
import { checkSecondFactor, removeSecondFactor } from '../two-factor/two-factor.service';
import * as repository from './email-change.repository';
import { addressee, unprovenAddressee } from '../../integrations/mail/mail-content';
import { cancelWithdrawalsSince } from '../withdrawals/withdrawals.service';

/** Only hashes are stored (decision 175), salted with the row so a hash is worth nothing elsewhere. */
const hashCode = (userId: number, newEmail: string, code: string) =>
  sha256Hex(`email-change-code:${userId}:${newEmail}:${code}`);
const hashUndo = (id: number, secret: string) => sha256Hex(`email-change-undo:${id}:${secret}`);
const minutes = (n: number) => n * 60_000;

/** A unique-index clash on users.email while writing the address: the field error of a taken address. */
function mapEmailClash(error: unknown): never {
  if (uniqueViolation(error) === 'users_email_unique') throw fieldError({ email: AUTH_MESSAGES.emailTaken });
  throw error;
}

/** A new request replaces a pending one at most once a minute (429 with the seconds to wait). */
function refuseTooSoon(latest: repository.EmailChangeRow | null, now: Date): void {
  if (!latest || latest.confirmedAt) return;
  const waitMs = OTP_RESEND_INTERVAL_SECONDS * 1000 - (now.getTime() - latest.createdAt.getTime());
  if (waitMs <= 0) return;
  const seconds = Math.ceil(waitMs / 1000);
  throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooSoon(seconds), undefined, seconds);
}

/**
 * POST /api/email-change: checks the password (throttled like a password change) and, when 2FA is on,
 * a current code (the 2FA throttle), used in the request's transaction so that a refusal after it
 * (address taken, too soon) leaves the code usable; then mails a 6-digit code to the new address.
 * Nothing about the account changes until the code is confirmed. A new request replaces the pending one, at most once
 * a minute.
 */
export async function requestEmailChange(
  deps: AppDeps,
  user: AuthUser,
  input: EmailChangeRequest,
  meta: RequestMeta,
): Promise<EmailChangeResponse> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const newEmail = input.email.trim().toLowerCase();
  if (newEmail === user.email.toLowerCase()) throw fieldError({ email: MESSAGES.sameAsCurrent });

  const attempt = await throttle.countAttempt(db, 'password', [throttle.userKey(user.id)], now);
  const passwordHash = await findPasswordHash(db, user.id);
  if (passwordHash === null || !(await verifyPassword(passwordHash, input.password))) {
    throw fieldError({ password: MESSAGES.passwordIncorrect });
  }
  await throttle.attemptSucceeded(db, attempt);
  if (user.totpEnabledAt && !input.code) throw fieldError({ code: MESSAGES.twoFactorRequired });
  // Codes mailed to one address share the reset links' budget for it, whoever asks: no one can fill a
  // stranger's mailbox with codes from accounts of their own. Only a code that is mailed stays counted:
  // a request refused below (the address is a member's) must not use up that member's reset links.
  const mailing = await throttle.countAttempt(db, 'reset_request', [throttle.accountKey(newEmail)], now);
  const codeAttempt = user.totpEnabledAt
    ? await throttle.countAttempt(db, 'two_factor', [throttle.userKey(user.id), throttle.ipKey(meta.ip)], now)
    : null;

  const code = randomDigits(6);
  let codeAccepted = false;
  let stored = false;
  try {
    await db.transaction(async (tx) => {
      // The second factor is used inside this transaction, so a refusal below (the address is taken, or
      // asked again too soon) rolls its use back: the TOTP step or recovery code stays usable.
      if (
        codeAttempt &&
        !(await checkSecondFactor(deps, tx, user, input.code ?? '', { allowRecoveryCode: true }))
      )
        throw fieldError({ code: AUTH_MESSAGES.twoFactorInvalid });
      codeAccepted = true;
      if ((await findUserByEmail(tx, newEmail)) || (await heldForUndo(tx, newEmail, now, user.id)))
        throw fieldError({ email: AUTH_MESSAGES.emailTaken });
      refuseTooSoon(await repository.latestRequest(tx, user.id), now);
      await repository.dropPending(tx, user.id);
      await repository.insertRequest(tx, {
        userId: user.id,
        oldEmail: user.email,
        newEmail,
        codeHash: hashCode(user.id, newEmail, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + minutes(EMAIL_CHANGE_CODE_TTL_MINUTES)),
      });
      await recordSecurityEvent(deps, tx, {
        user,
        action: 'auth.email_change_requested',
        meta,
        after: { new_email: newEmail },
      });
    });
    stored = true;
  } finally {
    // A right code is no failure, whether or not the request was then refused.
    if (codeAttempt && codeAccepted) await throttle.attemptSucceeded(db, codeAttempt);
    if (!stored) await throttle.releaseAttempt(db, mailing);
  }
  const { sitename } = await getSettings(db);
  await deps.mailer.send(db, {
    to: newEmail,
    content: emailChangeCodeMail(mailLanguage(user.language), {
      name: unprovenAddressee(user),
      site: sitename,
      code,
      minutes: EMAIL_CHANGE_CODE_TTL_MINUTES,
    }),
  });
  return { message: MESSAGES.codeSent, email: newEmail };
}

/**
 * POST /api/email-change/confirm: the code of the member's pending request (5 tries, 30 minutes, also
 * under the code throttle). On success the address changes (the database's unique index has the last
 * word), the new address counts as verified, and the old address gets an undo link valid 7 days.
 */
export async function confirmEmailChange(
  deps: AppDeps,
  user: AuthUser,
  code: string,
  meta: RequestMeta,
): Promise<EmailChangeResponse> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const attempt = await throttle.countAttempt(db, 'otp', [throttle.userKey(user.id)], now);
  const pending = await repository.latestRequest(db, user.id);
  if (!pending || pending.confirmedAt) {
    await throttle.releaseAttempt(db, attempt);
    throw fieldError({ code: MESSAGES.noPendingChange });
  }
  // Every try counts against the request's own limit, right or wrong, claimed before the comparison.
  const claimed = await repository.claimTry(db, pending.id, EMAIL_CHANGE_MAX_ATTEMPTS, now);
  const usable = claimed && pending.oldEmail === user.email;
  if (!usable || !safeEqual(pending.codeHash, hashCode(user.id, pending.newEmail, code))) {
    throw fieldError({ code: MESSAGES.codeInvalid });
  }
  const secret = randomSecret(32);
  // An old address nobody ever proved gets no undo link: it would hand the account to whoever holds
  // that mailbox (a mistyped address at sign-up). A verified one can take the change back (decision 175).
  const undoable = user.emailVerifiedAt !== null;
  const changed = await db
    .transaction(async (tx) => {
      const claimed = await repository.confirm(tx, pending.id, {
        confirmedAt: now,
        undoTokenHash: undoable ? hashUndo(pending.id, secret) : null,
        undoExpiresAt: undoable ? new Date(now.getTime() + EMAIL_CHANGE_UNDO_DAYS * 24 * minutes(60)) : null,
        oldEmailVerifiedAt: user.emailVerifiedAt,
      });
      if (!claimed) return null;
      const updated = await repository.setEmail(tx, user.id, pending.oldEmail, pending.newEmail, now);
      if (!updated) return null;
      // A reset link mailed to the old address must not set a password any more.
      await dropResetLink(tx, user.id);
      await recordSecurityEvent(deps, tx, {
        user,
        action: 'auth.email_changed',
        meta,
        before: { email: pending.oldEmail },
        after: { email: pending.newEmail },
      });
      return updated;
    })
    .catch(mapEmailClash);
  if (!changed) throw fieldError({ code: MESSAGES.codeInvalid });
  await throttle.attemptSucceeded(db, attempt);
  if (!undoable) return { message: MESSAGES.changed, email: changed.email };
  const link = `${deps.config.appUrl}/email-change/undo?token=${encodeURIComponent(`${pending.id}.${secret}`)}`;
  // To the old address: the notice and the way back.
  await deps.mailer.send(db, {
    to: user.email,
    content: emailChangedMail(mailLanguage(user.language), {
      name: addressee(user),
      newEmail: pending.newEmail,
      oldEmail: pending.oldEmail,
      days: EMAIL_CHANGE_UNDO_DAYS,
      link,
      ip: meta.ip,
      userAgent: meta.userAgent,
      at: now,
    }),
  });
  return { message: MESSAGES.changed, email: changed.email };
}

/**
 * POST /api/email-change/undo: the link from the old address (no sign-in needed: whoever changed the
 * address may hold the sessions). Restores the old address, revokes every token of the member and
 * drops any pending change; a wrong, expired or used link changes nothing.
 */
export async function undoEmailChange(
  deps: AppDeps,
  token: string,
  meta: RequestMeta,
): Promise<MessageResponse> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const invalid = () => fieldError({ token: MESSAGES.undoInvalid });
  const attempt = await throttle.countAttempt(db, 'password', [throttle.ipKey(meta.ip)], now);
  const match = /^(\d{1,10})\.(\S+)$/.exec(token);
  if (!match) throw invalid();
  const id = Number(match[1]);
  // The row id is an int4: a larger number is no link of ours (and would fail in the database: a 500).
  if (id < 1 || id > 2_147_483_647) throw invalid();
  const row = await repository.findById(db, id);
  if (
    !row?.undoTokenHash ||
    !row.undoExpiresAt ||
    row.undoneAt ||
    !safeEqual(row.undoTokenHash, hashUndo(id, match[2] ?? '')) ||
    row.undoExpiresAt.getTime() <= now.getTime()
  ) {
    throw invalid();
  }
  const restored = await db
    .transaction(async (tx) => {
      // The member's row first, as closing locks it: an undo and a closing take turns.
      const owner = await lockUserById(tx, row.userId);
      if (!owner || owner.closedAt !== null) return null;
      if (!(await repository.markUndone(tx, id, now))) return null;
      const user = await repository.restoreEmail(tx, row.userId, row.oldEmail, row.oldEmailVerifiedAt, now);
      if (!user) return null;
      await repository.dropPending(tx, row.userId);
      await repository.endLaterUndoLinks(tx, row.userId, id);
      // A second factor turned on since the change was turned on by whoever held the account then.
      const takersFactor =
        owner.totpEnabledAt !== null && row.confirmedAt !== null && owner.totpEnabledAt > row.confirmedAt;
      if (takersFactor) await removeSecondFactor(tx, row.userId, now);
      // Every session ends first: a withdrawal's request holds its session until it commits, so one
      // in flight is waited for and cancelled below, and one after finds its session ended.
      await revokeUserTokens(tx, row.userId, now);
      // Withdrawals asked and destinations saved since the change was asked: perhaps the taker's, to be paid.
      const taken = await cancelWithdrawalsSince(deps, tx, user, row.createdAt, {
        ip: meta.ip,
        now,
      });
      // A reset link mailed to the address being undone (perhaps a taker's) must not set a password.
      await dropResetLink(tx, row.userId);
      await recordSecurityEvent(deps, tx, {
        user,
        action: 'auth.email_change_undone',
        meta,
        before: { email: row.newEmail },
        after: {
          email: row.oldEmail,
          ...(takersFactor ? { two_factor_removed: true } : {}),
          ...(taken.withdrawals > 0 ? { withdrawals_cancelled: taken.withdrawals } : {}),
          ...(taken.destinations > 0 ? { destinations_forgotten: taken.destinations } : {}),
        },
      });
      return user;
    })
    .catch(mapEmailClash);
  if (!restored) throw invalid();
  await throttle.attemptSucceeded(db, attempt);
  await deps.mailer.send(db, {
    to: restored.email,
    content: emailRestoredMail(mailLanguage(restored.language), {
      name: restored.username,
      oldEmail: row.oldEmail,
      ip: meta.ip,
      userAgent: meta.userAgent,
      at: now,
    }),
  });
  return { message: MESSAGES.undone };
}
