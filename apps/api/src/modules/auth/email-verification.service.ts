import { mailLanguage } from '../../integrations/mail/mail-texts';
import { verificationMail } from '../mail/mail-templates';
import {
  AUTH_MESSAGES,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_INTERVAL_SECONDS,
  OTP_TTL_MINUTES,
  type MessageResponse,
} from '@app/shared';
import type { AuthUser, DbOrTx } from '@app/db';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { randomDigits, safeEqual, sha256Hex } from '../../lib/crypto';
import { getSettings } from '../settings/settings.service';
import * as account from './account.service';
import * as otps from './email-otp.repository';
import { recordSecurityEvent, type RequestMeta } from './security-events';
import * as throttle from './throttle.service';
import { unprovenAddressee } from '../../integrations/mail/mail-content';

/** Codes are stored as sha256 of the user id and the code: never the code itself. */
const hashOtp = (userId: number, code: string) => sha256Hex(`email-otp:${userId}:${code}`);

/** Stores a new 6-digit code for the user (10 minutes, 5 tries); the previous one stops working. */
export async function issueEmailOtp(db: DbOrTx, user: AuthUser, now: Date): Promise<string> {
  const code = randomDigits(OTP_LENGTH);
  await otps.replaceOtp(db, {
    userId: user.id,
    codeHash: hashOtp(user.id, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_MINUTES * 60_000),
  });
  return code;
}

/** Mails a code, after the code's transaction committed (with SMTP, sent after the response; decision 209). */
export async function mailEmailOtp(deps: AppDeps, user: AuthUser, code: string): Promise<void> {
  const { db } = deps.database;
  const { sitename } = await getSettings(db);
  await deps.mailer.send(db, {
    to: user.email,
    content: verificationMail(mailLanguage(user.language), {
      name: unprovenAddressee(user),
      site: sitename,
      code,
      minutes: OTP_TTL_MINUTES,
    }),
  });
}

/**
 * POST /api/resend-otp: at most once a minute per account, however many requests arrive together, and
 * within the address's budget of mails that reset links and email-change codes share (someone who
 * signed up with a stranger's address cannot fill that mailbox). An unknown address gets the same
 * answer as a known one, and nothing is sent.
 */
export async function resendEmailOtp(deps: AppDeps, email: string): Promise<MessageResponse> {
  const { db } = deps.database;
  const user = await account.findUserByEmail(db, email);
  if (!user) return { message: AUTH_MESSAGES.otpResent };
  if (user.emailVerifiedAt) throw new AppError('BUSINESS_RULE', AUTH_MESSAGES.emailAlreadyVerified);
  const mailing = await throttle.countAttempt(
    db,
    'reset_request',
    [throttle.accountKey(user.email)],
    deps.clock.now(),
  );
  let code: string;
  try {
    code = await issueResentCode(deps, user);
  } catch (error) {
    // Asked again within the minute: no mail, so nothing of the address's budget is used.
    await throttle.releaseAttempt(db, mailing);
    throw error;
  }
  await mailEmailOtp(deps, user, code);
  return { message: AUTH_MESSAGES.otpResent };
}

/**
 * The wait is read and the new code stored with the member's row held: of requests sent together, one
 * mails a code and the others wait, then find it (the clock read once the row is held).
 */
function issueResentCode(deps: AppDeps, user: AuthUser): Promise<string> {
  return deps.database.db.transaction(async (tx) => {
    await account.lockUserById(tx, user.id);
    const now = deps.clock.now();
    const latest = await otps.latestOtp(tx, user.id);
    const waitMs = latest
      ? OTP_RESEND_INTERVAL_SECONDS * 1000 - (now.getTime() - latest.createdAt.getTime())
      : 0;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.otpResendTooSoon(seconds), undefined, seconds);
    }
    return issueEmailOtp(tx, user, now);
  });
}

/**
 * The answer to a code that is used: by a request that arrived with this one (a double-clicked
 * Verify: the email is verified now, and this try is no failure), or replaced by a newer code.
 */
async function usedCode(db: DbOrTx, userId: number, attempt: throttle.CountedAttempt): Promise<AppError> {
  if ((await account.findUserById(db, userId))?.emailVerifiedAt) {
    await throttle.releaseAttempt(db, attempt);
    return new AppError('BUSINESS_RULE', AUTH_MESSAGES.emailAlreadyVerified);
  }
  return new AppError('BUSINESS_RULE', AUTH_MESSAGES.otpInvalid);
}

/**
 * POST /api/verify-otp. Every try is counted before the code is compared (decision 154): first as a
 * failure of the account and the IP (the throttle of DESIGN §6), then as one of the code's 5 tries. A
 * wrong code, an unknown address or a dead code stays counted on the throttle.
 */
export async function verifyEmailOtp(
  deps: AppDeps,
  input: { email: string; otp: string },
  meta: RequestMeta,
): Promise<MessageResponse> {
  const { db } = deps.database;
  const now = deps.clock.now();
  const keys = [throttle.codeKey(input.email), throttle.ipKey(meta.ip)];
  const attempt = await throttle.countAttempt(db, 'otp', keys, now);
  const fail = (message: string) => new AppError('BUSINESS_RULE', message);

  const user = await account.findUserByEmail(db, input.email);
  if (!user) throw fail(AUTH_MESSAGES.otpInvalid);
  if (user.emailVerifiedAt) {
    await throttle.releaseAttempt(db, attempt);
    throw fail(AUTH_MESSAGES.emailAlreadyVerified);
  }
  const otp = await otps.latestOtp(db, user.id);
  if (!otp) throw fail(AUTH_MESSAGES.otpInvalid);
  if (otp.consumedAt) throw await usedCode(db, user.id, attempt);
  if (otp.attempts >= OTP_MAX_ATTEMPTS) throw fail(AUTH_MESSAGES.otpTooManyAttempts);
  if (otp.expiresAt.getTime() <= now.getTime()) throw fail(AUTH_MESSAGES.otpExpired);
  const tries = await otps.claimAttempt(db, otp.id, OTP_MAX_ATTEMPTS);
  if (tries === null) {
    // Spent by requests that arrived with this one, or used meanwhile.
    if ((await otps.findOtp(db, otp.id))?.consumedAt) throw await usedCode(db, user.id, attempt);
    throw fail(AUTH_MESSAGES.otpTooManyAttempts);
  }
  if (!safeEqual(otp.codeHash, hashOtp(user.id, input.otp))) {
    throw fail(tries >= OTP_MAX_ATTEMPTS ? AUTH_MESSAGES.otpTooManyAttempts : AUTH_MESSAGES.otpInvalid);
  }

  const verified = await db.transaction(async (tx) => {
    // The member's row before the code's, as a resend takes them: the two never wait on each other.
    await account.lockUserById(tx, user.id);
    if (!(await otps.consumeOtp(tx, otp.id, now))) return false;
    await account.markEmailVerified(tx, user.id, now);
    await recordSecurityEvent(deps, tx, { user, action: 'auth.email_verified', meta });
    return true;
  });
  // Two requests with the right code at once: the one that did not consume it sees a verified email.
  if (!verified) throw await usedCode(db, user.id, attempt);
  await throttle.attemptSucceeded(db, attempt);
  return { message: AUTH_MESSAGES.otpVerified };
}

/** Drops codes that expired more than a day ago (run by the auth clean-up job). */
export function pruneEmailOtps(db: DbOrTx, now: Date): Promise<void> {
  return otps.deleteOtpsExpiredBefore(db, new Date(now.getTime() - 24 * 3_600_000));
}
