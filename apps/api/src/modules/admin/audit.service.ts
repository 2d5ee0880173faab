import type { DbOrTx } from '@app/db';
import * as repository from './audit.repository';

export type { AuditEntry } from './audit.repository';

/**
 * The audit log (DESIGN §6 "Admin", decision 121): who (id and admin role) did what to which subject,
 * with before and after, the reason and the IP. Append-only (the database refuses UPDATE and DELETE).
 * Pass the action's transaction as `db`, so the entry commits or rolls back with the action; on an
 * admin route `{...auditActor(request), ...}` (plugins/auth.ts) fills actorId, actorRole and ip.
 * Callers pass facts only: never a password, token, code or secret.
 */
export function recordAudit(db: DbOrTx, entry: repository.AuditEntry): Promise<void> {
  return repository.insertEntry(db, entry);
}

/** Whether this user has signed in from this IP before (a "new sign-in" is one from an unseen IP). */
export function hasSignedInFromIp(db: DbOrTx, userId: number, ip: string, action: string): Promise<boolean> {
  return repository.hasEntryFromIp(db, { subjectType: 'user', subjectId: String(userId), action, ip });
}
