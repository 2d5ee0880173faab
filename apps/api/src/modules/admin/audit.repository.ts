import { and, eq } from 'drizzle-orm';
import { auditLog, type DbOrTx } from '@app/db';

export interface AuditEntry {
  actorId: number | null;
  /** The actor's admin role at the time (superadmin, finance, support); null for members and the system. */
  actorRole?: string | null;
  action: string;
  subjectType: string;
  subjectId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Why: the reason an admin gave (from a list and/or free text). */
  reason?: string | null;
  ip?: string | null;
  createdAt: Date;
}

export async function insertEntry(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    actorRole: entry.actorRole ?? null,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
    ip: entry.ip ?? null,
    createdAt: entry.createdAt,
  });
}

/** True when the subject has an entry of this action from this IP (uses audit_log_subject_idx). */
export async function hasEntryFromIp(
  db: DbOrTx,
  where: { subjectType: string; subjectId: string; action: string; ip: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectType, where.subjectType),
        eq(auditLog.subjectId, where.subjectId),
        eq(auditLog.action, where.action),
        eq(auditLog.ip, where.ip),
      ),
    )
    .limit(1);
  return Boolean(row);
}
