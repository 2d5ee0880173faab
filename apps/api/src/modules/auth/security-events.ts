import type { AuthUser, DbOrTx } from '@app/db';
import type { AppDeps } from '../../deps';
import { hasSignedInFromIp, recordAudit } from '../audit/audit.service';

/** Where a request came from: kept in the audit log and told to the user in security mails. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export const SIGN_IN_ACTION = 'auth.login';

export interface SecurityMail {
  subject: string;
  text: string;
}

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

/** Mails the account's owner, after the change committed (an SMTP round trip never holds a transaction). */
function mailUser(deps: AppDeps, user: AuthUser, mail: SecurityMail): Promise<void> {
  return deps.mailer.send(deps.database.db, { to: user.email, subject: mail.subject, text: mail.text });
}

function describeRequest(meta: RequestMeta, now: Date): string {
  return [
    `Time: ${now.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    `IP address: ${meta.ip}`,
    ...(meta.userAgent ? [`Device: ${meta.userAgent}`] : []),
  ].join('\n');
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
    await mailUser(deps, user, {
      subject: 'New sign-in to your account',
      text: [
        `Hello ${user.username},`,
        '',
        'Your account was just signed in to from a device or network we had not seen before.',
        '',
        describeRequest(meta, now),
        '',
        'If this was you, there is nothing to do. If not, change your password now and turn on two-factor authentication.',
      ].join('\n'),
    });
  }
  if (details.method === 'recovery_code') {
    await recordSecurityEvent(deps, db, { user, action: 'two_factor.recovery_code_used', meta });
    await mailUser(deps, user, {
      subject: 'A recovery code was used',
      text: [
        `Hello ${user.username},`,
        '',
        'One of your two-factor recovery codes was just used to sign in. Each code works once.',
        '',
        describeRequest(meta, now),
        '',
        'If this was not you, change your password and regenerate your recovery codes.',
      ].join('\n'),
    });
  }
}

/**
 * Mails the account's owner a plain security notice (password changed, 2FA on/off, new recovery
 * codes): what changed, and when and from where, after the change committed.
 */
export function mailSecurityNotice(
  deps: AppDeps,
  user: AuthUser,
  meta: RequestMeta,
  now: Date,
  notice: { subject: string; what: string },
): Promise<void> {
  return mailUser(deps, user, {
    subject: notice.subject,
    text: [
      `Hello ${user.username},`,
      '',
      notice.what,
      '',
      describeRequest(meta, now),
      '',
      'If this was not you, contact support at once.',
    ].join('\n'),
  });
}
