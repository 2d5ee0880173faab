import { AUTH_MESSAGES, type MessageResponse, type RegisterRequest } from '@app/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import * as account from './account.service';
import { issueEmailOtp, mailEmailOtp } from './email-verification.service';
import { recordSecurityEvent, type RequestMeta } from './security-events';
import { requireUncommonPassword } from '../../lib/password-policy';

/**
 * POST /api/register: a member account (personal or business), a unique referral code, the referrer
 * when a known code is given, and a 6-digit email code. Sign-in is allowed before verification.
 */
export async function register(
  deps: AppDeps,
  input: z.output<typeof RegisterRequest>,
  meta: RequestMeta,
): Promise<MessageResponse> {
  const { db } = deps.database;
  const now = deps.clock.now();
  requireUncommonPassword(input.password, 'password');
  // Checks and the argon2 hash first, outside the transaction; the writes then happen together.
  const prepared = await account.prepareAccount(
    db,
    {
      username: input.username,
      email: input.email,
      password: input.password,
      account_type: input.account_type,
      business_name: input.business_name,
      business_email: input.business_email,
      referral_source: input.referral_source,
      referral_code: input.referral_code,
      language: input.language,
      currency: input.currency,
    },
    now,
  );
  const { user, code } = await db.transaction(async (tx) => {
    const created = await account.insertAccount(tx, prepared, now);
    await recordSecurityEvent(deps, tx, {
      user: created,
      action: 'auth.registered',
      meta,
      after: { account_type: created.accountType, referred_by_id: created.referredById },
    });
    return { user: created, code: await issueEmailOtp(tx, created, now) };
  });
  await mailEmailOtp(deps, user, code);
  return { message: AUTH_MESSAGES.registered };
}
