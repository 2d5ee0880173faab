import type { AuthUser, DbOrTx } from '@app/db';
import type { AdminRole } from '@app/shared';
import { recordAudit } from '../audit/audit.service';

/** Who acts in the back office, from where and when: what every audited change carries. */
export interface AdminActor {
  user: AuthUser;
  /** The admin's role when acting (kept in the audit entry). */
  role: AdminRole | null;
  ip: string;
  now: Date;
}

/** One audit row of an admin change (in the change's transaction): what, which object, before and after. */
export function auditChange(
  db: DbOrTx,
  actor: AdminActor,
  action: string,
  subject: { type: string; id: string | number | null },
  before: object | null,
  after: object | null,
): Promise<void> {
  return recordAudit(db, {
    actorId: actor.user.id,
    actorRole: actor.role,
    action,
    subjectType: subject.type,
    subjectId: subject.id === null ? null : String(subject.id),
    before: before as Record<string, unknown> | null,
    after: after as Record<string, unknown> | null,
    ip: actor.ip,
    createdAt: actor.now,
  });
}

/** The fields of `after` whose value differs from `before` (for a readable audit difference). */
export function changedFields<T extends object>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { before: was, after: now };
}
