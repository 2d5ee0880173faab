import type { AuthUser, DbOrTx } from '@app/db';
import type { AppDeps } from '../../deps';
import { addressee, unprovenAddressee, type MailContent } from '../../integrations/mail/mail-content';
import { mailLanguage } from '../../integrations/mail/mail-texts';
import {
  newSignInMail,
  recoveryCodeUsedMail,
  securityNoticeMail,
  type SecurityNotice,
} from '../mail/mail-templates';
import { hasSignedInFromIp, recordAudit } from '../audit/audit.service';

/** Where a request came from: kept in the audit log and told to the user in security mails. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export const SIGN_IN_ACTION = 'auth.login';

/**
 * The audit row of a security event (DESIGN §6): who, what, from where; never a secret. Written in
 * the transaction of the change it records.
 */
export async function recordSecurityEvent(
  deps: AppDeps,
  db: DbOrTx,
  event: {
    user: AuthUser;
    action: string;
    meta: RequestMeta | null;
    actorId?: number | null;
    actorRole?: string | null;
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
  },
): Promise<void> {
  const now = deps.clock.now();
  const byOwner = event.actorId === undefined || event.actorId === event.user.id;
  await recordAudit(db, {
    actorId: event.actorId === undefined ? event.user.id : event.actorId,
    actorRole: byOwner ? event.user.adminRole : (event.actorRole ?? null),
    action: event.action,
    subjectType: 'user',
    subjectId: String(event.user.id),
    before: event.before ?? null,
    after: event.meta?.userAgent
      ? { ...event.after, user_agent: event.meta.userAgent }
      : (event.after ?? null),
    ip: event.meta?.ip ?? null,
    createdAt: now,
  });
}

/** Mails the account's owner: an outbox row of its own, sent after the response with SMTP (decision 209). */
function mailUser(deps: AppDeps, user: AuthUser, content: MailContent): Promise<void> {
  return deps.mailer.send(deps.database.db, { to: user.email, content });
}

/** The mail's facts about the request: when, from which address and device. */
function requestFacts(
  user: AuthUser,
  meta: Pick<RequestMeta, 'userAgent'> & { ip: string | null },
  now: Date,
) {
  // An address nobody proved (a sign-up never confirmed) is greeted by the username alone (decision 185).
  const name = user.emailVerifiedAt ? addressee(user) : unprovenAddressee(user);
  return { name, ip: meta.ip, userAgent: meta.userAgent, at: now };
}

/** Records a successful sign-in; mails the user when it comes from an IP this account never used. */
export async function recordSignIn(
  deps: AppDeps,
  user: AuthUser,
  meta: RequestMeta,
  details: { kind: 'member' | 'admin'; method: 'password' | 'totp' | 'recovery_code' },
): Promise<void> {
  const { db } = deps.database;
  const known = await hasSignedInFromIp(db, user.id, meta.ip, SIGN_IN_ACTION);
  const now = deps.clock.now();
  await recordSecurityEvent(deps, db, {
    user,
    action: SIGN_IN_ACTION,
    meta,
    after: { kind: details.kind, method: details.method, new_ip: !known },
  });
  if (!known) {
    await mailUser(deps, user, newSignInMail(mailLanguage(user.language), requestFacts(user, meta, now)));
  }
  if (details.method === 'recovery_code') {
    await recordSecurityEvent(deps, db, { user, action: 'two_factor.recovery_code_used', meta });
    await mailUser(
      deps,
      user,
      recoveryCodeUsedMail(mailLanguage(user.language), requestFacts(user, meta, now)),
    );
  }
}

/**
 * Mails the account's owner a security notice of a change the platform's staff made (decision 231):
 * when, without the staff member's address or browser.
 */
export function mailStaffNotice(
  deps: AppDeps,
  user: AuthUser,
  now: Date,
  notice: SecurityNotice,
): Promise<void> {
  return mailSecurityNotice(deps, user, { ip: null, userAgent: null }, now, notice);
}

/**
 * Mails the account's owner a plain security notice (password changed, 2FA on/off, new recovery
 * codes): what changed, and when and from where, after the change committed.
 */
export function mailSecurityNotice(
  deps: AppDeps,
  user: AuthUser,
  /** Where the change came from; none for a change the platform's staff made. */
  meta: RequestMeta | { ip: null; userAgent: null },
  now: Date,
  notice: SecurityNotice,
): Promise<void> {
  return mailUser(
    deps,
    user,
    securityNoticeMail(mailLanguage(user.language), { ...requestFacts(user, meta, now), notice }),
  );
}
